import type { IExecuteSingleFunctions, INode } from 'n8n-workflow';

/** Limit Spending on, every cap wide open: each test narrows the ones it is about. */
export const OPEN_CAPS = { limitSpending: true, maxDailyBudget: 1_000_000, maxLifetimeBudget: 1_000_000, pausedOnly: false, maxSpendingCallsPerExecution: 1000 };

const node: INode = { id: 'ads-node', name: 'Storefront Ads', type: 'n8n-nodes-storefront.storefrontAds', typeVersion: 1, position: [0, 0], parameters: {} };

/**
 * n8n's context for the caps' preSend and postReceive functions, reduced to what they read: the
 * credential (OPEN_CAPS with `caps` over it), the node, the execution and the item.
 */
export const spendContext = (execution: string, item = 0, caps: Partial<typeof OPEN_CAPS> = {}) =>
	({
		getCredentials: async () => ({ ...OPEN_CAPS, ...caps }),
		getNode: () => node,
		getExecutionId: () => execution,
		getItemIndex: () => item,
	}) as unknown as IExecuteSingleFunctions;
