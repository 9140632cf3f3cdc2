const os = require('node:os');

/** @type {import('jest').Config} */
module.exports = {
	// Jest's default leaves a core to itself (1 worker on 2 cores); most suites here wait on sockets,
	// timers and child processes, so one worker per core, at least 2 (docs/development.md; `npm test`
	// of the whole suite adds one for the queue suite: scripts/test.js).
	maxWorkers: Math.max(2, os.availableParallelism()),
	// A worker's heap grows by about 20 MB with each suite that runs n8n-core (what keeps it is not
	// found yet), and a process takes longer to end the bigger its heap: up to 470 ms here
	// (scripts/worker-exit-probe.js), against
	// the 500 ms Jest gives a worker before it kills it and prints "A worker process has failed to
	// exit gracefully". A worker past this after a suite is replaced by a new one:
	// docs/development.md, "One n8n install for every suite".
	workerIdleMemoryLimit: '600MB',
	// test.concurrent cases side by side (faults, lost-answers: each mostly waits out a timeout or a
	// backoff on a fake API of its own); Jest's default of 5 left those suites waiting, not working
	maxConcurrency: 16,
	preset: 'ts-jest',
	testEnvironment: 'node',
	roots: ['<rootDir>/test'],
	testMatch: ['**/*.test.ts'],
	transform: {
		'^.+\\.ts$': ['ts-jest', { tsconfig: 'tsconfig.dev.json' }],
		// the expression engine loaded with require(), as Node resolves n8n's import(): test/engine-import-transform.js
		'[\\\\/]n8n-workflow[\\\\/]dist[\\\\/]cjs[\\\\/]expression\\.js$': '<rootDir>/test/engine-import-transform.js',
	},
	transformIgnorePatterns: ['[\\\\/]node_modules[\\\\/](?!n8n-workflow[\\\\/]dist[\\\\/]cjs[\\\\/]expression\\.js$)'],
	testTimeout: 30000,
	setupFiles: ['<rootDir>/test/setup-env.js'],
	// n8n's expression engine (isolated-vm unless EXPRESSION_ENGINE=legacy); run through `npm test`.
	setupFilesAfterEnv: ['<rootDir>/test/setup-engine.ts'],
	testSequencer: '<rootDir>/test/sequencer.js',
	// n8n-core's blob storage with each backend loaded when first used (S3's and Azure's SDKs are a
	// quarter of a second of every suite's start, and no test uses them): test/lazy-blob-storage.js;
	// and packages that n8n-core and n8n-workflow load at their start and call only later, each
	// loaded when first read (test/lazy/load-when-read.js): together about 60 ms of every suite's start
	moduleNameMapper: {
		'^@n8n/blob-storage$': '<rootDir>/test/lazy-blob-storage.js',
		'^(transliteration|ssh2|jsonwebtoken|xml2js)$': '<rootDir>/test/lazy/$1.js',
	},
};
