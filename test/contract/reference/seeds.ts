import { KEYS, type FakeApiServer } from '../../../fake-api';

/**
 * What an endpoint needs to exist before the node calls it. Each seed returns `$token` values
 * (ids) that the endpoint data refers to. Made through the fake API's own HTTP endpoints, except
 * ads state that has no create endpoint of its own (campaigns with ad sets, keywords): through its services.
 */

export type Tokens = Record<string, string>;
type Seed = (api: FakeApiServer) => Promise<Tokens> | Tokens;

const HOSTED = 'store_hosted';

async function call(api: FakeApiServer, method: string, path: string, body?: unknown): Promise<Record<string, unknown>> {
	const response = await fetch(`${api.url}${path}`, {
		method,
		headers: { authorization: `Bearer ${KEYS.full}`, 'content-type': 'application/json' },
		body: body === undefined ? undefined : JSON.stringify(body),
	});
	const json = (await response.json()) as Record<string, unknown>;
	if (!response.ok) throw new Error(`seed ${method} ${path} answered ${response.status}: ${JSON.stringify(json)}`);
	return json;
}
async function many(api: FakeApiServer, path: string, body: (i: number) => Record<string, unknown>): Promise<Tokens> {
	for (let i = 0; i < 101; i++) await call(api, 'POST', path, { accountId: HOSTED, ...body(i) });
	return {};
}
const idOf = (json: Record<string, unknown>, key: string) => String((json[key] as { id: string }).id);

export const SEEDS: Record<string, Seed> = {
	sync: async (api) => ({
		sync: idOf(await call(api, 'POST', '/v1/commerce/catalog-syncs', { accountId: HOSTED, catalogAccountId: 'cat_acc_1', catalogId: 'catalog_1' }), 'catalogSync'),
	}),
	activity: async (api) => {
		const activity = { accountId: HOSTED, remoteId: 'remote_seed', title: 'Seed', url: 'https://shop.example.com', tactic: 'AD', channel: 'SOCIAL', status: 'ACTIVE' };
		await call(api, 'PUT', '/v1/commerce/marketing-activities', activity);
		return { remote: 'remote_seed' };
	},
	menu: async (api) => ({
		menu: idOf(await call(api, 'POST', '/v1/commerce/menus', { accountId: HOSTED, title: 'Main', handle: 'main', items: [{ title: 'Home', url: '/' }] }), 'menu'),
	}),
	metaobject: async (api) => ({
		metaobject: idOf(await call(api, 'POST', '/v1/commerce/metaobjects', { accountId: HOSTED, type: 'designer', fields: [{ key: 'name', value: 'Ana' }] }), 'metaobject'),
	}),
	page: async (api) => ({
		page: idOf(await call(api, 'POST', '/v1/commerce/pages', { accountId: HOSTED, title: 'Seed page', bodyHtml: '<p>Seed</p>' }), 'page'),
	}),
	redirect: async (api) => ({
		redirect: idOf(await call(api, 'POST', '/v1/commerce/redirects', { accountId: HOSTED, path: '/seed', target: '/pages/seed' }), 'redirect'),
	}),
	// more rows than one page of 100, so that Return All asks for a second page
	manyPages: (api) => many(api, '/v1/commerce/pages', (i) => ({ title: `Page ${i}` })),
	manyMetaobjects: (api) => many(api, '/v1/commerce/metaobjects', (i) => ({ type: 'designer', fields: [{ key: 'name', value: `Name ${i}` }] })),
	manyRedirects: (api) => many(api, '/v1/commerce/redirects', (i) => ({ path: `/old-${i}`, target: `/new-${i}` })),

	campaign: (api) => {
		const campaign = api.ads.seedCampaign('acc_social1', 'Seed campaign', 1);
		return {
			campaign: campaign.platformCampaignId,
			ad: api.ads.adsOf(campaign.platformCampaignId)[0].id,
			adSet: api.ads.adSetsOf(campaign.platformCampaignId)[0].platformAdSetId,
		};
	},
	searchCampaign: (api) => {
		const campaign = api.ads.seedCampaign('acc_search1', 'Seed search', 1);
		const adSet = api.ads.adSetsOf(campaign.platformCampaignId)[0].platformAdSetId;
		const [keyword] = api.keywords.seed('acc_search1', campaign.platformCampaignId, adSet, ['linen shirt']);
		return { searchCampaign: campaign.platformCampaignId, searchAdSet: adSet, searchAd: api.ads.adsOf(campaign.platformCampaignId)[0].id, keyword: keyword.id };
	},
	audience: async (api) => ({
		audience: idOf(await call(api, 'POST', '/v1/ads/audiences', { accountId: 'acc_social1', adAccountId: 'act_1001', name: 'Seed buyers', type: 'customer_list' }), 'audience'),
	}),
	chatnet: async (api) => {
		const connection = await call(api, 'POST', '/v1/connect/chatnet/ads', { api_key: 'cn_live_seed12345678' });
		const accounts = await call(api, 'GET', `/v1/ads/accounts?accountId=${String(connection.id)}`);
		return { chatnet: String(connection.id), chatnetAdAccount: (accounts.accounts as Array<{ adAccountId: string }>)[0].adAccountId };
	},

	webhook: async (api) => {
		// nothing listens on port 9: the test delivery fails at once and is logged
		const webhook = String((await call(api, 'POST', '/v1/webhooks', { url: 'http://127.0.0.1:9/hook', description: 'Seed' })).id);
		await call(api, 'POST', `/v1/webhooks/${webhook}/test`);
		const { deliveries } = (await call(api, 'GET', `/v1/webhooks/${webhook}/deliveries`)) as { deliveries: Array<{ id: string }> };
		return { webhook, delivery: deliveries[0].id };
	},
};
