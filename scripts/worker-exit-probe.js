// How long each Jest worker takes to end, and what it holds when Jest asks it to (docs/development.md,
// "One n8n install for every suite"). Not part of any test run; load it into the workers:
//   NODE_OPTIONS="--require ./scripts/worker-exit-probe.js" npm run test:fast
// then read .cache/worker-exit/<pid>.log: the worker's memory and live resources at Jest's last
// message, the moment its 'exit' event fired and (from a watcher process) the moment it was gone.
// Jest kills a test worker that is not gone 500 ms after that message. The first logs, of workers
// with a heap of a few MB, are Jest's file-map workers, which end as the run starts.
const { spawn } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');

const CHILD_MESSAGE_END = 2; // jest-worker's message that asks a worker to end

if (process.send && process.env.JEST_WORKER_ID) {
	const dir = path.join(__dirname, '..', '.cache', 'worker-exit');
	const out = path.join(dir, `${process.pid}.log`);
	const log = (line) => fs.writeFileSync(out, `${line}\n`, { flag: 'a' });
	const onMessage = (message) => {
		if (!Array.isArray(message) || message[0] !== CHILD_MESSAGE_END) return;
		// a listener of ours would keep the IPC channel, and so the worker, alive
		process.removeListener('message', onMessage);
		fs.mkdirSync(dir, { recursive: true });
		const { rss, heapUsed } = process.memoryUsage();
		const resources = process.getActiveResourcesInfo().reduce((n, r) => ({ ...n, [r]: (n[r] ?? 0) + 1 }), {});
		log(`end ${Date.now()} rss ${Math.round(rss / 1e6)} MB heapUsed ${Math.round(heapUsed / 1e6)} MB resources ${JSON.stringify(resources)}`);
		// `kill -0` succeeds until the parent reaps the process: "gone" is when Jest saw it end
		spawn('sh', ['-c', `while kill -0 ${process.pid} 2>/dev/null; do sleep 0.005; done; echo "gone $(date +%s%3N)" >> '${out}'`], { detached: true, stdio: 'ignore' }).unref();
		process.on('exit', () => log(`exit ${Date.now()}`));
	};
	process.on('message', onMessage);
}
