import type { INode } from 'n8n-workflow';

import { describeCall } from '../../nodes/shared/wire/call';
import { executionScope, digestOf, idempotencyKeyOf, spendKey, stampKey } from '../../nodes/shared/wire/idempotency';

/**
 * The user's own Idempotency-Key (nodes/shared/wire/idempotency.ts): whatever its header's case, it is
 * the request's key, sent as given, and no second key is stamped beside it. HTTP header names are
 * case-insensitive; a second Idempotency-Key header would make the API see a key the user never chose.
 */

test.each(['Idempotency-Key', 'idempotency-key', 'IDEMPOTENCY-KEY'])('a user\'s own key under the header name "%s" stays the only key', (name) => {
	const request = { method: 'POST', url: '/v1/ads/boost', body: { a: 1 }, headers: { Accept: 'application/json', [name]: ' my-key-1 ' } };
	expect(stampKey(undefined, NODE, 0, request)).toEqual({ key: 'my-key-1' });
	expect(request.headers).toEqual({ Accept: 'application/json', [name]: ' my-key-1 ' });
	expect(idempotencyKeyOf(request)).toBe('my-key-1');
});

test('no own key (absent, blank or null): one is stamped, under the canonical name, and read back whatever the case', () => {
	for (const headers of [undefined, { 'Idempotency-Key': '  ' }, { 'Idempotency-Key': null as unknown as string }]) {
		const request: { method: string; url: string; headers?: Record<string, string> } = { method: 'POST', url: '/v1/x', headers };
		const { key } = stampKey(undefined, NODE, 0, request);
		expect(key).toMatch(/^n8n-[0-9a-f-]{36}$/);
		expect(request.headers?.['Idempotency-Key']).toBe(key);
		expect(idempotencyKeyOf({ headers: { 'IDEMPOTENCY-KEY': key } })).toBe(key);
	}
	expect(idempotencyKeyOf({ headers: { 'Idempotency-Key': 42 as unknown as string } })).toBe('42');
});

test('a key is made from the content of its parts: objects whatever their key order (nested, in lists too), lists in their order', () => {
	const key = digestOf(['a', { x: 1, y: { p: [1, { q: 2, r: 3 }] } }]);
	expect(key).toMatch(/^n8n-[0-9a-f]{40}$/);
	expect(digestOf(['a', { y: { p: [1, { r: 3, q: 2 }] }, x: 1 }])).toBe(key);
	expect(digestOf(['a', { x: 1, y: { p: [{ q: 2, r: 3 }, 1] } }])).not.toBe(key);
	expect(digestOf(['a', { x: 2, y: { p: [1, { q: 2, r: 3 }] } }])).not.toBe(key);
	expect(digestOf([null])).not.toBe(digestOf([{}]));
});

/** A node as `describeCall` hands it to the key functions: a test context's (n8n-core's `getNode()`). */
const NODE = { id: 'node-1', name: 'Boost' } as INode;
const nodeIn = (ctx: unknown) => (ctx as { getNode(): INode }).getNode();

/** A node run's context as the key functions read it: its node, workflow and execution. */
const running = (over: { workflowId?: string; nodeId?: string; nodeName?: string; executionId?: string; retryOf?: unknown } = {}) =>
	({
		getNode: () => ({ id: over.nodeId ?? 'node-1', name: over.nodeName ?? 'Boost' }),
		getWorkflow: () => ({ id: over.workflowId ?? 'wf-1' }),
		getExecutionId: () => over.executionId ?? 'exec-1',
		additionalData: { hooks: { retryOf: over.retryOf } },
	}) as never;

