import type { IExecuteSingleFunctions, INode } from 'n8n-workflow';

import { SPENDING_CAPS, type CapValues } from '../../credentials/spendingCaps';

/** Limit Spending on, every cap wide open (an amount of 1,000,000, a switch off): each test narrows the ones it is about. */
export const OPEN_CAPS = { limitSpending: true, ...(Object.fromEntries(SPENDING_CAPS.map((c) => [c.field, c.type === 'boolean' ? false : 1_000_000])) as CapValues) };

const node: INode = { id: 'ads-node', name: 'Storefront Ads', type: 'n8n-nodes-storefront.storefrontAds', typeVersion: 1, position: [0, 0], parameters: {} };

/**
 * Each execution's custom data (`$execution.customData`), as n8n keeps it in the execution's run
 * data (resultData.metadata): at most 10 keys, a value kept as text (n8n-core execution-metadata.js).
 */
export const executionData = new Map<string, Record<string, string>>();
const KV_LIMIT = 10;
const customData = (execution: string) => {
	if (!executionData.has(execution)) executionData.set(execution, {});
	const data = executionData.get(execution)!;
	return {
		get: (key: string) => data[key],
		set: (key: string, value: unknown) => {
			if (!(key in data) && Object.keys(data).length >= KV_LIMIT) return;
			data[key] = String(value);
		},
	};
};

/**
 * n8n's context for the caps' preSend and postReceive functions, reduced to what they read: the
 * credential (OPEN_CAPS with `caps` over it), the node, the execution (its ID and custom data) and the item.
 */
export const spendContext = (execution: string, item = 0, caps: Partial<typeof OPEN_CAPS> = {}) =>
	({
		getCredentials: async () => ({ ...OPEN_CAPS, ...caps }),
		getNode: () => node,
		getExecutionId: () => execution,
		getItemIndex: () => item,
		getWorkflowDataProxy: () => ({ $execution: { customData: customData(execution) } }),
	}) as unknown as IExecuteSingleFunctions;
