/**
 * jest.config.js maps a few packages that n8n-core and n8n-workflow load at their start to
 * test/lazy/<name>.js, which reads each export from the package when it is first read. Each must
 * stay its package: the same names, each the very value the package gives, the same __esModule
 * marker (TypeScript's import helpers read it); and loading n8n-core, n8n-workflow and our nodes
 * must not load the package until an export is read.
 */

const PACKAGES = ['transliteration', 'ssh2', 'jsonwebtoken', 'xml2js'];
// the package's own main file, as Node resolves it (Jest's resolver would map the name to test/lazy/)
const { mainFile: realFile } = jest.requireActual<{ mainFile: (name: string) => string }>('../lazy/load-when-read');
type Exports = Record<string, unknown>;

test.each(PACKAGES)('%s: every export of the package, each the value the package gives', (name) => {
	jest.isolateModules(() => {
		const lazy = jest.requireActual<Exports>(name);
		const real = jest.requireActual<Exports>(realFile(name));
		expect(lazy).not.toBe(real);
		expect(Object.keys(lazy).sort()).toEqual(Object.keys(real).sort());
		expect(Boolean(lazy.__esModule)).toBe(Boolean(real.__esModule));
		for (const key of Object.keys(real)) expect([key, lazy[key]]).toEqual([key, real[key]]);
	});
});

test('n8n-core, n8n-workflow and a node run load none of them until an export is read', async () => {
	const loaded: string[] = [];
	for (const name of PACKAGES) {
		jest.doMock(realFile(name), () => {
			loaded.push(name);
			return jest.requireActual(realFile(name));
		});
	}
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
	// and a read loads it, through the mock above: the check would see a load
	expect(jest.requireActual<Exports>('transliteration').transliterate).toBeInstanceOf(Function);
	expect(loaded).toEqual(['transliteration']);
});