test('a spending call\'s key: the same for the same request from the same node, item and workflow, in any execution; any of them changed, another', () => {
	const request = { method: 'POST', url: '/v1/ads/boost', body: { budgetAmount: 15, postId: 'p' } };
	const key = spendKey(running(), nodeIn(running()), 0, request);
	expect(spendKey(running({ executionId: 'exec-2' }), nodeIn(running({ executionId: 'exec-2' })), 0, { ...request, body: { postId: 'p', budgetAmount: 15 } })).toBe(key);
	const others = [
		spendKey(running({ workflowId: 'wf-2' }), nodeIn(running({ workflowId: 'wf-2' })), 0, request),
		spendKey(running({ nodeId: 'node-2' }), nodeIn(running({ nodeId: 'node-2' })), 0, request),
		spendKey(running(), nodeIn(running()), 1, request),
		spendKey(running(), nodeIn(running()), 0, { ...request, url: '/v1/ads/create' }),
		spendKey(running(), nodeIn(running()), 0, { ...request, method: 'PUT' }),
		spendKey(running(), nodeIn(running()), 0, { ...request, body: { budgetAmount: 16, postId: 'p' } }),
	];
	expect(new Set([key, ...others]).size).toBe(7);
	// as stamped on a request declared `keying: 'workflow'`
	const sent = { ...request, headers: {} as Record<string, string> };
	expect(stampKey(running(), nodeIn(running()), 0, sent, 'workflow')).toEqual({ key });
	expect(sent.headers['Idempotency-Key']).toBe(key);
});

test('the execution a key belongs to: the original\'s for a "Retry execution" (retryOf), else its own', () => {
	expect(executionScope(running({ retryOf: 'exec-0' }))).toBe('exec-0');
	expect(executionScope(running({ retryOf: '' }))).toBe('exec-1');
	expect(executionScope(running({ retryOf: 7 }))).toBe('exec-1');
	expect(executionScope(running())).toBe('exec-1');
});

test('a key made from the execution names the node by its id: renaming the node keeps its keys', () => {
	const keyed = (nodeName: string) => stampKey(running({ nodeName }), nodeIn(running({ nodeName })), 0, { method: 'POST', url: '/v1/ads/targeting/bid-pricing', body: { q: 1 } }, 'execution').key;
	expect(keyed('Renamed')).toBe(keyed('Boost'));
	expect(stampKey(running({ nodeId: 'node-2' }), nodeIn(running({ nodeId: 'node-2' })), 0, { method: 'POST', url: '/v1/ads/targeting/bid-pricing', body: { q: 1 } }, 'execution').key).not.toBe(keyed('Boost'));
});

/** A run a Storefront Trigger delivery started (mode webhook, the trigger its parent, event evt_1). */
const eventRun = (over: { nodeId?: string; nodeName?: string } = {}) =>
	({
		getNode: () => ({ id: over.nodeId ?? 'node-1', name: over.nodeName ?? 'Create a page', type: 'n8n-nodes-storefront.storefrontCommerce' }),
		getWorkflow: () => ({ id: 'wf-1' }),
		getExecutionId: () => 'exec-1',
		getMode: () => 'webhook',
		getItemIndex: () => 0,
		getNodeParameter: (_path: string, fallback: unknown) => fallback,
		getParentNodes: () => [{ name: 'Storefront Trigger', type: 'n8n-nodes-storefront.storefrontTrigger' }],
		getWorkflowDataProxy: () => ({ $: () => ({ isExecuted: true, first: () => ({ json: { id: 'evt_1' } }) }) }),
		additionalData: {},
	}) as never;

test('in a run an event started: a POST declared by event is keyed by it (naming the node by its id), one declared by execution is not', () => {
	const request = () => ({ method: 'POST', url: '/v1/pages', body: { title: 'A' } });
	const byEvent = stampKey(eventRun(), nodeIn(eventRun()), 0, request(), 'event');
	expect(byEvent.eventId).toBe('evt_1');
	expect(stampKey(eventRun({ nodeName: 'Renamed' }), nodeIn(eventRun({ nodeName: 'Renamed' })), 0, request(), 'event').key).toBe(byEvent.key);
	expect(stampKey(eventRun({ nodeId: 'node-2' }), nodeIn(eventRun({ nodeId: 'node-2' })), 0, request(), 'event').key).not.toBe(byEvent.key);
	const byExecution = stampKey(eventRun(), nodeIn(eventRun()), 0, request(), 'execution');
	expect(byExecution.eventId).toBeUndefined();
	expect(byExecution.key).toBe(stampKey(running({ nodeName: 'Create a page' }), nodeIn(running({ nodeName: 'Create a page' })), 0, request(), 'execution').key);
});

