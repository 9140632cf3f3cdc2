import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { ensureN8n, freePort, ROOT, waitFor, type N8n } from '../../scripts/lib/n8n';
import { attach, NpmStart, openPorts, processesUsing, sandboxProcesses, stillRunning } from '../../harness/npm-start';

/**
 * `npm run dev` as a contributor runs it, in a copy of the repository (the test edits sources):
 * a change to a node's TypeScript reaches the running n8n's node types without a restart
 * (tsc --watch into the installed package, n8n's N8N_DEV_RELOAD), and Ctrl-C stops tsc, n8n and
 * the fake API.
 */

jest.setTimeout(120_000);

const COMMERCE = 'n8n-nodes-storefront.storefrontCommerce';
const DESCRIPTION = 'Manage store pages, menus, redirects, metaobjects, marketing activities and catalog syncs';

let copy: string;
let dir: string;
let ports: { n8n: number; api: number };
let start: NpmStart;
let n8n: N8n;

type NodeType = { name: string; description: string; properties: Array<{ name: string; displayName: string; options?: Array<{ action?: string }> }> };

/**
 * Our Commerce node as the editor gets it; undefined while n8n rewrites the file (a reload in
 * progress can answer an error, or an empty body that is not the list).
 */
async function commerce() {
	const types = await n8n.rest<unknown>('GET', '/types/nodes.json').catch(() => undefined);
	return Array.isArray(types) ? (types as NodeType[]).find((t) => t.name === COMMERCE) : undefined;
}

function edit(file: string, from: string, to: string) {
	const source = fs.readFileSync(path.join(copy, file), 'utf8');
	expect(source).toContain(from);
	fs.writeFileSync(path.join(copy, file), source.replace(from, to));
}

beforeAll(async () => {
	copy = fs.mkdtempSync(path.join(os.tmpdir(), 'n8n-dev-repo-'));
	const skip = new Set(['.git', '.cache', 'node_modules', 'dist', 'artifacts', 'coverage']);
	// with their times, so that the fake API built already (copied below) is up to date for npm start
	fs.cpSync(ROOT, copy, { recursive: true, preserveTimestamps: true, filter: (src) => !skip.has(path.relative(ROOT, src).split(path.sep)[0]) });
	fs.symlinkSync(path.join(ROOT, 'node_modules'), path.join(copy, 'node_modules'));
	// the installed Node 24 and n8n, shared (the copy's installer finds them in place)
	const bin = ensureN8n();
	fs.mkdirSync(path.join(copy, '.cache'));
	for (const installed of [path.resolve(bin.node, '../..'), path.resolve(bin.n8n, '../../..')]) {
		fs.symlinkSync(installed, path.join(copy, '.cache', path.basename(installed)));
	}
	const fakeApi = path.join(ROOT, '.cache', 'fake-api');
	if (fs.existsSync(fakeApi)) fs.cpSync(fakeApi, path.join(copy, '.cache', 'fake-api'), { recursive: true, preserveTimestamps: true });

	dir = fs.mkdtempSync(path.join(os.tmpdir(), 'n8n-dev-sandbox-'));
	ports = { n8n: await freePort(), api: await freePort() };
	const started = Date.now();
	start = await NpmStart.start({ cwd: copy, args: ['--dev'], env: { SANDBOX_DIR: dir, N8N_PORT: String(ports.n8n), FAKE_API_PORT: String(ports.api) } });
	console.log(`npm run dev: ready in ${((Date.now() - started) / 1000).toFixed(1)} s (build included)`);
	n8n = await attach(ports.n8n, dir);
}, 20 * 60_000);

afterAll(async () => {
	await start?.stop();
	for (const folder of [copy, dir]) if (folder) fs.rmSync(folder, { recursive: true, force: true });
});

test('npm run dev prints where tsc --watch compiles to and runs n8n with our nodes', async () => {
	const packageDir = path.join(dir, '.n8n', 'nodes', 'node_modules', 'n8n-nodes-storefront');
	expect(start.output).toContain(`hot reload:   tsc --watch compiles nodes/ and credentials/ into ${packageDir}/dist;`);
	expect(start.output).toContain('[sandbox] tsc: ');
	expect(start.output).toContain('Found 0 errors. Watching for file changes.');
	expect((await commerce())?.description).toBe(DESCRIPTION);
});

test('a change to a node and to one of its operation files reaches n8n without a restart', async () => {
	const n8nPid = sandboxProcesses(start.pid, dir).find((p) => fs.readFileSync(`/proc/${p.pid}/cmdline`, 'utf8').includes('n8n\0start'))!.pid;
	const changed = Date.now();
	edit('nodes/StorefrontCommerce/StorefrontCommerce.node.ts', `description: '${DESCRIPTION}'`, `description: 'Hot reloaded: ${DESCRIPTION}'`);
	edit('nodes/StorefrontCommerce/resources/page/create.ts', "action: 'Create a page'", "action: 'Create a page (hot reloaded)'");
	const reloaded = await waitFor(
		'the changed node types',
		async () => {
			const node = await commerce();
			const actions = node?.properties.filter((p) => p.name === 'operation').flatMap((p) => (p.options ?? []).map((o) => o.action));
			return node?.description.startsWith('Hot reloaded: ') && actions?.includes('Create a page (hot reloaded)') && node;
		},
		60_000,
	);
	console.log(`npm run dev: the change reached /types/nodes.json ${((Date.now() - changed) / 1000).toFixed(1)} s after the save`);
	expect(reloaded.description).toBe(`Hot reloaded: ${DESCRIPTION}`);
	// n8n 2.41.1 lists each type twice after the first reload (types released at start are loaded
	// again on top: DirectoryLoader.reset() keeps typesReleased); the editor keys them by name
	const ours = new Set((await n8n.rest<NodeType[]>('GET', '/types/nodes.json')).map((t) => t.name).filter((name) => name.startsWith('n8n-nodes-storefront.')));
	expect([...ours].sort()).toEqual(
		['Ads', 'AdsTool', 'AdsTrigger', 'Commerce', 'CommerceTool', 'CommerceTrigger', 'Trigger', 'Webhooks', 'WebhooksTool', 'WebhooksTrigger'].map((n) => `n8n-nodes-storefront.storefront${n}`),
	);
	expect(fs.readFileSync(path.join(dir, 'n8n.log'), 'utf8')).toContain('Hot reload triggered for n8n-nodes-storefront');
	// the same n8n process: no restart
	expect(sandboxProcesses(start.pid, dir).some((p) => p.pid === n8nPid)).toBe(true);
});

test('Ctrl-C stops tsc, n8n and the fake API: nothing is left', async () => {
	const running = sandboxProcesses(start.pid, dir);
	const commands = running.map((p) => fs.readFileSync(`/proc/${p.pid}/cmdline`, 'utf8'));
	expect(commands.filter((c) => c.includes('typescript/bin/tsc\0'))).toHaveLength(1);
	expect(commands.filter((c) => c.includes('n8n\0start'))).toHaveLength(1);

	expect([0, 'SIGINT']).toContain(await start.interrupt());
	expect(start.output).toContain('[sandbox] stopping tsc, n8n and the fake API...');
	expect(start.output).toContain('[sandbox] stopped; nothing left running.');
	expect(stillRunning(running)).toEqual([]);
	expect(processesUsing(dir)).toEqual([]);
	expect(await openPorts([ports.n8n, ports.api])).toEqual([]);
});
