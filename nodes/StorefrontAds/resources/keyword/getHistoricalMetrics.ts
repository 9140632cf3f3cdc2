import { collection, returnAllOrLimit } from '../../../shared/fieldBuilders';
import { bodyFrom, carryOntoRows, codesList, failItem, linesList } from '../../../shared/requestActions';
import { keywords, searchCountries } from '../../helpers/adsFields';
import { accountId, customerId } from '../../helpers/adsLocators';
import { adsOperation } from '../../helpers/adsOperation';
import { convertMicros, convertMicrosField } from '../../helpers/searchnet';

/** accountId: a searchnet connection. */
export const fields = [
	accountId,
	keywords,
	searchCountries,
	collection('Options', 'options', [customerId], 'Add Option'),
	convertMicrosField,
	...returnAllOrLimit('keywords'),
];

export const option = adsOperation({
	value: 'getHistoricalMetrics',
	name: 'Get Historical Metrics',
	action: 'Get historical metrics of many keywords',
	description: 'Monthly searches, competition and top-of-page bids for keywords you name; one item per keyword',
	method: 'POST',
	// a POST that only reads: asking again is harmless, so it is keyed by the execution, not the event
	keying: 'execution',
	path: '/v1/ads/keywords/historical-metrics',
	spends: 'none',
	fields,
	inRequest: {
		keywords: {
			in: 'body',
			map(value) {
				const list = linesList(value);
				return list.length ? list : failItem(this, 'No keywords given', 'Enter one or more keywords, one per line.');
			},
		},
		searchCountries: { in: 'body', as: 'countries', optional: true, map: codesList },
	},
	preSend: [bodyFrom('options')],
	postReceive: [carryOntoRows('data', ['customerId']), convertMicros],
	list: { style: 'none', rootProperty: 'data' },
});
