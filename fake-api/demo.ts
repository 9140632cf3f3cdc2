import { KEYS, type FakeApiServer } from '.';

/**
 * The demo data `npm start` serves: a hosted store with pages, a menu, redirects and
 * metaobjects, a plugin store, ads on several networks (campaigns, ads, an audience, search
 * keywords) and posts to boost. Store content goes in through the API's own routes, so it
 * passes the same checks as anything a workflow sends.
 */
export const DEMO = {
	store: 'store_hosted',
	pluginStore: 'store_plugin',
	socialConnection: 'acc_social1',
	socialAdAccount: 'act_1001',
	searchConnection: 'acc_search1',
	/** The campaign the landing-page examples report on: it sends people to the Summer sale page. */
	campaign: 'cmp_demo_summer_sale',
	/** The socialnet pixel the MCP example sends conversions to. */
	socialPixel: 'px_1001',
} as const;

export async function seedDemo(api: FakeApiServer) {
	const call = async (method: string, path: string, body: unknown) => {
		const res = await fetch(`${api.url}${path}`, {
			method,
			headers: { authorization: `Bearer ${KEYS.full}`, 'content-type': 'application/json' },
			body: JSON.stringify(body),
		});
		if (!res.ok) throw new Error(`demo seed: ${method} ${path} → ${res.status} ${await res.text()}`);
		return (await res.json()) as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
	};
	const accountId = DEMO.store;
	const page = async (title: string, handle: string, bodyHtml: string) =>
		await call('POST', '/v1/commerce/pages', { accountId, title, handle, bodyHtml, isPublished: true });

	await page('About us', 'about-us', '<p>Linen clothes, made to last, since 2019.</p>');
	await page('Shipping & returns', 'shipping', '<p>Free shipping over 50 USD. 30-day returns.</p>');
	await page('Size guide', 'size-guide', '<table><tr><th>S</th><th>M</th><th>L</th></tr></table>');
	await call('POST', '/v1/commerce/pages', { accountId: DEMO.pluginStore, title: 'Welcome', handle: 'welcome', isPublished: true });
	await call('POST', '/v1/commerce/menus', {
		accountId,
		title: 'Main menu',
		handle: 'main-menu',
		items: [
			{ title: 'Shop', type: 'COLLECTION', url: '/collections/all', items: [{ title: 'New in', type: 'COLLECTION', url: '/collections/new' }] },
			{ title: 'About', type: 'PAGE', url: '/pages/about-us' },
		],
	});
	await call('POST', '/v1/commerce/menus', { accountId, title: 'Footer', handle: 'footer', items: [{ title: 'Shipping', type: 'PAGE', url: '/pages/shipping' }] });
	await call('POST', '/v1/commerce/redirects', { accountId, path: '/about', target: '/pages/about-us' });
	await call('POST', '/v1/commerce/metaobjects', {
		accountId,
		type: 'designer',
		handle: 'ana-linen',
		fields: [{ key: 'name', value: 'Ana Linen' }, { key: 'bio', value: 'Designs the summer line.' }],
	});
	await call('POST', '/v1/commerce/metaobjects', {
		accountId,
		type: 'faq',
		fields: [{ key: 'question', value: 'Do you ship abroad?' }, { key: 'answer', value: 'Yes, to 30 countries.' }],
	});

	api.ads.seedCampaign(DEMO.socialConnection, 'Summer sale', 2, 'service', DEMO.campaign);
	api.ads.seedCampaign(DEMO.socialConnection, 'Retargeting', 1);
	const search = api.ads.seedCampaign(DEMO.searchConnection, 'Brand search', 1);
	const [searchSet] = api.ads.adSetsOf(search.platformCampaignId);
	api.keywords.seed(DEMO.searchConnection, search.platformCampaignId, searchSet.platformAdSetId, ['linen shirt', 'linen dress']);
	api.ads.seedCampaign('acc_video1', 'Lookbook videos', 1);
	api.ads.seedCampaign('acc_pro1', 'Wholesale', 1);

	const { audience } = await call('POST', '/v1/ads/audiences', {
		accountId: DEMO.socialConnection,
		adAccountId: DEMO.socialAdAccount,
		name: 'Newsletter subscribers',
		type: 'customer_list',
	});
	const users = Array.from({ length: 250 }, (_, i) => ({ email: `subscriber${i + 1}@example.com` }));
	await call('POST', `/v1/ads/audiences/${audience.id}/users`, { users });
}