test('a key made from the execution tells requests apart by their body', () => {
	const keyed = (body: unknown) => stampKey(running(), nodeIn(running()), 0, { method: 'POST', url: '/v1/pages', body }, 'execution').key;
	expect(keyed({ title: 'A' })).not.toBe(keyed({ title: 'B' }));
	expect(keyed(undefined)).toBe(keyed(null));
});

test('keyed by the event, a POST\'s place counts only the item\'s earlier POSTs to the same URL: a re-run that skips the others sends the same keys', () => {
	const post = (url: string) => ({ method: 'POST', url, body: {} });
	const first = eventRun();
	const [a, b, aAgain, item1] = [stampKey(first, nodeIn(first), 0, post('/v1/a'), 'event'), stampKey(first, nodeIn(first), 0, post('/v1/b'), 'event'), stampKey(first, nodeIn(first), 0, post('/v1/a'), 'event'), stampKey(first, nodeIn(first), 1, post('/v1/a'), 'event')].map((s) => s.key);
	expect(new Set([a, b, aAgain, item1]).size).toBe(4);
	// n8n runs the event again: item 1 alone, then item 0 without its first POST to /v1/a
	const again = eventRun();
	expect(stampKey(again, nodeIn(again), 1, post('/v1/a'), 'event').key).toBe(item1);
	expect(stampKey(again, nodeIn(again), 0, post('/v1/b'), 'event').key).toBe(b);
});

test('an operation\'s item with no execution ID (a tool served over MCP): its POSTs are keyed from the request, never at random, so the model asking again gets the same key', () => {
	// an operation's context (it has an item index) in an execution n8n has not numbered
	const toolItem = (executionId: string | undefined) => ({ ...(running({ executionId }) as object), getExecutionId: () => executionId, getItemIndex: () => 0 }) as never;
	const boost = () => ({ method: 'POST' as const, url: '/v1/ads/boost', body: { postId: 'p', budgetAmount: 15 }, headers: {} as Record<string, string> });
	const endpoint = { action: 'Boost a post', path: '/v1/ads/boost', keying: 'workflow' as const };
	const keys = [undefined, '', undefined].map((id) => {
		const request = boost();
		describeCall(toolItem(id), request, { itemIndex: 0, endpoint });
		return request.headers['Idempotency-Key'];
	});
	expect(keys).toEqual([spendKey(running(), nodeIn(running()), 0, boost()), keys[0], keys[0]]);
	// a page keyed by the execution: the same from one call to the next, made from the request
	const page = () => ({ method: 'POST' as const, url: '/v1/commerce/pages', body: { title: 'A' }, headers: {} as Record<string, string> });
	const pageKeys = [0, 1].map(() => {
		const request = page();
		describeCall(toolItem(undefined), request, { itemIndex: 0, endpoint: { action: 'Create a page', path: '/v1/commerce/pages', keying: 'execution' } });
		return request.headers['Idempotency-Key'];
	});
	expect(pageKeys[0]).toMatch(/^n8n-[0-9a-f]{40}$/);
	expect(pageKeys[1]).toBe(pageKeys[0]);
	// the Trigger's own calls (no item, no execution): one key per call, made at random
	const lifecycle = { getNode: () => ({ id: 't', name: 'Trigger' }), getExecutionId: () => undefined } as never;
	const registered = page();
	describeCall(lifecycle, registered, {});
	expect(registered.headers['Idempotency-Key']).toMatch(/^n8n-[0-9a-f-]{36}$/);
});
