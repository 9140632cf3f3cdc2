import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { KEYS } from '../../fake-api';
import { freePort, ROOT, waitFor, type N8n } from '../../scripts/lib/n8n';
import { CAPPED_CREDENTIAL_NAME, loadExamples, OPENAI_CREDENTIAL_NAME, UNCAPPED_CREDENTIAL_NAME } from '../../sandbox/setup';
import { HEAVY_SUITE_WAIT_MS, heavySuiteTurn } from '../../harness/heavy-suites';
import { attach, bannerMcpUrl, mcpExampleToolNames, mcpListAndCall, NpmStart, openPorts, processesUsing, sandboxProcesses, stillRunning } from '../../harness/npm-start';

/**
 * `npm start -- --queue` as a user runs it (scripts/start.js, temporary folder and ports): n8n
 * main, one worker and one webhook processor on throwaway Postgres and Redis, each installing the
 * package at boot from a local npm registry, with the examples and credentials of `npm start`. The trigger example, activated through main, registers the
 * webhook processor's address at the fake API; the banner's curl line delivers an event there and
 * the worker runs it. Ctrl-C leaves nothing running.
 */

jest.setTimeout(120_000);

const TRIGGER_EXAMPLE = 'Record every published post as a marketing activity';
const TRIGGER_WEBHOOK_ID = '8b0f3c1e-1a2b-4c3d-9e4f-0000000003aa';

let start: NpmStart;
let dir: string;
let ports: { n8n: number; api: number; webhook: number };
let startedIn: number;
let main: N8n;
let release: (() => Promise<void>) | undefined;

beforeAll(async () => {
	release = await heavySuiteTurn('start-queue', { shared: true });
	dir = fs.mkdtempSync(path.join(os.tmpdir(), 'n8n-npm-start-queue-'));
	fs.chmodSync(dir, 0o755); // Postgres runs as the postgres user and must reach its folder inside
	ports = { n8n: await freePort(), api: await freePort(), webhook: await freePort() };
	const started = Date.now();
	start = await NpmStart.start({
		args: ['--queue'],
		env: { SANDBOX_DIR: dir, N8N_PORT: String(ports.n8n), FAKE_API_PORT: String(ports.api), WEBHOOK_PROCESSOR_PORT: String(ports.webhook) },
	});
	startedIn = Date.now() - started;
	main = await attach(ports.n8n, path.join(dir, 'queue', 'n8n'));
}, HEAVY_SUITE_WAIT_MS + 20 * 60_000);

afterAll(async () => {
	await start?.stop();
	if (dir) fs.rmSync(dir, { recursive: true, force: true });
	await release?.();
});

test('the banner names main as the editor, the webhook processor as the webhook address, and the examples', () => {
	console.log(`npm start -- --queue: ready in ${(startedIn / 1000).toFixed(1)} s (${start.output.includes('[sandbox] building') ? 'build included' : 'built already'})`);
	expect(start.output).toContain(`n8n editor:   http://127.0.0.1:${ports.n8n}\n`);
	expect(start.output).toContain(`webhooks:     http://127.0.0.1:${ports.webhook}/webhook/... (the webhook processor; the trigger registers this address)`);
	expect(start.output).toContain('queue mode:   n8n main (editor, REST, activations), 1 worker (runs every execution), 1 webhook');
	expect(start.output).toContain(`n8n's log: ${dir}/queue/main.log (worker1.log, webhook1.log beside it)`);
	for (const name of ['Boost the best post every Monday', 'Publish a landing page', TRIGGER_EXAMPLE, 'Store assistant']) {
		expect(start.output).toContain(name);
	}
});

test('each process installed the package itself at boot from the local registry, into its own user folder (no copy)', () => {
	const { version } = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { version: string };
	expect(start.output).toContain(`package:      each process installed n8n-nodes-storefront ${version} at boot from a local npm`);
	const installed = (folder: string) => path.join(dir, 'queue', folder, '.n8n', 'nodes', 'node_modules', 'n8n-nodes-storefront', 'package.json');
	for (const folder of ['n8n', 'n8n-worker1', 'n8n-webhook1']) expect(JSON.parse(fs.readFileSync(installed(folder), 'utf8'))).toMatchObject({ version });
	const log = (name: string) => fs.readFileSync(path.join(dir, 'queue', `${name}.log`), 'utf8');
	expect(log('main')).toContain(`Installed community package 'n8n-nodes-storefront@${version}' from env`);
	for (const name of ['worker1', 'webhook1']) expect(log(name)).toContain('Packages reinstalled successfully');
});

