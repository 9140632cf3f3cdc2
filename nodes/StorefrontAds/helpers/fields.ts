import type { INodeProperties } from 'n8n-workflow';

import { resourceLocator } from '../../shared/fields';

/**
 * Fields used by several Ads operations: one property per name for the whole node (n8n
 * evaluates a mapped value once per same-named property, twice per item). Operations name the
 * ones they show in `uses`; `assembleNode` shows each on exactly those operations.
 * Add a field here only with a small edit (other files are being written beside this one).
 */
export const sharedFields: INodeProperties[] = [
	resourceLocator({
		displayName: 'Ad Connection',
		name: 'accountId',
		searchListMethod: 'searchAdConnections',
		placeholder: 'e.g. acc_social1',
		description: 'The connected ad network login (shown with its network); its ID is the accountId of the call',
		idPattern: { regex: '^acc_\\S+$', message: 'An ad connection ID starts with acc_' },
	}),
	resourceLocator({
		displayName: 'Ad Account',
		name: 'adAccountId',
		searchListMethod: 'searchAdAccounts',
		placeholder: 'e.g. act_1001',
		description: "The network's ad account, loaded for the chosen ad connection; its currency is the budget's",
	}),
];
