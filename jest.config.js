const os = require('node:os');

/** @type {import('jest').Config} */
module.exports = {
	// Jest's default leaves a core to itself (1 worker on 2 cores); most suites here wait on sockets,
	// timers and child processes, so one worker per core, at least 2 (docs/development.md).
	maxWorkers: Math.max(2, os.availableParallelism()),
	preset: 'ts-jest',
	testEnvironment: 'node',
	roots: ['<rootDir>/test'],
	testMatch: ['**/*.test.ts'],
	transform: { '^.+\\.ts$': ['ts-jest', { tsconfig: 'tsconfig.dev.json' }] },
	testTimeout: 30000,
	setupFiles: ['<rootDir>/test/setup-env.js'],
	// n8n's expression engine (isolated-vm unless EXPRESSION_ENGINE=legacy); run through `npm test`.
	setupFilesAfterEnv: ['<rootDir>/test/setup-engine.ts'],
	testSequencer: '<rootDir>/test/sequencer.js',
	// n8n-core's blob storage with each backend loaded when first used (S3's and Azure's SDKs are a
	// quarter of a second of every suite's start, and no test uses them): test/lazy-blob-storage.js
	moduleNameMapper: { '^@n8n/blob-storage$': '<rootDir>/test/lazy-blob-storage.js' },
};
