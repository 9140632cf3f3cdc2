import { AD_STATUSES, AUDIENCE_TYPES, NETWORKS, PLATFORMS } from '../../../fake-api/contract/ads';
import { postIdOf } from '../../../fake-api/posts';
import { DAY, E164, ISO_TIME, picked, rl, type Endpoint, type NodeWay, type RequestField, type RunSpec } from './types';
// the node's operations, and the reference's text as parse.ts reads it (ways.ts joins them)
import { adsResources } from '../../../nodes/StorefrontAds/resources';
import { referenceEndpoints } from './parse';
import { endpointsOf, type AreaWays } from './ways';

/**
 * Ads endpoints (docs/reference/api-reference.md, its "Ads: ..." sections; where it says "not shown",
 * docs/reference/contract.md) and how Storefront Ads expresses each field. The endpoints whose
 * text parse.ts reads as the rows say are ways (`adsWays.endpoints`, at the end); the others are
 * written out whole (WRITTEN), because their text says it in words no rule of parse.ts reads:
 * - fields one network needs or takes, in prose ("`searchnet`, `microblog` and `chatnet` require a
 *   budget", "Per-network requirements…", "`searchnet` also takes headlines…", "`socialnet`: objectId…"):
 *   POST /v1/ads/campaigns, /v1/ads/create, /v1/ads/boost, PUT /v1/ads/{adId}, GET /v1/ads/insights;
 * - contract.md rows that refer to another ("create body + `destination`", "as POST /v1/ads/create",
 *   "as GET /v1/ads/best-posts", "as keywords/ideas", "as in the reference") or leave Required unsaid:
 *   POST /v1/ads/messaging, /v1/ads/call, GET /v1/ads/photoapp-posts, POST /v1/ads/keywords,
 *   /v1/ads/keywords/historical-metrics, PATCH and DELETE /v1/ads/keywords/{keywordId}, GET, PUT and
 *   DELETE /v1/ads/audiences/{audienceId}, POST /v1/ads/recommendations/apply and /dismiss,
 *   PUT /v1/ads/ad-sets/{adSetId}/status, POST /v1/ads/targeting/supply-forecast ("same spec plus…");
 * - allowed values given elsewhere (the platforms of "Neutral words", the statuses of "States and
 *   transitions", goals and bid types without backticks, the audience types of "Audience"):
 *   GET /v1/ads/tree, /v1/ads/campaigns, /v1/ads, PUT and DELETE /v1/ads/campaigns/{campaignId},
 *   PUT …/status, POST /v1/ads/campaigns/bulk-status, PUT /v1/ads/ad-sets/{adSetId},
 *   PUT /v1/ads/{adId}/status, POST and GET /v1/ads/audiences, POST /v1/ads/targeting/bid-pricing,
 *   GET /v1/connect/{network}/ads;
 * - a day format said once (the tree's "YYYY-MM-DD") for every fromDate and toDate, and contract.md's
 *   paging (limit 1 to 500, page from 1): GET /v1/ads/campaigns/{campaignId}/analytics,
 *   /v1/ads/{adId}/analytics, /v1/ads/search-terms, and the lists above;
 * - answers in words ("pauses or resumes…", "adds keywords…", "runs per item…", "a single ad also
 *   carries creative, targeting and schedule", "plus `postingAccountId` for `videonet`") or lists the
 *   node keeps as one item: GET /v1/ads/{adId}, GET /v1/ads/best-posts, GET /v1/ads/photoapp-accounts.
 * test/contract/parse.test.ts refuses a written row whose text parse.ts reads as the row says.
 */

const node = 'storefrontAds' as const;
const ALL_PLATFORMS = [...PLATFORMS, 'pronet', 'videonet'];
const GOALS = ['engagement', 'traffic', 'awareness', 'leads', 'conversions', 'video_views', 'app_promotion', 'messages'];
const LOWER_STATUS = ['active', 'paused'];

const SOCIAL = { accountId: rl('acc_social1'), adAccountId: rl('act_1001') };
const SEARCH = { accountId: rl('acc_search1'), adAccountId: rl('123-456-7890') };
const PRO = { accountId: rl('acc_pro1'), adAccountId: rl('501') };
const VIDEO = { accountId: rl('acc_video1'), adAccountId: rl('7001') };
/** Insight → Get on videonet: its Ad Account is a field of that network (videonetAdAccountId). */
const VIDEONET_INSIGHT = { network: 'videonet', accountId: rl('acc_video1'), videonetAdAccountId: rl('7001') };

type Loc = RequestField['in'];
// Lists typed into a text field are one entry per line (a comma may be part of a headline).

/** A field the node sets from one parameter: `f('body', 'name', 'string', { name: 'x' }, 'x')`. */
function f(where: Loc, name: string, type: RequestField['type'], set: NodeWay['set'], sends?: unknown, extra: Partial<RequestField> & { run?: string } = {}): RequestField {
	const { run, ...rest } = extra;
	return { name, in: where, type, node: { set, ...(sends === undefined ? {} : { sends }), ...(run ? { run } : {}) }, ...rest };
}
const req = { required: true };
const accountId = (where: Loc, set: NodeWay['set'] = { accountId: rl('acc_social1') }, sends = 'acc_social1') => f(where, 'accountId', 'string', set, sends, req);
const adAccountId = (where: Loc, required = true, value = 'act_1001') => f(where, 'adAccountId', 'string', { adAccountId: rl(value) }, value, required ? req : {});
const pathId = (name: string, token: string) => f('path', name, 'string', { [name]: rl(`$${token}`) }, `$${token}`, req);
const platformBody = f('body', 'platform', 'string', { platform: 'socialfeed' }, 'socialfeed', { ...req, values: ALL_PLATFORMS });
const idempotencyKey = f('header', 'Idempotency-Key', 'string', { 'options.idempotencyKey': 'key-123' }, 'key-123');
/** A day filter: the date picker's value in, a UTC day (YYYY-MM-DD) out. */
const day = (where: Loc, name: string, param: string, value: string, extra: Partial<RequestField> & { run?: string } = {}) =>
	f(where, name, 'string', { [param]: picked(value) }, value, { pattern: DAY, ...extra });
const dayQuery = (name: string, param: string, value: string) => day('query', name, param, value);
const pagedList = [
	f('query', 'limit', 'integer', { returnAll: false, limit: 3 }, 3, { min: 1, max: 500 }),
	// docs/reference/contract.md: `page` from 1; Return All pages with it
	f('query', 'page', 'integer', { returnAll: true }, undefined, { min: 1, run: 'paging' }),
];
const budgetObject = (prefix: string, amount: number) =>
	f('body', 'budget', 'object', { [`${prefix}budget`]: amount, [`${prefix}budgetType`]: 'lifetime' }, { amount, type: 'lifetime' });

