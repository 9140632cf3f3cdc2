/** @type {import('jest').Config} */
module.exports = {
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
};
