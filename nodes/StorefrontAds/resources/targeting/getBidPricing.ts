import { collection } from '../../../shared/fieldBuilders';
import { bodyFrom } from '../../../shared/requestActions';
import { spec } from '../../helpers/adsFields';
import { accountId, adAccountId } from '../../helpers/adsLocators';
import { adsOperation } from '../../helpers/adsOperation';
import { wholeDailyBudgetIn } from '../../helpers/budget';
import { explainUnavailable, sendSpec } from '../../helpers/targetingSpec';

/** accountId: a pronet ad connection (other networks answer available: false). */
export const fields = [
	accountId,
	adAccountId,
	spec,
	collection(
		'Options',
		'options',
		[
			{
				displayName: 'Bid Type',
				name: 'bidType',
				type: 'options',
				options: [
					{ name: 'CPC', value: 'CPC' },
					{ name: 'CPM', value: 'CPM' },
					{ name: 'CPV', value: 'CPV' },
				],
				default: 'CPM',
				description: 'The API uses CPM when none is given',
			},
			{ displayName: 'Currency', name: 'currency', type: 'string', default: 'USD', description: 'ISO code of the prices' },
			{
				displayName: 'Daily Budget',
				name: 'dailyBudget',
				type: 'number',
				typeOptions: { minValue: 1, numberPrecision: 0 },
				default: 50,
				description: 'Whole units of the currency (no cents)',
			},
			{ displayName: 'Objective Type', name: 'objectiveType', type: 'string', default: '', placeholder: 'e.g. WEBSITE_VISIT, LEAD_GENERATION' },
		],
		'Add Option',
	),
];

export const option = adsOperation({
	value: 'getBidPricing',
	name: 'Get Bid Pricing',
	action: 'Get bid pricing for a targeting',
	description: 'Bid limits, suggested bid and minimum daily budget (pronet); other networks answer available: false. Creates nothing.',
	method: 'POST',
	// a POST that only reads: asking again is harmless, so it is keyed by the execution, not the event
	keying: 'execution',
	path: '/v1/ads/targeting/bid-pricing',
	spends: 'none',
	fields,
	inRequest: { adAccountId: { in: 'body', locator: true } },
	preSend: [sendSpec, bodyFrom('options', wholeDailyBudgetIn)],
	postReceive: [explainUnavailable('Not available for this network: bid pricing is offered on pronet only. Nothing was created.')],
});