/** The body of campaign and ad set updates (the same fields on both). */
const budgetUpdate = (bidStrategy: string, bidAmount: number, name: string) => [
	platformBody,
	budgetObject('updateFields.', 30),
	f('body', 'bidStrategy', 'string', { 'updateFields.bidStrategy': bidStrategy }, bidStrategy),
	f('body', 'bidAmount', 'number', { 'updateFields.bidAmount': bidAmount }, bidAmount),
	f('body', 'name', 'string', { 'updateFields.name': name }, name),
];

const CAMPAIGN_ROW = ['platformCampaignId', 'platform', 'campaignName', 'status', 'budget', 'currency', 'adCount'];
const AD = ['id', 'name', 'platform', 'status', 'adType', 'reviewStatus', 'goal', 'budget', 'platformCampaignId', 'metrics'];
const KEYWORD = ['id', 'adSetId', 'keyword', 'matchType', 'status', 'negative', 'qualityScore', 'metrics'];
const POST = ['id', 'network', 'account', 'caption', 'mediaType', 'thumbnailUrl', 'permalink', 'publishedAt', 'metrics', 'score'];
const wrap = (key: string, fields: string[]) => fields.map((x) => `${key}.${x}`);

// ---- create, messaging, call: one body (reference "Ads: create, boost, validate"), networks as runs
const CREATE_RUNS: Record<string, RunSpec> = {
	searchnet: { params: { network: 'searchnet', ...SEARCH, headline: 'Linen shirts', body: 'Light linen', linkUrl: 'https://shop.example.com/linen', campaignType: 'search', searchnetKeywords: 'linen shirt' } },
	pronet: { params: { network: 'pronet', ...PRO, organizationId: '2414183' } },
	videonet: { params: { network: 'videonet', ...VIDEO, videoUrl: 'https://cdn.example.com/v.mp4', identityId: 'vid_ident_1', identityType: 'VIDEO_USER' } },
	microblog: { params: { network: 'microblog', accountId: rl('acc_micro1'), adAccountId: rl('mb-18ce'), body: 'Linen, 20% off' } },
	chatnet: {
		seed: ['chatnet'],
		params: { network: 'chatnet', accountId: rl('$chatnet'), adAccountId: rl('$chatnetAdAccount'), headline: 'Linen', body: 'Light linen', imageUrl: 'https://cdn.example.com/a.jpg', linkUrl: 'https://shop.example.com', chatnetCountries: ['US'] },
	},
};
const SOCIAL_CREATE = {
	network: 'socialnet',
	...SOCIAL,
	name: 'Summer sale',
	goal: 'traffic',
	budgetAmount: 25,
	budgetType: 'daily',
	headline: 'Linen dresses',
	body: 'Light and cool',
	linkUrl: 'https://shop.example.com/summer',
	imageUrl: 'https://cdn.example.com/summer.jpg',
	callToAction: 'SHOP_NOW',
	status: 'PAUSED',
};

/** Sets a field both as its own parameter and under Additional Fields: whichever the node shows is used. */
const either = (name: string, value: string) => ({ [name]: value, [`additionalFields.${name}`]: value });

