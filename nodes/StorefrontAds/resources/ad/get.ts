import { field } from '../../../shared/fieldBuilders';
import { simplifiedWhenOn, unwrap } from '../../../shared/requestActions';
import { adSimplify, simplifyAd } from '../../helpers/adOutput';
import { adId } from '../../helpers/adsLocators';
import { adsOperation } from '../../helpers/adsOperation';

export const fields = [
	adId,
	field({
		displayName: 'Live',
		name: 'live',
		type: 'boolean',
		default: false,
		description: "Whether to re-read the ad from the network now instead of the last synced copy (the output's stale field is true for a synced copy)",
	}),
	adSimplify,
];

export const option = adsOperation({
	value: 'get',
	name: 'Get',
	action: 'Get an ad',
	description: 'Get an ad with its creative, targeting and schedule',
	method: 'GET',
	path: '/v1/ads/{adId}',
	spends: 'none',
	fields,
	inRequest: { live: { in: 'query', optional: true, map: (v) => (v ? 'true' : undefined) } },
	// `{ad, stale}` → the ad with `stale` beside its fields
	postReceive: [unwrap('ad', { keep: ['stale'] }), simplifiedWhenOn(simplifyAd)],
});
