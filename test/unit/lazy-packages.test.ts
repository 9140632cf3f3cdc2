import { execFileSync } from 'node:child_process';
import path from 'node:path';

/**
 * jest.config.js maps a few packages that n8n-core and n8n-workflow load at their start to
 * test/lazy/<name>.js, which reads each export from the package when it is first read. Each must
 * stay its package: the same file as Node resolves, the same names, each the very value the
 * package gives, the same __esModule marker (TypeScript's import helpers read it); and loading
 * n8n-workflow, n8n-core, the harness and our nodes, or running a node, must not load the package
 * until an export is read.
 */

const PACKAGES = ['transliteration', 'ssh2', 'jsonwebtoken', 'xml2js'];
const { mainFile: realFile } = jest.requireActual<{ mainFile: (name: string) => string }>('../lazy/load-when-read');
type Exports = Record<string, unknown>;

/** Counts each load of the packages' own files from now on, in the registry the test requires from. */
function countLoads() {
	const loaded: string[] = [];
	for (const name of PACKAGES) {
		jest.doMock(realFile(name), () => {
			loaded.push(name);
			return jest.requireActual(realFile(name));
		});
	}
	return loaded;
}

test("each package's file is the one Node resolves (a plain Node process, without Jest's mapping)", () => {
	const root = path.join(__dirname, '..', '..');
	const script = `console.log(JSON.stringify(${JSON.stringify(PACKAGES)}.map((n) => require.resolve(n))))`;
	const byNode = JSON.parse(execFileSync(process.execPath, ['-e', script], { cwd: root, encoding: 'utf8' })) as string[];
	expect(PACKAGES.map((name) => require.resolve(realFile(name)))).toEqual(byNode);
});

test.each(PACKAGES)('%s: every export of the package, each the value the package gives', (name) => {
	jest.isolateModules(() => {
		const lazy = jest.requireActual<Exports>(name);
		const real = jest.requireActual<Exports>(realFile(name));
		expect(lazy === real).toBe(false);
		expect(Object.keys(lazy).sort()).toEqual(Object.keys(real).sort());
		expect(Boolean(lazy.__esModule)).toBe(Boolean(real.__esModule));
		for (const key of Object.keys(real)) expect([key, lazy[key]]).toEqual([key, real[key]]);
	});
});

test('loading n8n-workflow, n8n-core, the harness and every node type loads none of them', () => {
	jest.isolateModules(() => {
		const loaded = countLoads();
		jest.requireActual('n8n-workflow');
		jest.requireActual('n8n-core');
		jest.requireActual<typeof import('../../harness')>('../../harness').loadEveryNodeType();
		expect(loaded).toEqual([]);
		// and a read loads it, through the count above: the check would see a load
		expect(jest.requireActual<Exports>('transliteration').transliterate).toBeInstanceOf(Function);
		expect(loaded).toEqual(['transliteration']);
	});
});

test('a node run loads none of them', async () => {
	const loaded = countLoads();
	const { runNode } = jest.requireActual<typeof import('../../harness')>('../../harness');
	const { startFakeApi, KEYS } = jest.requireActual<typeof import('../../fake-api')>('../../fake-api');
	const api = await startFakeApi();
	try {
		const r = await runNode({
			node: 'storefrontCommerce',
			parameters: { resource: 'page', operation: 'getAll', accountId: 'store_hosted', returnAll: true },
			credentials: { apiKey: KEYS.full, baseUrl: api.url, limitSpending: false },
		});
		expect(r.error).toBeUndefined();
		expect(api.requests.map((q) => q.path)).toEqual(['/v1/commerce/pages']);
	} finally {
		await api.close();
	}
	expect(loaded).toEqual([]);
});