function createFields(networks: boolean): RequestField[] {
	const on = (run: string, name: string, type: RequestField['type'], set: NodeWay['set'], sends: unknown, extra: Partial<RequestField> = {}) =>
		f('body', name, type, set, sends, { on: run, run, ...extra });
	const fields: RequestField[] = [
		accountId('body'),
		adAccountId('body'),
		f('body', 'name', 'string', { name: 'Autumn sale' }, 'Autumn sale', req),
		f('body', 'goal', 'string', { goal: 'awareness' }, 'awareness', { ...req, values: GOALS }),
		f('body', 'budgetAmount', 'number', { budgetAmount: 40 }, 40, { ...req, min: 1 }),
		f('body', 'budgetType', 'string', { budgetType: 'lifetime' }, 'lifetime', { ...req, values: ['daily', 'lifetime'] }),
		// "socialnet needs headline, body, linkUrl, imageUrl, callToAction" (the default run is socialnet)
		f('body', 'headline', 'string', { headline: 'Autumn linen' }, 'Autumn linen', { ...req, on: 'socialnet' }),
		f('body', 'body', 'string', { body: 'Warm linen' }, 'Warm linen', { ...req, on: 'socialnet' }),
		f('body', 'linkUrl', 'string', { linkUrl: 'https://shop.example.com/autumn' }, 'https://shop.example.com/autumn', { ...req, on: 'socialnet' }),
		f('body', 'imageUrl', 'string', { imageUrl: 'https://cdn.example.com/autumn.jpg' }, 'https://cdn.example.com/autumn.jpg', { ...req, on: 'socialnet' }),
		f('body', 'callToAction', 'string', { callToAction: 'SIGN_UP' }, 'SIGN_UP', { ...req, on: 'socialnet' }),
		f('body', 'countries', 'string[]', { 'additionalFields.countries': 'US, CA' }, ['US', 'CA']),
		f('body', 'startDate', 'string', { 'additionalFields.startDate': '2026-12-01T00:00:00.000Z' }, undefined, { pattern: ISO_TIME }),
		f('body', 'endDate', 'string', { endDate: '2026-12-31T00:00:00.000Z' }, undefined, { pattern: ISO_TIME }),
		f('body', 'status', 'string', { status: 'ACTIVE' }, 'ACTIVE', { values: ['ACTIVE', 'PAUSED'] }),
		f('body', 'audienceId', 'string', { 'additionalFields.audienceId': 'aud_1' }, 'aud_1'),
		f('body', 'validateOnly', 'boolean', { validateOnly: true }, true),
		f('body', 'existingCampaignId', 'string', { 'additionalFields.existingCampaignId': '$campaign' }, '$campaign'),
		idempotencyKey,
	];
	if (!networks) return fields;
	return [
		...fields,
		// "searchnet adds campaignType and keywords"
		on('searchnet', 'headline', 'string', { headline: 'Search headline' }, 'Search headline', req),
		on('searchnet', 'body', 'string', { body: 'Search body' }, 'Search body', req),
		on('searchnet', 'linkUrl', 'string', { linkUrl: 'https://shop.example.com/s' }, 'https://shop.example.com/s', req),
		on('searchnet', 'campaignType', 'string', { campaignType: 'pmax' }, 'pmax', { ...req, values: ['search', 'display', 'pmax', 'demand_gen'] }),
		on('searchnet', 'keywords', 'string[]', { searchnetKeywords: 'linen shirt\nsummer dress' }, ['linen shirt', 'summer dress'], req),
		on('searchnet', 'existingCampaignId', 'string', { 'additionalFields.existingCampaignId': '$campaign' }, '$campaign'),
		on('pronet', 'organizationId', 'string', { organizationId: '2414184' }, '2414184'),
		on('pronet', 'headline', 'string', { 'additionalFields.headline': 'Pro headline' }, 'Pro headline'),
		on('pronet', 'body', 'string', { 'additionalFields.body': 'Pro body' }, 'Pro body'),
		on('pronet', 'linkUrl', 'string', { 'additionalFields.linkUrl': 'https://shop.example.com/p' }, 'https://shop.example.com/p'),
		on('pronet', 'imageUrl', 'string', { 'additionalFields.imageUrl': 'https://cdn.example.com/p.jpg' }, 'https://cdn.example.com/p.jpg'),
		// videonet: imageUrl carries the video URL
		on('videonet', 'imageUrl', 'string', { videoUrl: 'https://cdn.example.com/w.mp4' }, 'https://cdn.example.com/w.mp4', req),
		on('videonet', 'identityId', 'string', { identityId: 'vid_ident_2' }, 'vid_ident_2'),
		on('videonet', 'identityType', 'string', { identityType: 'CUSTOMIZED_USER' }, 'CUSTOMIZED_USER', { values: ['VIDEO_USER', 'BC_AUTH_VIDEO', 'CUSTOMIZED_USER'] }),
		on('videonet', 'headline', 'string', { 'additionalFields.headline': 'Video headline' }, 'Video headline'),
		on('videonet', 'body', 'string', { 'additionalFields.body': 'Video body' }, 'Video body'),
		on('videonet', 'linkUrl', 'string', { 'additionalFields.linkUrl': 'https://shop.example.com/v' }, 'https://shop.example.com/v'),
		on('microblog', 'body', 'string', { body: 'Micro body' }, 'Micro body', req),
		on('microblog', 'headline', 'string', { 'additionalFields.headline': 'Micro headline' }, 'Micro headline'),
		on('microblog', 'linkUrl', 'string', { 'additionalFields.linkUrl': 'https://shop.example.com/m' }, 'https://shop.example.com/m'),
		on('microblog', 'imageUrl', 'string', { 'additionalFields.imageUrl': 'https://cdn.example.com/m.jpg' }, 'https://cdn.example.com/m.jpg'),
		// "chatnet needs headline, body, imageUrl, linkUrl"
		on('chatnet', 'headline', 'string', { headline: 'Chat headline' }, 'Chat headline', req),
		on('chatnet', 'body', 'string', { body: 'Chat body' }, 'Chat body', req),
		on('chatnet', 'imageUrl', 'string', { imageUrl: 'https://cdn.example.com/c.jpg' }, 'https://cdn.example.com/c.jpg', req),
		on('chatnet', 'linkUrl', 'string', { linkUrl: 'https://shop.example.com/c' }, 'https://shop.example.com/c', req),
		on('chatnet', 'countries', 'string[]', { chatnetCountries: ['US', 'CA'] }, ['US', 'CA']),
		// the optional fields of the table on every other network (chatnet has no audiences)
		...['searchnet', 'pronet', 'videonet', 'microblog'].flatMap((run) => [
			on(run, 'countries', 'string[]', { 'additionalFields.countries': 'US, GB' }, ['US', 'GB']),
			on(run, 'startDate', 'string', { 'additionalFields.startDate': '2026-12-02T00:00:00.000Z' }, undefined, { pattern: ISO_TIME }),
			on(run, 'audienceId', 'string', { 'additionalFields.audienceId': 'aud_2' }, 'aud_2'),
		]),
		on('chatnet', 'startDate', 'string', { 'additionalFields.startDate': '2026-12-02T00:00:00.000Z' }, undefined, { pattern: ISO_TIME }),
		// creative fields the table gives every network; the node may show them as their own field or under Additional Fields (n8n drops the hidden one)
		on('searchnet', 'imageUrl', 'string', either('imageUrl', 'https://cdn.example.com/s.jpg'), 'https://cdn.example.com/s.jpg'),
		...['searchnet', 'pronet', 'videonet', 'microblog', 'chatnet'].map((run) => on(run, 'callToAction', 'string', either('callToAction', 'SHOP_NOW'), 'SHOP_NOW')),
	];
}
/** "validateOnly: true ... The answer is always 200 {validateOnly, valid, network, checked_by, checks, message}". */
const VALIDATE = { validate: { params: { validateOnly: true } } };
const validation = [{ run: 'validate', fields: ['validateOnly', 'valid', 'network', 'checked_by', 'checks', 'message'] }];
const CREATE_RESPONSE = { fields: [...wrap('ad', ['id', 'name', 'platform', 'status', 'platformCampaignId']), 'message'], more: validation };
/** Messaging and call ads (docs/reference/contract.md): the create body (socialnet) plus one required field. */
const createPlus = (path: string, operation: string, name: string, base: string, sample: string): Endpoint => ({
	method: 'POST',
	path,
	source: 'contract',
	node,
	resource: 'ad',
	operation,
	seed: ['campaign'],
	base: { ...SOCIAL_CREATE, [name]: base },
	runs: VALIDATE,
	// "goal defaults to messages" on messaging ads
	request: [
		...createFields(false).map((x) => (x.name === 'goal' && name === 'destination' ? { ...x, required: false } : x)),
		f('body', name, 'string', { [name]: sample }, sample, { ...req, ...(name === 'phoneNumber' ? { pattern: E164 } : {}) }),
	],
	response: CREATE_RESPONSE,
});

/**
 * The Ads rows written out: for these the reference states fields and answers in words parse.ts
 * does not read (see the header), so each row says all of it; test/contract/parse.test.ts refuses a
 * written row the text reads as it says.
 */
