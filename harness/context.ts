import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { KEYS, startFakeApi, type FakeApiServer } from '../fake-api';
import { runNode, type RunOptions } from './index';

/**
 * Per-test-file setup: a fresh fake API and a `run` bound to one node type and key.
 * `run(parameters, extra)` executes the node and returns the output and the requests the API received.
 */
export function useFakeApi(node: string) {
	const ctx = {
		api: undefined as unknown as FakeApiServer,
		apiKey: KEYS.full as string,
		async run(parameters: INodeParameters, extra: Partial<RunOptions> = {}) {
			ctx.api.clearRequests();
			const result = await runNode({
				node,
				parameters,
				// saved with Limit Spending off: the spending-caps tests set their own
				credentials: { apiKey: ctx.apiKey, baseUrl: ctx.api.url, limitSpending: false },
				...extra,
			});
			return { ...result, requests: [...ctx.api.requests] };
		},
	};
	beforeEach(async () => {
		ctx.api = await startFakeApi();
		ctx.apiKey = KEYS.full;
	});
	afterEach(async () => await ctx.api.close());
	return ctx;
}

/** A resource locator value chosen "By ID". */
export const byId = (value: string) => ({ __rl: true, mode: 'id', value });

/** A resource locator value chosen "From list". */
export const fromList = (value: string) => ({ __rl: true, mode: 'list', value });

export const json = (value: unknown) => JSON.parse(JSON.stringify(value)) as IDataObject;
