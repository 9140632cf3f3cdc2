import path from 'node:path';

/**
 * jest.config.js maps n8n-core's `@n8n/blob-storage` to test/lazy-blob-storage.js, which loads each
 * export's file when the export is first read. It must stay the package: the same names, each the
 * very value the package's own index gives; and loading n8n-core must not load the S3 backend.
 */

const DIST = path.join(__dirname, '..', '..', 'node_modules', '@n8n', 'blob-storage', 'dist');
type Exports = Record<string, unknown>;

test('every export of the package, each the value its own index gives', () => {
	jest.isolateModules(() => {
		const lazy = jest.requireActual<Exports>('@n8n/blob-storage');
		const real = jest.requireActual<Exports>(path.join(DIST, 'index.js'));
		expect(Object.keys(lazy).sort()).toEqual(Object.keys(real).sort());
		for (const name of Object.keys(real)) expect([name, lazy[name]]).toEqual([name, real[name]]);
	});
});

test('n8n-core loads without the S3 backend, which loads when read', () => {
	const s3 = path.join(DIST, 's3-byte-store.ee.js');
	let loaded = 0;
	jest.isolateModules(() => {
		jest.doMock(s3, () => {
			loaded += 1;
			return jest.requireActual(s3);
		});
		jest.requireActual('n8n-core');
		expect(loaded).toBe(0);
		expect(jest.requireActual<Exports>('@n8n/blob-storage').S3ByteStore).toBeInstanceOf(Function);
		expect(loaded).toBe(1);
	});
});