const WRITTEN: Endpoint[] = [
	// ---- connecting
	{
		method: 'GET',
		path: '/v1/connect/{network}/ads',
		node,
		resource: 'connection',
		operation: 'getSignInLink',
		request: [
			f('path', 'network', 'string', { network: 'searchnet' }, 'searchnet', { ...req, values: NETWORKS.filter((n) => n !== 'chatnet') }),
			f('query', 'return_to', 'string', { 'additionalFields.returnTo': 'https://app.example.com/done' }, 'https://app.example.com/done'),
			f('query', 'account_id', 'string', { 'additionalFields.postingAccountId': 'acc_micro1' }, 'acc_micro1'),
		],
		response: { fields: ['network', 'auth_url', 'already_connected'] },
	},

	// ---- campaigns
	{
		method: 'GET',
		path: '/v1/ads/tree',
		node,
		resource: 'campaign',
		operation: 'getTree',
		seed: ['campaign'],
		base: { returnAll: true },
		request: [
			f('query', 'platform', 'string', { 'filters.platform': 'socialfeed' }, 'socialfeed', { values: ALL_PLATFORMS }),
			dayQuery('fromDate', 'filters.fromDate', '2026-11-01'),
			dayQuery('toDate', 'filters.toDate', '2026-11-30'),
			f('query', 'search', 'string', { 'filters.search': 'Seed' }, 'Seed'),
			...pagedList,
		],
		response: { rows: { key: 'campaigns', fields: ['platformCampaignId', 'platform', 'campaignName', 'status', 'currency', 'metrics', 'adSets'] }, paging: ['pagination'] },
	},
	{
		method: 'GET',
		path: '/v1/ads/campaigns',
		node,
		resource: 'campaign',
		operation: 'getAll',
		seed: ['campaign'],
		base: { returnAll: true, simplify: false },
		request: [
			f('query', 'platform', 'string', { 'filters.platform': 'socialfeed' }, 'socialfeed', { values: ALL_PLATFORMS }),
			f('query', 'status', 'string', { 'filters.status': 'paused' }, 'paused', { values: LOWER_STATUS }),
			f('query', 'adAccountId', 'string', { 'filters.adAccountId': 'act_1001' }, 'act_1001'),
			dayQuery('fromDate', 'filters.fromDate', '2026-11-01'),
			dayQuery('toDate', 'filters.toDate', '2026-11-30'),
			f('query', 'source', 'string', { 'filters.source': 'service' }, 'service', { values: ['all', 'service'] }),
			...pagedList,
		],
		response: { rows: { key: 'campaigns', fields: CAMPAIGN_ROW }, paging: ['pagination'] },
	},
	{
		method: 'POST',
		path: '/v1/ads/campaigns',
		node,
		resource: 'campaign',
		operation: 'create',
		base: { network: 'socialnet', ...SOCIAL, name: 'Summer sale', goal: 'traffic', status: 'PAUSED' },
		runs: {
			searchnet: { params: { network: 'searchnet', ...SEARCH } },
			microblog: { params: { network: 'microblog', accountId: rl('acc_micro1'), adAccountId: rl('mb-18ce') } },
			chatnet: { seed: ['chatnet'], params: { network: 'chatnet', accountId: rl('$chatnet'), adAccountId: rl('$chatnetAdAccount') } },
		},
		request: [
			accountId('body'),
			adAccountId('body'),
			f('body', 'name', 'string', { name: 'Autumn' }, 'Autumn', req),
			f('body', 'goal', 'string', { goal: 'leads' }, 'leads', req),
			budgetObject('additionalFields.', 70),
			// "searchnet, microblog and chatnet require a budget"
			...['searchnet', 'microblog', 'chatnet'].map((run) => ({ ...budgetObject('additionalFields.', 70), required: true, on: run, node: { ...budgetObject('additionalFields.', 70).node!, run } })),
			f('body', 'status', 'string', { status: 'ACTIVE' }, 'ACTIVE', { values: ['ACTIVE', 'PAUSED'] }),
			f('body', 'validateOnly', 'boolean', { validateOnly: true }, true),
		],
		response: { fields: wrap('campaign', ['platformCampaignId', 'platform', 'campaignName', 'status']) },
	},
	{
		method: 'PUT',
		path: '/v1/ads/campaigns/{campaignId}',
		node,
		resource: 'campaign',
		operation: 'update',
		seed: ['campaign'],
		base: { campaignId: rl('$campaign'), platform: 'socialfeed' },
		request: [
			pathId('campaignId', 'campaign'),
			...budgetUpdate('LOWEST_COST_WITHOUT_CAP', 2, 'Renamed'),
		],
		response: { fields: ['success'] },
	},
	{
		method: 'DELETE',
		path: '/v1/ads/campaigns/{campaignId}',
		node,
		resource: 'campaign',
		operation: 'delete',
		seed: ['campaign'],
		base: { campaignId: rl('$campaign'), platform: 'socialfeed' },
		request: [pathId('campaignId', 'campaign'), platformBody],
		response: { fields: ['success'] },
	},
	{
		method: 'PUT',
		path: '/v1/ads/campaigns/{campaignId}/status',
		node,
		resource: 'campaign',
		operation: 'setStatus',
		seed: ['campaign'],
		base: { campaignId: rl('$campaign'), platform: 'socialfeed' },
		request: [pathId('campaignId', 'campaign'), f('body', 'status', 'string', { status: 'paused' }, 'paused', { ...req, values: LOWER_STATUS }), platformBody],
		response: { fields: ['status', 'updated', 'skipped'] },
	},
	{
		method: 'POST',
		path: '/v1/ads/campaigns/bulk-status',
		node,
		resource: 'campaign',
		operation: 'bulkSetStatus',
		seed: ['campaign'],
		base: { campaignsInput: 'json', campaignsJson: JSON.stringify([{ campaignId: '$campaign', platform: 'socialfeed' }]) },
		request: [
			f('body', 'status', 'string', { status: 'paused' }, 'paused', { ...req, values: LOWER_STATUS }),
			f(
				'body',
				'campaigns',
				'object[]',
				{ campaignsInput: 'json', campaignsJson: JSON.stringify([{ campaignId: '$campaign', platform: 'socialfeed' }]) },
				[{ campaignId: '$campaign', platform: 'socialfeed' }],
				{ ...req, maxItems: 50 },
			),
		],
		response: { fields: ['updated', 'skipped'] },
	},
	{
		method: 'GET',
		path: '/v1/ads/campaigns/{campaignId}/analytics',
		node,
		resource: 'campaign',
		operation: 'getAnalytics',
		seed: ['campaign'],
		base: { campaignId: rl('$campaign'), splitIntoDays: false },
		request: [
			pathId('campaignId', 'campaign'),
			dayQuery('fromDate', 'options.fromDate', '2026-11-01'),
			dayQuery('toDate', 'options.toDate', '2026-11-07'),
			f('query', 'breakdowns', 'string', { 'options.breakdowns': ['seniority', 'industry'] }, 'seniority,industry'),
		],
		response: { fields: [...wrap('campaign', ['platformCampaignId', 'campaignName', 'currency']), 'analytics.summary', 'analytics.daily'] },
	},

	// ---- ad sets
	{
		method: 'PUT',
		path: '/v1/ads/ad-sets/{adSetId}',
		node,
		resource: 'adSet',
		operation: 'update',
		seed: ['campaign'],
		base: { accountId: rl('acc_social1'), adSetId: rl('$adSet'), platform: 'socialfeed' },
		request: [
			pathId('adSetId', 'adSet'),
			...budgetUpdate('COST_CAP', 3, 'Renamed set'),
		],
		response: { fields: ['success'] },
	},
	{
		method: 'PUT',
		path: '/v1/ads/ad-sets/{adSetId}/status',
		source: 'contract',
		node,
		resource: 'adSet',
		operation: 'setStatus',
		seed: ['campaign'],
		base: { accountId: rl('acc_social1'), adSetId: rl('$adSet'), platform: 'socialfeed' },
		request: [
			pathId('adSetId', 'adSet'),
			f('body', 'status', 'string', { status: 'paused' }, 'paused', { ...req, values: LOWER_STATUS }),
			f('body', 'platform', 'string', { platform: 'socialfeed' }, 'socialfeed', { values: ALL_PLATFORMS }),
		],
		response: { fields: ['status', 'updated', 'skipped'] },
	},

	// ---- create, boost, messaging, call
	{
		method: 'POST',
		path: '/v1/ads/create',
		node,
		resource: 'ad',
		operation: 'create',
		seed: ['campaign'],
		base: SOCIAL_CREATE,
		runs: { ...CREATE_RUNS, ...VALIDATE },
		request: createFields(true),
		response: CREATE_RESPONSE,
	},
	{
		method: 'POST',
		path: '/v1/ads/boost',
		node,
		resource: 'ad',
		operation: 'boost',
		// the fake API boosts only posts the connection lists
		base: { network: 'socialnet', ...SOCIAL, postId: postIdOf('acc_social1', 0), budgetAmount: 25, budgetType: 'daily', status: 'PAUSED' },
		runs: { videonet: { params: { network: 'videonet', ...VIDEO, postId: postIdOf('acc_video1', 0) } }, ...VALIDATE },
		request: [
			f('body', 'postId', 'string', { postId: postIdOf('acc_social1', 1) }, postIdOf('acc_social1', 1), req),
			accountId('body'),
			adAccountId('body'),
			f('body', 'budgetAmount', 'number', { budgetAmount: 40 }, 40, { ...req, min: 1 }),
			f('body', 'budgetType', 'string', { budgetType: 'lifetime' }, 'lifetime', { ...req, values: ['daily', 'lifetime'] }),
			f('body', 'goal', 'string', { 'additionalFields.goal': 'traffic' }, 'traffic', { values: GOALS }),
			f('body', 'startDate', 'string', { 'additionalFields.startDate': '2026-12-01T00:00:00.000Z' }, undefined, { pattern: ISO_TIME }),
			f('body', 'endDate', 'string', { endDate: '2026-12-31T00:00:00.000Z' }, undefined, { pattern: ISO_TIME }),
			{ name: 'targeting', in: 'body', type: 'object', node: { set: { 'targeting.countries': 'US, CA', 'targeting.ageMin': 25, 'targeting.ageMax': 54 }, sends: { countries: ['US', 'CA'], ageMin: 25, ageMax: 54 }, partial: true } },
			f('body', 'validateOnly', 'boolean', { validateOnly: true }, true),
			// from the credential, sent when the node asks for it (issue 44)
			f('body', 'sparkAuthCode', 'string', { 'additionalFields.useSparkAuthCode': true, 'credential.sparkAuthCodeSecret': 'spark_123' }, 'spark_123', { on: 'videonet', run: 'videonet' }),
			idempotencyKey,
		],
		response: { fields: [...wrap('ad', ['id', 'name', 'status']), 'message'], more: validation },
	},
	// docs/reference/contract.md: the create body plus one field
	createPlus('/v1/ads/messaging', 'createMessaging', 'destination', 'page_1', 'chat_42'),
	createPlus('/v1/ads/call', 'createCall', 'phoneNumber', '+15551234567', '+15557654321'),

	// ---- individual ads
	{
		method: 'GET',
		path: '/v1/ads',
		node,
		resource: 'ad',
		operation: 'getAll',
		seed: ['campaign'],
		base: { returnAll: true, simplify: false },
		request: [
			f('query', 'platform', 'string', { 'filters.platform': 'socialfeed' }, 'socialfeed', { values: ALL_PLATFORMS }),
			f('query', 'status', 'string', { 'filters.status': 'paused' }, 'paused', { values: AD_STATUSES }),
			f('query', 'campaignId', 'string', { 'filters.campaignId': '$campaign' }, '$campaign'),
			f('query', 'source', 'string', { 'filters.source': 'service' }, 'service', { values: ['all', 'service'] }),
			dayQuery('fromDate', 'filters.fromDate', '2026-11-01'),
			dayQuery('toDate', 'filters.toDate', '2026-11-30'),
			...pagedList,
		],
		response: { rows: { key: 'ads', fields: AD }, paging: ['pagination'] },
	},
	{
		method: 'GET',
		path: '/v1/ads/{adId}',
		node,
		resource: 'ad',
		operation: 'get',
		seed: ['campaign'],
		base: { adId: rl('$ad'), simplify: false },
		request: [pathId('adId', 'ad'), f('query', 'live', 'boolean', { live: true }, true)],
		response: { fields: [...wrap('ad', [...AD, 'creative', 'targeting', 'schedule']), 'stale'] },
	},
	{
		method: 'PUT',
		path: '/v1/ads/{adId}',
		node,
		resource: 'ad',
		operation: 'update',
		seed: ['campaign'],
		base: { adId: rl('$ad'), updateFields: { name: 'Renamed' } },
		runs: { searchnet: { seed: ['searchCampaign'], params: { adId: rl('$searchAd') } } },
		request: [
			pathId('adId', 'ad'),
			f('body', 'status', 'string', { 'updateFields.status': 'paused' }, 'paused', { values: LOWER_STATUS }),
			budgetObject('updateFields.', 30),
			f('body', 'targeting', 'object', { 'updateFields.targeting': '{"countries":["US"]}' }, { countries: ['US'] }),
			f('body', 'creative', 'object', { 'updateFields.creative': '{"headline":"New headline"}' }, { headline: 'New headline' }),
			f('body', 'name', 'string', { 'updateFields.name': 'New name' }, 'New name'),
			f('body', 'headlines', 'string[]', { 'updateFields.headlines': 'Linen\nSummer' }, ['Linen', 'Summer'], { on: 'searchnet', run: 'searchnet' }),
			f('body', 'descriptions', 'string[]', { 'updateFields.descriptions': 'Light\nCool' }, ['Light', 'Cool'], { on: 'searchnet', run: 'searchnet' }),
			f('body', 'finalUrls', 'string[]', { 'updateFields.finalUrls': 'https://shop.example.com/a' }, ['https://shop.example.com/a'], { on: 'searchnet', run: 'searchnet' }),
			// "searchnet also takes … targeting of keywords": they join the ad group and bid (docs/reference/contract.md, 2026-11-27)
			f('body', 'targeting', 'object', { 'updateFields.targeting': '{"keywords":["linen dress"]}' }, { keywords: ['linen dress'] }, { on: 'searchnet', run: 'searchnet' }),
		],
		response: { fields: ['ad.id', 'ad.budget', 'message'] },
	},
	{
		method: 'PUT',
		path: '/v1/ads/{adId}/status',
		node,
		resource: 'ad',
		operation: 'setStatus',
		seed: ['campaign'],
		base: { adId: rl('$ad') },
		request: [pathId('adId', 'ad'), f('body', 'status', 'string', { status: 'paused' }, 'paused', { ...req, values: LOWER_STATUS })],
		response: { fields: ['updated', 'status'] },
	},
	{
		method: 'GET',
		path: '/v1/ads/{adId}/analytics',
		node,
		resource: 'ad',
		operation: 'getAnalytics',
		seed: ['campaign'],
		base: { adId: rl('$ad'), splitIntoDays: false },
		request: [
			pathId('adId', 'ad'),
			dayQuery('fromDate', 'options.fromDate', '2026-11-01'),
			dayQuery('toDate', 'options.toDate', '2026-11-07'),
			f('query', 'breakdowns', 'string', { 'options.breakdowns': ['age', 'gender'] }, 'age,gender'),
		],
		response: { fields: [...wrap('ad', ['id', 'name', 'platform', 'currency']), 'analytics.summary', 'analytics.daily'] },
	},

	// ---- audiences
	{
		method: 'POST',
		path: '/v1/ads/audiences',
		node,
		resource: 'audience',
		operation: 'create',
		base: { ...SOCIAL, audienceName: 'Buyers', type: 'customer_list' },
		request: [
			accountId('body'),
			adAccountId('body'),
			f('body', 'name', 'string', { audienceName: 'VIP buyers' }, 'VIP buyers', req),
			f('body', 'type', 'string', { type: 'website' }, 'website', { ...req, values: AUDIENCE_TYPES }),
		],
		response: { fields: wrap('audience', ['id', 'name', 'type']) },
	},
	{
		method: 'GET',
		path: '/v1/ads/audiences',
		node,
		resource: 'audience',
		operation: 'getAll',
		seed: ['audience'],
		base: { accountId: rl('acc_social1'), returnAll: true },
		request: [
			accountId('query'),
			f('query', 'adAccountId', 'string', { 'filters.adAccountId': 'act_1001' }, 'act_1001'),
			f('query', 'type', 'string', { 'filters.type': 'customer_list' }, 'customer_list', { values: AUDIENCE_TYPES }),
		],
		response: { rows: { key: 'audiences', fields: ['id', 'name', 'type', 'size'] } },
	},
	{
		method: 'GET',
		path: '/v1/ads/audiences/{audienceId}',
		source: 'contract',
		node,
		resource: 'audience',
		operation: 'get',
		seed: ['audience'],
		base: { accountId: rl('acc_social1'), audienceId: rl('$audience') },
		request: [pathId('audienceId', 'audience'), accountId('query')],
		response: { fields: wrap('audience', ['id', 'name', 'type', 'size']) },
	},
	{
		method: 'PUT',
		path: '/v1/ads/audiences/{audienceId}',
		source: 'contract',
		node,
		resource: 'audience',
		operation: 'rename',
		seed: ['audience'],
		base: { accountId: rl('acc_social1'), audienceId: rl('$audience'), audienceName: 'Renamed' },
		request: [pathId('audienceId', 'audience'), accountId('body'), f('body', 'name', 'string', { audienceName: 'Top buyers' }, 'Top buyers', req)],
		response: { fields: wrap('audience', ['id', 'name', 'type']) },
	},
	{
		method: 'DELETE',
		path: '/v1/ads/audiences/{audienceId}',
		source: 'contract',
		node,
		resource: 'audience',
		operation: 'delete',
		seed: ['audience'],
		base: { accountId: rl('acc_social1'), audienceId: rl('$audience') },
		request: [pathId('audienceId', 'audience'), accountId('query')],
		response: { fields: ['deleted', 'audienceId'] },
	},

	// ---- posts, identities, pages
	{
		method: 'GET',
		path: '/v1/ads/best-posts',
		node,
		resource: 'post',
		operation: 'getBest',
		base: { ...SOCIAL, returnAll: true, simplify: false },
		runs: { videonet: { params: VIDEO } },
		request: [accountId('query'), f('query', 'adAccountId', 'string', { 'options.adAccountId': rl('act_1001') }, 'act_1001')],
		response: { rows: { key: 'posts', fields: POST }, extra: ['sources', 'notes', 'postingAccountId'], run: 'videonet' },
	},
	{
		method: 'GET',
		path: '/v1/ads/photoapp-accounts',
		node,
		resource: 'post',
		operation: 'getPhotoappAccounts',
		base: SOCIAL,
		request: [accountId('query'), adAccountId('query')],
		response: { fields: ['accounts', 'pages', 'resolved'] },
	},
	{
		method: 'GET',
		path: '/v1/ads/photoapp-posts',
		source: 'contract',
		node,
		resource: 'post',
		operation: 'getPhotoappPosts',
		base: { ...SOCIAL, returnAll: true, simplify: false },
		request: [accountId('query'), adAccountId('query')],
		response: { rows: { key: 'posts', fields: POST }, extra: ['sources', 'notes'] },
	},

	// ---- targeting, pricing, conversions, insights
	{
		method: 'POST',
		path: '/v1/ads/targeting/bid-pricing',
		node,
		resource: 'targeting',
		operation: 'getBidPricing',
		base: { ...PRO, spec: { countries: 'US' } },
		request: [
			accountId('body', { accountId: rl('acc_pro1') }, 'acc_pro1'),
			adAccountId('body', true, '501'),
			{ name: 'spec', in: 'body', type: 'object', required: true, node: { set: { 'spec.countries': 'US, CA', 'spec.industries': 'retail' }, sends: { countries: ['US', 'CA'], industries: ['retail'] }, partial: true } },
			f('body', 'bidType', 'string', { 'options.bidType': 'CPC' }, 'CPC', { values: ['CPM', 'CPC', 'CPV'] }),
			f('body', 'objectiveType', 'string', { 'options.objectiveType': 'WEBSITE_VISIT' }, 'WEBSITE_VISIT'),
			f('body', 'dailyBudget', 'number', { 'options.dailyBudget': 60 }, 60),
			f('body', 'currency', 'string', { 'options.currency': 'EUR' }, 'EUR'),
		],
		response: { fields: ['available', 'pricing.bidLimits', 'pricing.suggestedBid', 'pricing.dailyBudgetLimits'] },
	},
	{
		method: 'POST',
		path: '/v1/ads/targeting/supply-forecast',
		source: 'contract',
		node,
		resource: 'targeting',
		operation: 'getSupplyForecast',
		base: { ...PRO, spec: { countries: 'US' }, fromDate: '2026-12-01', toDate: '2026-12-07', dailyBudget: 50 },
		request: [
			accountId('body', { accountId: rl('acc_pro1') }, 'acc_pro1'),
			adAccountId('body', true, '501'),
			{ name: 'spec', in: 'body', type: 'object', required: true, node: { set: { 'spec.countries': 'US, CA' }, sends: { countries: ['US', 'CA'] }, partial: true } },
			day('body', 'fromDate', 'fromDate', '2026-12-02', req),
			day('body', 'toDate', 'toDate', '2026-12-09', req),
			f('body', 'dailyBudget', 'number', { dailyBudget: 80 }, 80, req),
			f('body', 'currency', 'string', { 'options.currency': 'EUR' }, 'EUR'),
		],
		response: { fields: ['available', 'forecast.impressions', 'forecast.clicks', 'forecast.spend'] },
	},
	{
		method: 'GET',
		path: '/v1/ads/insights',
		node,
		resource: 'insight',
		operation: 'get',
		base: { network: 'socialnet', accountId: rl('acc_social1'), returnAll: true },
		runs: {
			searchnet: { params: { network: 'searchnet', accountId: rl('acc_search1'), query: 'SELECT campaign.id FROM campaign' } },
			videonet: {
				params: { ...VIDEONET_INSIGHT, dataLevel: 'AUCTION_CAMPAIGN', dimensions: 'stat_time_day', metrics: 'spend', videonetFromDate: '2026-11-01', videonetToDate: '2026-11-03', simplify: false },
			},
			videonetAudience: { params: { ...VIDEONET_INSIGHT, dimensions: 'age', videonetFromDate: '2026-11-01', videonetToDate: '2026-11-03' } },
		},
		request: [
			accountId('query'),
			f('query', 'objectId', 'string', { objectId: 'act_1001' }, 'act_1001', { on: 'socialnet' }),
			f('query', 'fields', 'string', { fields: 'spend,clicks' }, 'spend,clicks', { on: 'socialnet' }),
			f('query', 'breakdowns', 'string', { 'socialOptions.breakdowns': 'age,gender' }, 'age,gender', { on: 'socialnet' }),
			f('query', 'filtering', 'string', { 'socialOptions.filtering': '[{"field":"spend","operator":"GREATER_THAN","value":0}]' }, '[{"field":"spend","operator":"GREATER_THAN","value":0}]', { on: 'socialnet' }),
			f('query', 'query', 'string', { query: 'SELECT campaign.name FROM campaign' }, 'SELECT campaign.name FROM campaign', { on: 'searchnet', run: 'searchnet' }),
			f('query', 'adAccountId', 'string', { videonetAdAccountId: rl('7001') }, '7001', { on: 'videonet', run: 'videonet' }),
			f('query', 'dataLevel', 'string', { dataLevel: 'AUCTION_AD' }, 'AUCTION_AD', { on: 'videonet', run: 'videonet', values: ['AUCTION_ADVERTISER', 'AUCTION_CAMPAIGN', 'AUCTION_ADGROUP', 'AUCTION_AD'] }),
			f('query', 'dimensions', 'string', { dimensions: 'stat_time_day,country_code' }, 'stat_time_day,country_code', { on: 'videonet', run: 'videonet' }),
			f('query', 'metrics', 'string', { metrics: 'spend,clicks' }, 'spend,clicks', { on: 'videonet', run: 'videonet' }),
			day('query', 'fromDate', 'videonetFromDate', '2026-11-02', { on: 'videonet', run: 'videonet' }),
			day('query', 'toDate', 'videonetToDate', '2026-11-04', { on: 'videonet', run: 'videonet' }),
			f('query', 'reportType', 'string', { reportType: 'AUDIENCE' }, 'AUDIENCE', { on: 'videonet', run: 'videonetAudience' }),
		],
		response: { rows: { key: 'data', fields: ['dimensions', 'metrics'] }, run: 'videonet' },
	},

	// ---- searchnet keywords, terms, recommendations
	{
		method: 'POST',
		path: '/v1/ads/keywords',
		source: 'contract',
		node,
		resource: 'keyword',
		operation: 'add',
		seed: ['searchCampaign'],
		base: { accountId: rl('acc_search1'), adSetId: rl('$searchAdSet'), keywords: 'summer dress' },
		request: [
			accountId('body', { accountId: rl('acc_search1') }, 'acc_search1'),
			f('body', 'adSetId', 'string', { adSetId: rl('$searchAdSet') }, '$searchAdSet', req),
			f('body', 'keywords', 'object[]', { keywords: 'linen shirt', matchType: 'exact' }, [{ text: 'linen shirt', matchType: 'exact' }], req),
			f('body', 'negative', 'boolean', { negative: true }, true),
		],
		response: { rows: { key: 'keywords', fields: KEYWORD } },
	},
	{
		method: 'PATCH',
		path: '/v1/ads/keywords/{keywordId}',
		source: 'contract',
		node,
		resource: 'keyword',
		operation: 'setStatus',
		seed: ['searchCampaign'],
		base: { accountId: rl('acc_search1'), keywordId: rl('$keyword') },
		request: [
			pathId('keywordId', 'keyword'),
			accountId('body', { accountId: rl('acc_search1') }, 'acc_search1'),
			f('body', 'status', 'string', { status: 'paused' }, 'paused', { ...req, values: LOWER_STATUS }),
		],
		response: { fields: wrap('keyword', KEYWORD) },
	},
	{
		method: 'DELETE',
		path: '/v1/ads/keywords/{keywordId}',
		source: 'contract',
		node,
		resource: 'keyword',
		operation: 'remove',
		seed: ['searchCampaign'],
		base: { accountId: rl('acc_search1'), keywordId: rl('$keyword') },
		request: [pathId('keywordId', 'keyword'), accountId('query', { accountId: rl('acc_search1') }, 'acc_search1')],
		response: { fields: ['deleted', 'keywordId'] },
	},
	{
		method: 'POST',
		path: '/v1/ads/keywords/historical-metrics',
		source: 'contract',
		node,
		resource: 'keyword',
		operation: 'getHistoricalMetrics',
		base: { accountId: rl('acc_search1'), keywords: 'linen', returnAll: false, limit: 5, convertMicros: false },
		request: [
			accountId('body', { accountId: rl('acc_search1') }, 'acc_search1'),
			f('body', 'keywords', 'string[]', { keywords: 'linen shirt\nlinen dress' }, ['linen shirt', 'linen dress'], req),
			f('body', 'countries', 'string[]', { searchCountries: 'US, CA' }, ['US', 'CA']),
			f('body', 'customerId', 'string', { 'options.customerId': '1234567890' }, '1234567890'),
		],
		response: { rows: { key: 'data', fields: ['text', 'keywordIdeaMetrics'] }, extra: ['customerId'], paging: ['paging'] },
	},
	{
		method: 'GET',
		path: '/v1/ads/search-terms',
		node,
		resource: 'searchTerm',
		operation: 'getAll',
		base: { accountId: rl('acc_search1'), returnAll: true, convertMicros: false },
		request: [
			accountId('query', { accountId: rl('acc_search1') }, 'acc_search1'),
			dayQuery('fromDate', 'filters.fromDate', '2026-11-01'),
			dayQuery('toDate', 'filters.toDate', '2026-11-20'),
			f('query', 'campaignId', 'string', { 'filters.campaignId': 'cmp_9' }, 'cmp_9'),
			f('query', 'customerId', 'string', { 'filters.customerId': '1234567890' }, '1234567890'),
		],
		response: {
			rows: { key: 'data', fields: ['searchTerm', 'status', 'campaignName', 'impressions', 'clicks', 'costMicros', 'conversions'] },
			extra: ['customerId', 'stale'],
		},
	},
	{
		method: 'POST',
		path: '/v1/ads/recommendations/apply',
		node,
		resource: 'recommendation',
		operation: 'apply',
		base: { ...SEARCH, resourceNames: 'customers/1234567890/recommendations/1' },
		request: [
			accountId('body', { accountId: rl('acc_search1') }, 'acc_search1'),
			adAccountId('body', true, '123-456-7890'),
			f(
				'body',
				'recommendations',
				'object[]',
				{ resourceNames: 'customers/1234567890/recommendations/2' },
				[{ resourceName: 'customers/1234567890/recommendations/2' }],
				req,
			),
		],
		response: { rows: { key: 'results', fields: ['resourceName', 'status'] } },
	},
	{
		method: 'POST',
		path: '/v1/ads/recommendations/dismiss',
		node,
		resource: 'recommendation',
		operation: 'dismiss',
		base: { ...SEARCH, resourceNames: 'customers/1234567890/recommendations/1' },
		request: [
			accountId('body', { accountId: rl('acc_search1') }, 'acc_search1'),
			adAccountId('body', true, '123-456-7890'),
			f('body', 'resourceNames', 'string[]', { resourceNames: 'customers/1234567890/recommendations/3' }, ['customers/1234567890/recommendations/3'], req),
		],
		response: { rows: { key: 'results', fields: ['resourceName', 'status'] } },
	},
];

