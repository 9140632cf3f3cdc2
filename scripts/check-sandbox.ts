/**
 * Checks a running sandbox (`npm start`) the way a newcomer first uses it: the fake API answers
 * with its demo data, n8n lists every node type package.json declares (and the tool variants of
 * the action nodes), and the landing-page example runs to success in n8n.
 * Run by scripts/fresh-start.js once `npm start` says it is ready:
 *   node .cache/fake-api/scripts/check-sandbox.js <n8n port> <fake API URL> <sandbox folder>
 * Prints one line per check ("ok: …" or "FAILED: …") and exits 1 if any failed.
 */
import fs from 'node:fs';
import path from 'node:path';

import { KEYS } from '../fake-api';
import { ensureN8n, N8n, ROOT } from './lib/n8n';

const LANDING_PAGE = 'Publish a landing page with its redirect';
const LANDING_PAGE_TRIGGER = 'Publish the landing page';

async function main() {
	const [port, apiUrl, dir] = process.argv.slice(2);
	if (!port || !apiUrl || !dir) throw new Error('usage: check-sandbox.js <n8n port> <fake API URL> <sandbox folder>');
	const checks: Array<[string, () => Promise<string>]> = [
		[
			'the fake API answers with its demo data',
			async () => {
				const answer = await fetch(`${apiUrl}/v1/ads/connections`, { headers: { authorization: `Bearer ${KEYS.full}` } });
				const body = (await answer.json()) as { connections?: unknown[] };
				if (answer.status !== 200 || !body.connections?.length) throw new Error(`GET /v1/ads/connections answered ${answer.status}: ${JSON.stringify(body).slice(0, 300)}`);
				return `${body.connections.length} ad connections`;
			},
		],
		[
			'n8n lists our nodes',
			async () => {
				const declared = (JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { n8n: { nodes: string[] } }).n8n.nodes;
				const types = new Set((await n8n.rest<Array<{ name: string }>>('GET', '/types/nodes.json')).map((t) => t.name));
				const ours = [...types].filter((t) => t.startsWith('n8n-nodes-storefront.'));
				const missing = declared.map((file) => `n8n-nodes-storefront.${lowerFirst(path.basename(file, '.node.js'))}`).filter((t) => !types.has(t));
				if (missing.length) throw new Error(`missing from n8n's node list: ${missing.join(', ')} (n8n lists ${ours.join(', ') || 'none of ours'})`);
				return `${ours.length} node types (${declared.length} declared, with their tool variants)`;
			},
		],
		[
			`the example "${LANDING_PAGE}" runs`,
			async () => {
				const workflow = (await n8n.workflows()).find((w) => w.name === LANDING_PAGE);
				if (!workflow) throw new Error('the example is not in n8n');
				const execution = await n8n.runManually(workflow.id, LANDING_PAGE_TRIGGER, 120_000);
				if (execution.status !== 'success') throw new Error(`it ended ${execution.status}: ${String(execution.data).slice(0, 1000)}`);
				return `execution ${execution.id}: success`;
			},
		],
	];

	const n8n = new N8n(ensureN8n(), { userFolder: dir, port: Number(port) });
	n8n.port = Number(port);
	await n8n.login();
	let failed = 0;
	for (const [what, check] of checks) {
		try {
			console.log(`ok: ${what}: ${await check()}`);
		} catch (error) {
			failed++;
			console.log(`FAILED: ${what}: ${(error as Error).message}`);
		}
	}
	process.exit(failed ? 1 : 0);
}

const lowerFirst = (name: string) => name.charAt(0).toLowerCase() + name.slice(1);

main().catch((error: Error) => {
	console.log(`FAILED: ${error.message}`);
	process.exit(1);
});
