/**
 * A guard on the per-item work of the two operations issue 70 measures in a real n8n (Commerce →
 * Page → Get with the page ID mapped, Ads → Ad → Boost Post with the connection, ad account and post
 * mapped), counted, never timed: each count is read on 4 and on 8 items, and the difference ÷ 4 is
 * what one more item costs (what a node run costs once drops out). A count that grows fails here;
 * one that drops is printed, so the bound below can follow it down.
 *
 * What is counted, through n8n-core on the fake API, and why each costs in n8n:
 *  - requests the API receives (one per item);
 *  - expression evaluations (the evaluation budget's count, evaluations.test.ts);
 *  - credential reads (`getCredentials`, whoever calls it: in n8n each is a database read, a
 *    decryption and a walk of the credential's fields; RoutingNode reads it once per request for
 *    the Authorization header, ours once per node run: nodes/shared/wire/send.ts `credentialOfRun`);
 *  - by our code (the caller is a file under nodes/): copies of the node (`getNode()`: n8n-core
 *    deep-copies the node, its parameters included, on every call), parameter reads
 *    (`getNodeParameter`: each resolves the parameter, its expressions included) and SHA-256
 *    hashes (a spending call's Idempotency-Key is one).
 */
import crypto from 'node:crypto';

import { ExecuteSingleContext } from 'n8n-core';
import { Expression, type INodeParameters, type NodeParameterValue } from 'n8n-workflow';

import { postIdOf } from '../../fake-api';
import { byId, useFakeApi } from '../../harness/context';
import { HOSTED, seedPages } from '../commerce/helpers';

type Count = 'requests' | 'evaluations' | 'credentialReads' | 'nodeCopies' | 'parameterReads' | 'hashes';
const counts: Record<Exclude<Count, 'requests'>, number> = { evaluations: 0, credentialReads: 0, nodeCopies: 0, parameterReads: 0, hashes: 0 };

/** Each count's most per item (what the operations cost after issue 70). */
const BOUNDS: Record<string, Record<Count, number>> = {
	// the page ID's 3 evaluations (evaluations.test.ts), n8n's credential read for the Authorization header,
	// one copy of the node, two reads (the page ID, the store)
	'Page Get': { requests: 1, evaluations: 3, credentialReads: 1, nodeCopies: 1, parameterReads: 2, hashes: 0 },
	// 3 mapped values × 3 evaluations; the spending call's Idempotency-Key is the one hash (before issue 70:
	// 3 credential reads and 6 copies of the node per item)
	'Boost Post': { requests: 1, evaluations: 9, credentialReads: 1, nodeCopies: 1, parameterReads: 12, hashes: 1 },
};

const restore: Array<() => void> = [];

/** Whether the function that called the counted one is ours (a file under nodes/): n8n's own calls are its cost, the same for any declarative node. */
const calledByUs = () => /[\\/]nodes[\\/]/.test(new Error().stack?.split('\n')[3] ?? '');

/**
 * Wraps `name` where the prototype chain of `start` defines it, counting its calls (n8n-core's
 * contexts share a base class it does not export); `ours`: only the calls our code makes.
 */
function countCalls(start: object, name: string, count: keyof typeof counts, { ours = false, when = (_args: unknown[]): boolean => true } = {}) {
	let owner = start;
	while (!Object.prototype.hasOwnProperty.call(owner, name)) owner = Object.getPrototypeOf(owner) as object;
	const original = (owner as Record<string, (...args: unknown[]) => unknown>)[name];
	(owner as Record<string, unknown>)[name] = function (this: unknown, ...args: unknown[]) {
		if (when(args) && (!ours || calledByUs())) counts[count]++;
		return original.apply(this, args);
	};
	restore.push(() => ((owner as Record<string, unknown>)[name] = original));
}

beforeAll(() => {
	countCalls(Expression.prototype, 'resolveSimpleParameterValue', 'evaluations', { when: ([value]) => typeof value === 'string' && value.charAt(0) === '=' });
	countCalls(ExecuteSingleContext.prototype, 'getCredentials', 'credentialReads');
	countCalls(ExecuteSingleContext.prototype, 'getNode', 'nodeCopies', { ours: true });
	countCalls(ExecuteSingleContext.prototype, 'getNodeParameter', 'parameterReads', { ours: true });
	countCalls(crypto, 'createHash', 'hashes', { ours: true, when: ([algorithm]) => algorithm === 'sha256' });
});
afterAll(() => restore.forEach((undo) => undo()));

const commerce = useFakeApi('storefrontCommerce');
const ads = useFakeApi('storefrontAds');

/** The counts of one run on `items`. */
async function countsOf(ctx: typeof commerce, parameters: INodeParameters, items: Array<Record<string, unknown>>) {
	for (const key of Object.keys(counts) as Array<keyof typeof counts>) counts[key] = 0;
	const r = await ctx.run(parameters, { items } as never);
	expect(r.error).toBeUndefined();
	expect(r.items.filter((item) => item.error)).toEqual([]);
	expect(r.items).toHaveLength(items.length);
	return { ...counts, requests: r.requests.length };
}

/** What one more item costs: the counts on 8 items less those on 4, ÷ 4. */
async function perItem(ctx: typeof commerce, parameters: INodeParameters, item: (i: number) => Record<string, unknown>) {
	const items = (n: number) => Array.from({ length: n }, (_, i) => item(i));
	// a first run loads the node type and compiles the expressions
	await ctx.run(parameters, { items: items(1) } as never);
	const four = await countsOf(ctx, parameters, items(4));
	const eight = await countsOf(ctx, parameters, items(8));
	return Object.fromEntries(Object.keys(four).map((k) => [k, (eight[k as Count] - four[k as Count]) / 4])) as Record<Count, number>;
}

const rows: string[] = [];
function check(label: string, measured: Record<Count, number>) {
	rows.push(`${label.padEnd(12)} ${JSON.stringify(measured)}`);
	const over = Object.entries(BOUNDS[label]).filter(([k, bound]) => measured[k as Count] > bound);
	expect({ label, over: Object.fromEntries(over.map(([k, bound]) => [k, { measured: measured[k as Count], bound }])) }).toEqual({ label, over: {} });
}

const mapped = (value: string) => `={{ $json.${value} }}` as NodeParameterValue;

test('Commerce → Page → Get, page ID mapped: what one more item costs stays within its bounds', async () => {
	seedPages(commerce.api, 4);
	const ids = commerce.api.commerce.store(HOSTED).pages.map((p) => p.id);
	const parameters = { resource: 'page', operation: 'get', accountId: HOSTED, pageId: byId(mapped('id') as string) } as INodeParameters;
	check('Page Get', await perItem(commerce, parameters, (i) => ({ id: ids[i % ids.length] })));
});

test('Ads → Ad → Boost Post, connection, ad account and post mapped: what one more item costs stays within its bounds', async () => {
	const parameters = {
		resource: 'ad',
		operation: 'boost',
		network: 'socialnet',
		accountId: byId(mapped('accountId') as string),
		adAccountId: byId(mapped('adAccountId') as string),
		postId: mapped('postId'),
		budgetAmount: 15,
		budgetType: 'daily',
	} as INodeParameters;
	check('Boost Post', await perItem(ads, parameters, (i) => ({ accountId: 'acc_social1', adAccountId: 'act_1001', postId: postIdOf('acc_social1', i % 8) })));
});

afterAll(() => console.log(['per item (8 items less 4, ÷ 4):', ...rows].join('\n')));
