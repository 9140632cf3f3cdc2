// ESLint for the code that runs in plain Node, not inside n8n: tests, the harness, the fake API, the sandbox,
// scripts and bench. Each of those folders has an eslint.config.mjs re-exporting this file, and
// `npm run lint` runs `n8n-node lint` with ESLint's config lookup from the linted file, so those
// folders get these rules while nodes/, credentials/ and package.json get n8n's default config
// (the root eslint.config.mjs, unchanged as strict mode requires). README "Verification".
import { config } from '@n8n/node-cli/eslint';

// n8n's rules for node code (no Node globals, imports or child processes, n8n error types,
// description conventions): they do not fit a test or a server
const nodeRules = Object.fromEntries(
	config
		.flatMap((block) => Object.keys(block.rules ?? {}))
		.filter((rule) => rule.startsWith('@n8n/community-nodes/') || rule.startsWith('n8n-nodes-base/'))
		.map((rule) => [rule, 'off']),
);

export default [
	...config,
	{
		files: ['**/*.ts'],
		rules: {
			...nodeRules,
			'no-console': 'off',
			// tsc resolves every import here (npm run typecheck); import-x's resolver does not follow
			// package exports such as @modelcontextprotocol/sdk's "./*"
			'import-x/no-unresolved': 'off',
			'@typescript-eslint/no-unused-vars': [
				'error',
				{ argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
			],
		},
	},
];
