/**
 * `npm start` (after scripts/start.js has installed and built): the sandbox until Ctrl-C.
 * Ports: N8N_PORT (default 5678), FAKE_API_PORT (4010); data folder: SANDBOX_DIR (.cache/sandbox).
 */
import { banner, startSandbox, type Sandbox } from './lib/sandbox';

const say = (line: string) => console.log(`[sandbox] ${line}`);

async function main() {
	let sandbox: Sandbox | undefined;
	let stopping = false;
	const stop = async (code: number) => {
		if (stopping) return;
		stopping = true;
		say('stopping n8n and the fake API...');
		await sandbox?.stop();
		say('stopped; nothing left running.');
		process.exit(code);
	};
	process.on('SIGINT', () => void stop(0));
	process.on('SIGTERM', () => void stop(0));

	try {
		sandbox = await startSandbox({
			dir: process.env.SANDBOX_DIR || undefined,
			n8nPort: Number(process.env.N8N_PORT ?? 5678),
			apiPort: Number(process.env.FAKE_API_PORT ?? 4010),
			build: false,
			log: say,
		});
	} catch (error) {
		console.error(`[sandbox] could not start: ${(error as Error).message}`);
		process.exit(1);
	}
	if (stopping) return;
	console.log(banner(sandbox));
	say('ready');
}

void main();
