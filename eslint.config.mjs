import { config } from '@n8n/node-cli/eslint';

export default [
	// build output, installed n8n and the compiled fake API (`n8n-node lint` runs `eslint .`)
	{ ignores: ['dist/**', '.cache/**', 'artifacts/**', 'coverage/**'] },
	...config,
	{
		// Tests, the fake API and scripts run in Node, not inside n8n: the community-node
		// rules about imports and globals (console, process, timers) apply to nodes/ and credentials/ only.
		files: ['test/**/*.ts', 'scripts/**/*.ts', 'bench/**/*.ts', 'sandbox/**/*.ts', 'fake-api/**/*.ts'],
		rules: {
			'@n8n/community-nodes/no-restricted-imports': 'off',
			'@n8n/community-nodes/no-restricted-globals': 'off',
			'@n8n/community-nodes/require-node-api-error': 'off',
			// tests start servers and n8n itself
			'@n8n/community-nodes/no-dangerous-functions': 'off',
			// test fixtures are made-up secrets
			'@n8n/community-nodes/no-hardcoded-secrets': 'off',
			'no-console': 'off',
		},
	},
	{
		files: ['**/*.ts'],
		rules: {
			'@typescript-eslint/no-unused-vars': [
				'error',
				{ argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
			],
		},
	},
];