/** A path ID picked By ID from a seed's object (`$ad` of the campaign seed). */
const pathWay = (name: string, token: string): NodeWay => ({ set: { [name]: rl(`$${token}`) }, sends: `$${token}` });

export const adsWays: AreaWays = {
	node,
	resources: adsResources,
	paths: /^\/v1\/(ads|connect)(\/|$)/,
	written: WRITTEN,
	// the endpoints the text states as parse.ts reads it: how the node sets their fields (the others, ways.ts finds)
	endpoints: {
		'POST /v1/connect/chatnet/ads': {
			// the key is a field of the credential, never of the node (issue 44)
			base: { credential: { chatnetApiKey: 'cn_live_abcdef123456' } },
			fields: { api_key: { set: { 'credential.chatnetApiKey': 'cn_live_zyxwvu987654' }, sends: 'cn_live_zyxwvu987654' } },
		},
		'GET /v1/ads/connections': { base: { returnAll: true } },
		'GET /v1/ads/accounts': { base: { accountId: rl('acc_social1'), returnAll: true } },
		'GET /v1/ads/ad-sets': { seed: ['campaign'], base: { accountId: rl('acc_social1'), returnAll: true }, fields: { campaignId: { set: { 'filters.campaignId': '$campaign' }, sends: '$campaign' } } },
		'DELETE /v1/ads/{adId}': { seed: ['campaign'], base: { adId: rl('$ad') }, fields: { adId: pathWay('adId', 'ad') } },
		'POST /v1/ads/audiences/{audienceId}/users': {
			base: { accountId: rl('acc_social1'), audienceId: rl('$audience'), peopleInput: 'json', peopleJson: '[{"email":"ana@example.com"}]' },
			fields: {
				users: { set: { peopleInput: 'json', peopleJson: '[{"email":"bo@example.com","phone":"+15551234567"}]' }, sends: [{ email: 'bo@example.com', phone: '+15551234567' }] },
			},
		},
		'GET /v1/ads/pronet-pages': {
			base: { options: { accountId: rl('acc_pro1') }, returnAll: true },
			fields: { accountId: { set: { 'options.accountId': rl('acc_pro1') }, sends: 'acc_pro1' } },
		},
		'GET /v1/ads/videonet-identities': {
			base: { ...VIDEO, returnAll: true },
			fields: { accountId: { set: { accountId: rl('acc_video1') }, sends: 'acc_video1' }, adAccountId: { set: { adAccountId: rl('7001') }, sends: '7001' } },
		},
		'GET /v1/ads/targeting/search': {
			base: { accountId: rl('acc_social1'), q: 'a', returnAll: true },
			fields: { q: { set: { q: 'fashion' }, sends: 'fashion' }, dimension: { set: { dimension: 'interest' }, sends: 'interest' } },
		},
		'POST /v1/ads/conversions': {
			base: { accountId: rl('acc_social1'), destinationId: 'pixel_1', eventsInput: 'json' },
			fields: {
				destinationId: { set: { destinationId: 'pixel_9' }, sends: 'pixel_9' },
				events: {
					set: { eventsInput: 'json', eventsJson: '[{"eventName":"Purchase","eventTime":"2026-11-20T10:00:00Z","value":20,"currency":"USD","user":{"email":"ana@example.com"}}]' },
					sends: [{ eventName: 'Purchase', eventTime: '2026-11-20T10:00:00Z', value: 20, currency: 'USD', user: { email: 'ana@example.com' } }],
				},
			},
		},
		'GET /v1/ads/keywords': {
			seed: ['searchCampaign'],
			base: { accountId: rl('acc_search1'), returnAll: true },
			fields: {
				campaignId: { set: { 'filters.campaignId': '$searchCampaign' }, sends: '$searchCampaign' },
				adSetId: { set: { 'filters.adSetId': '$searchAdSet' }, sends: '$searchAdSet' },
				negative: { set: { 'filters.negative': false }, sends: false },
				search: { set: { 'filters.search': 'linen' }, sends: 'linen' },
			},
		},
		'POST /v1/ads/keywords/ideas': {
			base: { accountId: rl('acc_search1'), seedKeywords: 'linen', returnAll: false, limit: 5, convertMicros: false },
			fields: {
				seedKeywords: { set: { seedKeywords: 'linen\ncotton' }, sends: ['linen', 'cotton'] },
				seedUrl: { set: { seedUrl: 'https://shop.example.com' }, sends: 'https://shop.example.com' },
				countries: { set: { searchCountries: 'US, CA' }, sends: ['US', 'CA'] },
				customerId: { set: { 'options.customerId': '1234567890' }, sends: '1234567890' },
			},
		},
		'GET /v1/ads/recommendations': { base: { ...SEARCH, returnAll: true }, fields: { types: { set: { types: ['CAMPAIGN_BUDGET', 'KEYWORD'] }, sends: 'CAMPAIGN_BUDGET,KEYWORD' } } },
	},
};

/** The area's endpoints as the suites read them (types.ts `Endpoint`). */
export const adsEndpoints = endpointsOf(adsWays, referenceEndpoints());
