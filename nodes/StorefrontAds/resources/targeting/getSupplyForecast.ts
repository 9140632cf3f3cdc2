import type { IDataObject, IExecuteSingleFunctions, IHttpRequestOptions } from 'n8n-workflow';

import { collection, field } from '../../../shared/fieldBuilders';
import { bodyFrom, failItem } from '../../../shared/requestActions';
import { spec } from '../../helpers/adsFields';
import { accountId, adAccountId } from '../../helpers/adsLocators';
import { adsOperation } from '../../helpers/adsOperation';
import { wholeDailyBudget } from '../../helpers/budget';
import { dayField } from '../../helpers/dates';
import { explainUnavailable, sendSpec } from '../../helpers/targetingSpec';

const day = (value: unknown) => String(value ?? '').slice(0, 10);

/** The forecast window must be given, in the future (UTC days) and in order: refused before the call otherwise. */
async function checkWindow(this: IExecuteSingleFunctions, request: IHttpRequestOptions) {
	const { fromDate, toDate } = request.body as IDataObject;
	if (!fromDate || !toDate) failItem(this, 'The forecast window needs From Date and To Date', 'Set both dates, in the future.');
	const today = new Date().toISOString().slice(0, 10);
	if (String(fromDate) < today) failItem(this, `From Date ${String(fromDate)} is in the past`, 'A supply forecast is for a future window: start today or later.');
	if (String(toDate) < String(fromDate)) failItem(this, 'To Date is before From Date', 'Set To Date on or after From Date.');
	return request;
}

export const fields = [
	accountId,
	adAccountId,
	spec,
	// the future window (UTC days)
	{ ...dayField('From Date', 'fromDate', 'First day (UTC) of the forecast window, in the future'), required: true },
	{ ...dayField('To Date', 'toDate', 'Last day (UTC) of the forecast window'), required: true },
	field({
		displayName: 'Daily Budget',
		name: 'dailyBudget',
		type: 'number',
		required: true,
		typeOptions: { minValue: 1, numberPrecision: 0 },
		default: 50,
		description: "Whole units of the currency (no cents)",
	}),
	collection('Options', 'options', [{ displayName: 'Currency', name: 'currency', type: 'string', default: 'USD', description: 'ISO code of the budget and the forecast spend' }], 'Add Option'),
];

export const option = adsOperation({
	value: 'getSupplyForecast',
	name: 'Get Supply Forecast',
	action: 'Get a supply forecast for a targeting',
	description: 'Projected impressions, clicks and spend for a targeting, a future window and a daily budget. Creates nothing.',
	method: 'POST',
	// a POST that only reads: asking again is harmless, so it is keyed by the execution, not the event
	keying: 'execution',
	path: '/v1/ads/targeting/supply-forecast',
	spends: 'none',
	fields,
	inRequest: {
		adAccountId: { in: 'body', locator: true },
		fromDate: { in: 'body', map: day },
		toDate: { in: 'body', map: day },
		dailyBudget: { in: 'body', map: wholeDailyBudget },
	},
	preSend: [sendSpec, checkWindow, bodyFrom('options')],
	postReceive: [explainUnavailable('No supply forecast is available for this targeting on this network. Nothing was created.')],
});