test('the MCP server the banner prints is on the webhook processor, published, and answers an MCP client: the example\'s tools, and a call returns the demo connections', async () => {
	expect(bannerMcpUrl(start.output)).toBe(`http://127.0.0.1:${ports.webhook}/mcp/storefront-tools`);
	const mcp = await mcpListAndCall(`http://127.0.0.1:${ports.webhook}/mcp/storefront-tools`);
	expect(mcp.names).toEqual(mcpExampleToolNames());
	expect(mcp.isError).toBe(false);
	expect((JSON.parse(mcp.text) as Array<{ id: string }>).map((c) => c.id)).toEqual(['acc_social1', 'acc_search1', 'acc_pro1', 'acc_video1', 'acc_micro1']);
});

test('main has the examples and the credentials; the Storefront credential passes its test', async () => {
	const workflows = await main.workflows();
	expect(workflows.map((w) => w.name).sort()).toEqual(loadExamples('any').map((e) => e.workflow.name).sort());
	const credentials = await main.credentials();
	expect(credentials.map((c) => c.name).sort()).toEqual([CAPPED_CREDENTIAL_NAME, UNCAPPED_CREDENTIAL_NAME, OPENAI_CREDENTIAL_NAME].sort());
	const storefront = credentials.find((c) => c.name === UNCAPPED_CREDENTIAL_NAME)!;
	const full = await main.rest<{ data: Record<string, unknown> }>('GET', `/rest/credentials/${storefront.id}?includeData=true`);
	const tested = await main.rest<{ status: string }>('POST', '/rest/credentials/test', { credentials: { ...storefront, data: full.data } });
	expect(tested.status).toBe('OK');
});

test('the trigger example registers the webhook processor at the API; the banner\'s curl reaches it and the worker runs the event', async () => {
	const workflow = (await main.workflows()).find((w) => w.name === TRIGGER_EXAMPLE)!;
	await main.activate(workflow.id);

	const url = `http://127.0.0.1:${ports.webhook}/webhook/${TRIGGER_WEBHOOK_ID}/webhook`;
	const registered = await waitFor('the endpoint at the API', async () => {
		const res = await fetch(`http://127.0.0.1:${ports.api}/v1/webhooks`, { headers: { authorization: `Bearer ${KEYS.full}` } });
		const { webhooks } = (await res.json()) as { webhooks: Array<{ url: string }> };
		return webhooks.length ? webhooks.map((w) => w.url) : undefined;
	}, 30_000);
	expect(registered).toEqual([url]);
	await main.waitUntilServed(url, 30_000);

	// the curl line exactly as printed
	const curl = /^ {4}(curl -s -X POST .*\\\n.*)$/m.exec(start.output)![1];
	const answer = JSON.parse(execFileSync('bash', ['-c', curl], { encoding: 'utf8' })) as { deliveries: Array<{ status: number }> };
	expect(answer.deliveries.map((d) => d.status)).toEqual([200]);

	const execution = await waitFor('the execution', async () => {
		const executions = await main.executions(workflow.id);
		return executions.length && !['new', 'running'].includes(executions[0].status) ? executions : undefined;
	}, 30_000);
	expect(execution.map((e) => ({ status: e.status, mode: e.mode }))).toEqual([{ status: 'success', mode: 'webhook' }]);
	const data = await main.rest<{ data: string }>('GET', `/rest/executions/${execution[0].id}`);
	expect(data.data).toContain('post-post_1');
	const log = (name: string) => fs.readFileSync(path.join(dir, 'queue', `${name}.log`), 'utf8');
	expect(log('worker1')).toContain(`Worker started execution ${execution[0].id} (job `);
	expect(log('main')).not.toContain('Worker started execution');
});

test('Ctrl-C stops n8n main, the worker, the webhook processor, Postgres, Redis and the fake API: nothing is left', async () => {
	const running = sandboxProcesses(start.pid, dir);
	const names = running.map((p) => p.name);
	expect(names.filter((n) => n === 'redis-server')).toHaveLength(1);
	expect(names.filter((n) => n === 'postgres').length).toBeGreaterThan(1); // postmaster and its helpers
	const n8nProcesses = running.filter((p) => fs.readFileSync(`/proc/${p.pid}/cmdline`, 'utf8').includes('n8n\0'));
	expect(n8nProcesses.map((p) => fs.readFileSync(`/proc/${p.pid}/cmdline`, 'utf8').split('\0').slice(-2)[0]).sort()).toEqual(['start', 'webhook', 'worker']);

	const stopped = Date.now();
	expect([0, 'SIGINT']).toContain(await start.interrupt());
	console.log(`npm start -- --queue: stopped ${running.length} processes in ${((Date.now() - stopped) / 1000).toFixed(1)} s`);
	expect(start.output).toContain('[sandbox] stopped; nothing left running.');
	expect(stillRunning(running)).toEqual([]);
	expect(processesUsing(dir)).toEqual([]);
	expect(await openPorts([ports.n8n, ports.api, ports.webhook])).toEqual([]);
});
