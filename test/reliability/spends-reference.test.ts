import { CAMPAIGN_DRY_RUN } from '../../fake-api/ads';
import { networksWhere } from '../../nodes/StorefrontAds/helpers/networks';
import { SPEND_ACTIONS, type SpendAction } from '../../credentials/spendingCaps';
import { canDo, spendsOf } from '../../nodes/StorefrontAds/helpers/spends';
import { adsResources } from '../../nodes/StorefrontAds/resources';
import { adsEndpoints } from '../contract/reference/ads';
import type { Endpoint, RequestField } from '../contract/reference/types';

/**
 * Issue 57, finding 3: every request field the reference names that can change spending is declared
 * by its operation. The reference's Ads endpoints as data (test/contract/reference/ads.ts, which
 * reference.test.ts runs through the node) are read field by field; each body field, and each
 * member an object field sends, is looked up below. Deny by default: a field this table does not
 * name fails the test until someone says what it does to spending.
 */

/** Endpoints that create something able to spend (reference: "Creates spend real money unless status: PAUSED"). */
const CREATES = ['POST /v1/ads/create', 'POST /v1/ads/boost', 'POST /v1/ads/messaging', 'POST /v1/ads/call', 'POST /v1/ads/campaigns'];

/** POSTs that answer a question and change nothing, with the reference's words; GETs are reads too. */
const READS: Record<string, string> = {
	'POST /v1/ads/targeting/bid-pricing': 'nothing is created',
	'POST /v1/ads/targeting/supply-forecast': 'projects impressions, clicks and spend',
	'POST /v1/ads/keywords/ideas': 'keyword ideas with their metrics',
	'POST /v1/ads/keywords/historical-metrics': 'same metrics for keywords already held',
};

/** What a body field (or `field.member` of an object field) can do to spending; 'nothing' when it cannot. */
const FIELDS: Record<string, SpendAction | readonly SpendAction[] | 'nothing'> = {
	// a create's status (ACTIVE is the default) and a status change
	status: 'activate',
	budget: 'budget',
	budgetAmount: 'budget',
	budgetType: 'budget',
	bidAmount: 'bid',
	bidStrategy: 'bid',
	// "A keyword reaches an ad group by Keyword → Add and also by PUT /v1/ads/{adId} with targeting.keywords: both start bidding on it"
	keywords: 'keywords',
	'targeting.keywords': 'keywords',
	// "changes the account, cannot be undone": a type may do anything
	recommendations: SPEND_ACTIONS,
	...Object.fromEntries(
		[
			'accountId', 'adAccountId', 'adSetId', 'api_key', 'audienceId', 'body', 'callToAction', 'campaigns', 'campaignType', 'countries', 'creative', 'creative.headline',
			'descriptions', 'destination', 'destinationId', 'endDate', 'events', 'existingCampaignId', 'finalUrls', 'goal', 'headline', 'headlines', 'identityId',
			'identityType', 'imageUrl', 'linkUrl', 'name', 'negative', 'organizationId', 'phoneNumber', 'platform', 'postId', 'resourceNames', 'sparkAuthCode', 'startDate',
			'targeting', 'targeting.ageMax', 'targeting.ageMin', 'targeting.countries', 'type', 'users',
			// a dry run where the API applies it (Campaign → Create checks where: finding 5)
			'validateOnly',
		].map((name) => [name, 'nothing' as const]),
	),
};

const endpointOf = (e: Pick<Endpoint, 'method' | 'path'>) => `${e.method} ${e.path}`;
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The names a body field is looked up by: itself and, when it spends nothing itself, each member of the object it sends (targeting.keywords). */
const namesOf = (f: RequestField) => (FIELDS[f.name] === 'nothing' && isObject(f.node?.sends) ? [f.name, ...Object.keys(f.node.sends).map((m) => `${f.name}.${m}`)] : [f.name]);

/** What the reference says an endpoint's requests can do to spending, and the names the table does not know. */
function derived(e: Endpoint) {
	const actions = new Set<SpendAction>(CREATES.includes(endpointOf(e)) ? ['create'] : []);
	const unknown: string[] = [];
	if (e.method === 'GET' || READS[endpointOf(e)]) return { actions, unknown };
	for (const f of e.request.filter((x) => x.in === 'body')) {
		for (const name of namesOf(f)) {
			const does = FIELDS[name];
			if (does === undefined) unknown.push(name);
			else if (does !== 'nothing') for (const a of typeof does === 'string' ? [does] : does) actions.add(a);
		}
	}
	return { actions, unknown };
}

const ads = adsEndpoints.map((e) => ({ e, option: adsResources.find((r) => r.value === e.resource)?.operations.find((o) => o.option.value === e.operation)?.option }));

test('every Ads operation is one endpoint of the reference data, and every body field of those endpoints is in the table (deny by default)', () => {
	// as many as the node has operations: each is one endpoint of the reference data
	expect(ads).toHaveLength(adsResources.flatMap((r) => r.operations).length);
	expect(ads.filter((a) => !a.option).map((a) => endpointOf(a.e))).toEqual([]);
	expect(ads.flatMap(({ e }) => derived(e).unknown.map((name) => `${endpointOf(e)}: ${name}`))).toEqual([]);
	// and the table names nothing the reference does not
	const named = new Set(ads.flatMap(({ e }) => e.request.filter((f) => f.in === 'body').flatMap(namesOf)));
	expect(Object.keys(FIELDS).filter((name) => !named.has(name))).toEqual([]);
});

test('finding 3: each operation declares every spending action its endpoint\'s fields can take (Ad → Update\'s targeting keywords among them)', () => {
	const missing = ads.flatMap(({ e, option }) => {
		const declared = canDo(spendsOf(option!)!);
		return [...derived(e).actions].filter((a) => !declared.includes(a)).map((a) => `${e.resource} → ${e.operation} (${endpointOf(e)}): ${a}`);
	});
	expect(missing).toEqual([]);
	expect(canDo(spendsOf(ads.find(({ e }) => endpointOf(e) === 'PUT /v1/ads/{adId}')!.option!)!)).toContain('keywords');
});

test('the networks table says where Campaign → Create\'s Validate Only is a dry run as the fake API applies it (reference: "validateOnly applies to socialnet and chatnet")', () => {
	expect(networksWhere('campaignValidate').sort()).toEqual([...CAMPAIGN_DRY_RUN].sort());
});
