import type { IExecuteSingleFunctions, INode } from 'n8n-workflow';

import { SPEND_CAPS, type CapValues } from '../../nodes/StorefrontAds/helpers/spendCapDeclarations';

/** Limit Spending on, every cap wide open (an amount of 1,000,000, a switch off): each test narrows the ones it is about. */
export const OPEN_CAPS = { limitSpending: true, ...(Object.fromEntries(SPEND_CAPS.map((c) => [c.field, c.type === 'boolean' ? false : 1_000_000])) as CapValues) };

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
