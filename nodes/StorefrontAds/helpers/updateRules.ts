import type { IDataObject, IExecuteSingleFunctions, IHttpRequestOptions } from 'n8n-workflow';

import { actionName } from '../../shared/actionNames';
import { collection } from '../../shared/fieldBuilders';
import { bodyFrom, failItem, requireAnyField } from '../../shared/requestActions';
import { wholeBudget } from './spendRequest';
import { budgetBody, budgetOptions } from './budget';
import { NETWORKS, networkOfPlatform } from './networks';

/** Update Fields of campaigns and ad sets (PUT with `platform`). */
export const updateFields = collection('Update Fields', 'updateFields', [
	{
		displayName: 'Bid Amount',
		name: 'bidAmount',
		type: 'number',
		typeOptions: { minValue: 0.01, numberPrecision: 2 },
		default: 1,
		description: 'In the ad account currency, more than 0: whole units on a campaign, any amount on an ad set',
	},
	{ displayName: 'Bid Strategy', name: 'bidStrategy', type: 'string', default: '', placeholder: 'e.g. LOWEST_COST_WITHOUT_CAP' },
	...budgetOptions,
	{ displayName: 'Name', name: 'name', type: 'string', default: '', description: 'Socialnet only' },
]);

/** What each network lets an update of a campaign or an ad set change (reference: update support). */
function checkUpdate(level: 'campaign' | 'adSet') {
	return async function (this: IExecuteSingleFunctions, request: IHttpRequestOptions) {
		const body = request.body as IDataObject;
		const platform = String(body.platform);
		const network = networkOfPlatform(platform);
		const Platform = platform.charAt(0).toUpperCase() + platform.slice(1);
		const support = NETWORKS[network]?.campaignUpdate;
		if (level === 'campaign' && support === false) {
			failItem(this, `${Platform} campaigns cannot be updated`, `Change the budget on the line item (${actionName('adSet', 'update')}) or on the ad (${actionName('ad', 'update')}).`);
		}
		if (body.name !== undefined && network !== 'socialnet') failItem(this, 'Only socialnet names can be changed', `Remove "Name": ${platform} does not rename.`);
		if (level === 'campaign' && support === 'budget' && (body.bidStrategy !== undefined || body.bidAmount !== undefined)) {
			failItem(this, `${Platform} takes budget changes only`, 'Remove "Bid Strategy" and "Bid Amount".');
		}
		// a campaign's bid is whole currency units (reference: PUT /v1/ads/campaigns); an ad set's bid is any number
		if (level === 'campaign' && body.bidAmount !== undefined) wholeBudget(this, body.bidAmount, 'Bid Amount');
		if (body.bidAmount !== undefined && !(Number(body.bidAmount) > 0)) failItem(this, 'Bid Amount must be more than 0', 'Enter the bid in the ad account currency, e.g. 0.50.');
		return request;
	};
}

export const updatePreSend = (level: 'campaign' | 'adSet') => [requireAnyField('updateFields'), bodyFrom('updateFields', budgetBody), checkUpdate(level)];
