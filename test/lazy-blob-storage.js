// n8n-core's `@n8n/blob-storage`, for Jest: the same exports from the same files, each loaded when
// first read (jest.config.js maps the package here). The package's own index loads every backend,
// the S3 and Azure ones with their SDKs (about 250 ms of each suite's start in Jest), which no
// test reads: n8n-core keeps binary data on the filesystem or in memory here. A name n8n-core reads
// that this list lacks would be undefined: test/unit/lazy-blob-storage.test.ts checks the list
// against the package.
const path = require('node:path');

const DIST = path.join(__dirname, '..', 'node_modules', '@n8n', 'blob-storage', 'dist');

/** Each export of the package's index, and the file it comes from. */
const FROM = {
	ByteStoreRegistry: 'byte-store-registry',
	FsByteStore: 'fs-byte-store',
	S3ByteStore: 's3-byte-store.ee',
	AzureByteStore: 'azure-byte-store.ee',
	JsonStore: 'json-store',
	SkippedEntryDeletionError: 'skipped-entry-deletion.error',
	createFixedSizeChunker: 'stream-utils',
	ObjectStoreConfig: 'object-store/object-store.config',
	AzureBlobConfig: 'azure-blob/azure-blob.config',
};

Object.defineProperty(exports, '__esModule', { value: true });
for (const [name, file] of Object.entries(FROM)) {
	Object.defineProperty(exports, name, { enumerable: true, get: () => require(path.join(DIST, file))[name] });
}
