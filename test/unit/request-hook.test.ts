import type { DeclarativeRestApiSettings, IExecutePaginationFunctions, IN8nHttpFullResponse, INodeExecutionData } from 'n8n-workflow';

import { requestHook, type HookedOperation } from '../../nodes/shared/wire/request';

/**
 * The declarative door of the wire (nodes/shared/wire/request.ts `requestHook`) with RoutingNode's side
 * faked: `makeRoutingRequest` records the request and hands the answer to the postReceive the
 * hook installed, as RoutingNode does. What only this door decides: the net under the fields'
 * checks (a path that would move is refused unsent, naming the item), which methods carry an
 * Idempotency-Key. The operations themselves run through n8n-core in test/commerce, test/ads
 * and test/webhooks.
 */

type Options = DeclarativeRestApiSettings.ResultOptions['options'];

let base = 0;

function hookRun(requests: Array<Partial<Options>>, itemIndex = 0, declaredPath = '/v1/commerce/pages/{pageId}', statuses: number[] = []) {
	const sent: Options[] = [];
	const requestData = { options: { method: 'GET', url: '/' }, postReceive: [], paginate: true, maxResults: 0 } as unknown as DeclarativeRestApiSettings.ResultOptions;
	const credentials = { baseUrl: `https://hook-${(base += 1)}.example.com`, apiKey: 'sk_test' };
	const ctx = {
		getNode: () => ({ id: 'node-1', name: 'Storefront', type: 'n8n-nodes-storefront.storefrontCommerce' }),
		getItemIndex: () => itemIndex,
		continueOnFail: () => false,
		getCredentials: async () => credentials,
		getExecutionId: () => 'exec-1',
		getWorkflow: () => ({ id: 'wf-1' }),
		getMode: () => 'manual',
		getNodeParameter: (_name: string, fallback: unknown) => fallback,
		additionalData: {},
		async makeRoutingRequest(this: IExecutePaginationFunctions, data: { options: Options }) {
			sent.push(structuredClone(data.options));
			const statusCode = statuses[sent.length - 1] ?? 200;
			const response: IN8nHttpFullResponse = { statusCode, headers: {}, body: statusCode === 200 ? { ok: true } : { error: { code: 'not_found', message: 'No such page' } } };
			let items: INodeExecutionData[] = [{ json: { ok: true } }];
			for (const step of requestData.postReceive) for (const action of step.actions) if (typeof action === 'function') items = await action.call(this as never, items, response);
			return items;
		},
	} as unknown as IExecutePaginationFunctions;
	const declared: HookedOperation = {
		action: 'test',
		path: declaredPath,
		postReceive: [],
		failedChecks: new WeakMap(),
		async makeRequests() {
			const out: INodeExecutionData[] = [];
			for (const request of requests) out.push(...(await this.makeRoutingRequest({ options: { ...request } as Options } as never)));
			return out;
		},
	};
	return { result: requestHook(declared).call(ctx, requestData), sent };
}

test('a path that would move (an empty, "." or ".." part) is refused before anything is sent, naming the path and the item', async () => {
	const { result, sent } = hookRun([{ method: 'DELETE', url: '/v1/commerce/pages/..' }], 3);
	const error = await result.then(() => undefined, (e: unknown) => e as { message: string; description: string; context: { itemIndex?: number } });
	expect(sent).toEqual([]);
	expect(error?.message).toBe('The request path "/v1/commerce/pages/.." has an empty, "." or ".." part');
	expect(error?.description).toBe('One of its IDs would send the request to another endpoint, so nothing was sent. Check the IDs given to the node: each must be the ID as the API returns it.');
	expect(error?.context.itemIndex).toBe(3);
});

test('only a POST carries an Idempotency-Key; every item comes out paired with its input', async () => {
	const { result, sent } = hookRun([{ method: 'GET', url: '/v1/commerce/pages' }, { method: 'PATCH', url: '/v1/commerce/pages/p1', body: {} }, { method: 'POST', url: '/v1/commerce/pages', body: {} }], 2);
	expect(await result).toEqual([0, 1, 2].map(() => ({ json: { ok: true }, pairedItem: { item: 2 } })));
	expect(sent.map((r) => Object.keys(r.headers ?? {}))).toEqual([[], [], ['Idempotency-Key']]);
});

test('a DELETE whose first answer was lost (a 503) and that then finds nothing is deleted, naming the last ID of the declared path, decoded', async () => {
	const gone = async (declared: string, url: string) => {
		const { result, sent } = hookRun([{ method: 'DELETE', url }], 0, declared, [503, 404]);
		const items = await result;
		expect(sent).toHaveLength(2);
		return items.map((item) => item.json);
	};
	expect(await gone('/v1/commerce/pages/{pageId}', '/v1/commerce/pages/p%201')).toStrictEqual([expect.objectContaining({ deleted: true, pageId: 'p 1', alreadyDeleted: true })]);
	expect(await gone('/v1/ads/{adAccountId}/audiences/{audienceId}', '/v1/ads/act_1/audiences/aud_2')).toStrictEqual([expect.objectContaining({ deleted: true, audienceId: 'aud_2' })]);
	expect(await gone('/v1/x.y/{itemId}', '/v1/x.y/i_3')).toStrictEqual([expect.objectContaining({ deleted: true, itemId: 'i_3' })]);
	// a URL the declared path does not describe, or a path without an ID: deleted, naming none
	for (const [declared, url] of [['/v1/commerce/pages/{pageId}', '/v1/other/p1'], ['/v1/commerce/pages', '/v1/commerce/pages']]) {
		const [json] = await gone(declared, url);
		expect(Object.keys(json).filter((k) => !['deleted', 'alreadyDeleted', 'note'].includes(k))).toEqual([]);
	}
});
