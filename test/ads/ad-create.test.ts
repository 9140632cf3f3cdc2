import { NodeHelpers } from 'n8n-workflow';

import { byId, useFakeApi } from '../../harness/context';
import { StorefrontAds } from '../../nodes/StorefrontAds/StorefrontAds.node';
import { errorText } from '../../harness';
import { KEYS, postIdOf } from '../../fake-api';
import { createOn, inDays, MICRO, PRO, SEARCH, SOCIAL, VIDEO, socialBody, socialCreate } from './helpers';

const ctx = useFakeApi('storefrontAds');
const storedAds = () => [...ctx.api.ads.ads.values()];
const KEY_PATTERN = /^n8n-[0-9a-f]{40}$/;
/** A post the socialnet connection lists (the fake API boosts only those). */
const BOOST_POST = postIdOf(SOCIAL, 0);


describe('Create', () => {
	test('socialnet: one POST with exactly the fields set, PAUSED, an Idempotency-Key; the output is the ad', async () => {
		const r = await ctx.run(socialCreate() as never);
		expect(r.error).toBeUndefined();
		expect(r.requests).toHaveLength(1);
		const [req] = r.requests;
		expect(req).toMatchObject({ method: 'POST', path: '/v1/ads/create', query: {}, status: 200 });
		expect(req.body).toEqual(socialBody);
		expect(req.headers.authorization).toBe(`Bearer ${KEYS.full}`);
		expect(req.headers['idempotency-key']).toMatch(KEY_PATTERN);
		expect(r.json).toEqual([
			{
				id: expect.stringMatching(/^ad_/),
				name: 'Summer sale',
				platform: 'socialfeed',
				status: 'pending_review',
				platformCampaignId: expect.stringMatching(/^cmp_/),
				// what pending_review means for an ad created Paused, said next to it
				requestedStatus: 'paused',
				statusNote: 'In review by the network (pending_review). Created Paused: once approved it stays paused and spends nothing until you set it active (Ad → Pause or resume an ad).',
				message: 'Created paused; it will not spend until you activate it',
			},
		]);
		expect(storedAds()).toHaveLength(1);
		expect(storedAds()[0]).toMatchObject({ requestedStatus: 'paused', budget: { amount: 25, type: 'daily' } });
		ctx.api.ads.approveAll();
		expect(storedAds()[0].status).toBe('paused');
	});

	test('Status defaults to PAUSED when the user leaves it', async () => {
		const { status: _s, ...withoutStatus } = socialCreate();
		const r = await ctx.run(withoutStatus as never);
		expect(r.requests[0].body).toMatchObject({ status: 'PAUSED' });
	});

	test('Additional fields: start date, countries split into codes, audience, existing campaign', async () => {
		const campaign = ctx.api.ads.seedCampaign(SOCIAL, 'Existing', 0);
		const start = inDays(1);
		const r = await ctx.run(
			socialCreate({
				endDate: inDays(5),
				additionalFields: { startDate: start, countries: 'US, ca ,DE', audienceId: 'aud_1', existingCampaignId: campaign.platformCampaignId },
			}) as never,
		);
		expect(r.error).toBeUndefined();
		expect(r.requests[0].body).toEqual({
			...socialBody,
			endDate: expect.any(String),
			startDate: start,
			countries: ['US', 'ca', 'DE'],
			audienceId: 'aud_1',
			existingCampaignId: campaign.platformCampaignId,
		});
		expect(r.json[0].platformCampaignId).toBe(campaign.platformCampaignId);
	});

	test('searchnet: campaign type and keywords as a list', async () => {
		const r = await ctx.run(
			createOn('searchnet', SEARCH, { headline: 'Linen', body: 'Cool dresses', linkUrl: 'https://shop.example.com', campaignType: 'search', searchnetKeywords: 'linen dress\nsummer dress, white' }) as never,
		);
		expect(r.error).toBeUndefined();
		expect(r.requests[0].body).toEqual({
			accountId: SEARCH,
			adAccountId: '123-456-7890',
			name: 'searchnet ad',
			goal: 'traffic',
			budgetAmount: 30,
			budgetType: 'daily',
			status: 'PAUSED',
			headline: 'Linen',
			body: 'Cool dresses',
			linkUrl: 'https://shop.example.com',
			campaignType: 'search',
			keywords: ['linen dress', 'summer dress, white'],
		});
		expect(r.json[0]).toMatchObject({ platform: 'searchnet' });
	});

	test('pronet: organization only, with optional creative from Additional Fields; socialnet fields are not sent', async () => {
		const r = await ctx.run(createOn('pronet', PRO, { organizationId: '2414183', headline: 'ignored', additionalFields: { headline: 'Hiring', body: 'Join us' } }) as never);
		expect(r.error).toBeUndefined();
		expect(r.requests[0].body).toEqual({
			accountId: PRO,
			adAccountId: '501',
			name: 'pronet ad',
			goal: 'traffic',
			budgetAmount: 30,
			budgetType: 'daily',
			status: 'PAUSED',
			organizationId: '2414183',
			headline: 'Hiring',
			body: 'Join us',
		});
	});

	test('videonet: the video URL goes as imageUrl with the identity', async () => {
		const r = await ctx.run(createOn('videonet', VIDEO, { videoUrl: 'https://cdn.example.com/a.mp4', identityId: 'id_7', identityType: 'VIDEO_USER' }) as never);
		expect(r.error).toBeUndefined();
		expect(r.requests.map((q) => q.path)).toEqual(['/v1/ads/create']);
		expect(r.requests[0].body).toMatchObject({ imageUrl: 'https://cdn.example.com/a.mp4', identityId: 'id_7', identityType: 'VIDEO_USER', budgetAmount: 30 });
	});

	test('microblog: the text post from Ad Text', async () => {
		const r = await ctx.run(createOn('microblog', MICRO, { body: 'x'.repeat(280) }) as never);
		expect(r.error).toBeUndefined();
		expect(r.requests[0].body).toMatchObject({ body: 'x'.repeat(280) });
		expect(r.json[0]).toMatchObject({ platform: 'microblog' });
	});

	test('chatnet: headline, text, image, link and the four countries', async () => {
		const connect = await ctx.run({ resource: 'connection', operation: 'connectChatnet' }, { credentials: { apiKey: ctx.apiKey, baseUrl: ctx.api.url, limitSpending: false, chatnetApiKey: 'cn_live_ABCDEFGH1234' } });
		const accountId = connect.json[0].id as string;
		ctx.api.ads.connection(accountId).backfilling = false;
		const adAccountId = ctx.api.ads.connection(accountId).adAccounts[0].adAccountId;
		const r = await ctx.run({
			resource: 'ad',
			operation: 'create',
			network: 'chatnet',
			accountId: byId(accountId),
			adAccountId: byId(adAccountId),
			name: 'Chat ad',
			budgetAmount: 10,
			budgetType: 'daily',
			headline: 'Summer',
			body: 'Linen dresses',
			imageUrl: 'https://cdn.example.com/a.jpg',
			linkUrl: 'https://shop.example.com',
			chatnetCountries: ['US', 'CA'],
		});
		expect(r.error).toBeUndefined();
		expect(r.requests[0].body).toMatchObject({ countries: ['US', 'CA'], headline: 'Summer', status: 'PAUSED' });
		expect(r.json[0]).toMatchObject({ platform: 'chatnet' });
	});
});

describe('Messaging and call ads', () => {
	test('Create Messaging Ad: POST /v1/ads/messaging with destination; goal defaults to messages', async () => {
		const r = await ctx.run(socialCreate({ operation: 'createMessaging', goal: undefined, destination: 'page_77' }) as never);
		expect(r.error).toBeUndefined();
		expect(r.requests[0]).toMatchObject({ method: 'POST', path: '/v1/ads/messaging' });
		expect(r.requests[0].body).toEqual({ ...socialBody, goal: 'messages', destination: 'page_77' });
		expect(r.requests[0].headers['idempotency-key']).toMatch(KEY_PATTERN);
		expect(storedAds()[0]).toMatchObject({ adType: 'messaging', goal: 'messages' });
	});

	test('Create Call Ad: POST /v1/ads/call with an E.164 number', async () => {
		const r = await ctx.run(socialCreate({ operation: 'createCall', phoneNumber: '+15551234567' }) as never);
		expect(r.error).toBeUndefined();
		expect(r.requests[0]).toMatchObject({ method: 'POST', path: '/v1/ads/call' });
		expect(r.requests[0].body).toEqual({ ...socialBody, phoneNumber: '+15551234567' });
		expect(storedAds()[0]).toMatchObject({ adType: 'call' });
	});
});

describe('Boost', () => {
	const boost = (extra: Record<string, unknown> = {}) => ({
		resource: 'ad',
		operation: 'boost',
		network: 'socialnet',
		accountId: byId(SOCIAL),
		adAccountId: byId('act_1001'),
		postId: BOOST_POST,
		budgetAmount: 15,
		budgetType: 'daily',
		...extra,
	});

	test('POST /v1/ads/boost with targeting built from the fields and the JSON; PAUSED; the output is the ad', async () => {
		const r = await ctx.run(
			boost({
				targeting: { countries: 'US, CA', ageMin: 21, interests: 'fashion\nFood, drink and dining', moreJson: '{"genders": ["female"]}' },
				additionalFields: { goal: 'traffic' },
			}) as never,
		);
		expect(r.error).toBeUndefined();
		expect(r.requests).toHaveLength(1);
		expect(r.requests[0]).toMatchObject({ method: 'POST', path: '/v1/ads/boost', query: {} });
		expect(r.requests[0].body).toEqual({
			accountId: SOCIAL,
			adAccountId: 'act_1001',
			postId: BOOST_POST,
			budgetAmount: 15,
			budgetType: 'daily',
			status: 'PAUSED',
			goal: 'traffic',
			targeting: { genders: ['female'], countries: ['US', 'CA'], ageMin: 21, interests: ['fashion', 'Food, drink and dining'] },
		});
		expect(r.requests[0].headers['idempotency-key']).toMatch(KEY_PATTERN);
		expect(r.json).toEqual([{ id: expect.stringMatching(/^ad_/), name: `Boost of ${BOOST_POST}`, status: 'pending_review', requestedStatus: 'paused', statusNote: expect.stringContaining('In review by the network (pending_review). Created Paused'), message: expect.stringContaining('paused') }]);
		expect(storedAds()[0]).toMatchObject({ adType: 'boost', requestedStatus: 'paused' });
	});

	test('Targeting lists that come out empty (only separators, an empty list from an expression) are not sent; the other fields are', async () => {
		const r = await ctx.run(boost({ targeting: { countries: ' , \n', interests: [], ageMax: 40 } }) as never);
		expect(r.error).toBeUndefined();
		expect((r.requests[0].body as { targeting?: unknown }).targeting).toEqual({ ageMax: 40 });
	});

	test('A boost that fails with a 500 is not resent by the node: one request, one error', async () => {
		ctx.api.injectFault({ type: 'status', status: 500 }, 1, { path: '/v1/ads/boost' });
		const r = await ctx.run(boost() as never);
		expect(r.error?.message).toBe('The Storefront API had a server error');
		expect(r.requests).toHaveLength(1);
		expect(storedAds()).toHaveLength(0);
	});

	test('A boost refused with 503 before its answer is resent with the same key and body: one ad', async () => {
		ctx.api.injectFault({ type: 'status', status: 503 }, 1, { path: '/v1/ads/boost' });
		const r = await ctx.run(boost() as never);
		expect(r.error).toBeUndefined();
		expect(r.requests).toHaveLength(2);
		expect(r.requests[1].headers['idempotency-key']).toBe(r.requests[0].headers['idempotency-key']);
		expect(r.requests[1].rawBody).toBe(r.requests[0].rawBody);
		expect(storedAds()).toHaveLength(1);
	});

	test('Validate Only: the checks come back as the item (checked by the service), nothing is created', async () => {
		const r = await ctx.run(boost({ validateOnly: true }) as never);
		expect(r.error).toBeUndefined();
		expect(r.requests[0].body).toMatchObject({ validateOnly: true });
		expect(r.json).toHaveLength(1);
		expect(r.json[0]).toMatchObject({ validateOnly: true, valid: true, network: 'socialnet', checked_by: 'service' });
		expect(r.json[0].checks).toEqual(expect.arrayContaining([{ check: 'connection', status: 'passed', message: 'ok' }]));
		expect(storedAds()).toHaveLength(0);
	});

	test('an unknown post: Validate Only says valid false with the failed post check; the boost fails with the 404 explained; nothing is created', async () => {
		const check = await ctx.run(boost({ postId: 'post_does_not_exist', validateOnly: true }) as never);
		expect(check.json[0]).toMatchObject({ valid: false, checks: expect.arrayContaining([expect.objectContaining({ check: 'post', status: 'failed', message: expect.stringContaining('GET /v1/ads/best-posts') })]) });
		const r = await ctx.run(boost({ postId: 'post_does_not_exist' }) as never);
		expect(r.requests.map((q) => q.status)).toEqual([404]);
		expect(errorText(r.error)).toContain('Post post_does_not_exist was not found for connection acc_social1');
		expect(storedAds()).toHaveLength(0);
	});
});

describe('Optional pronet organization and videonet identity (reference)', () => {
	test('pronet without an organization and videonet without an identity are sent and created', async () => {
		const pro = await ctx.run(createOn('pronet', PRO, { additionalFields: { headline: 'Hiring' } }) as never);
		expect(pro.error).toBeUndefined();
		expect(pro.requests[0].body).not.toHaveProperty('organizationId');
		const video = await ctx.run(createOn('videonet', VIDEO, { videoUrl: 'https://cdn.example.com/a.mp4' }) as never);
		expect(video.error).toBeUndefined();
		expect(video.requests[0].body).not.toHaveProperty('identityId');
		expect(video.requests[0].body).not.toHaveProperty('identityType');
	});
});

describe('Every create body field where the reference allows it', () => {
	test('searchnet takes an image URL and a call to action; microblog a call to action; commas stay inside keywords', async () => {
		const r = await ctx.run(
			createOn('searchnet', SEARCH, {
				headline: 'Summer sale, 50% off',
				body: 'Cool dresses',
				linkUrl: 'https://shop.example.com',
				campaignType: 'search',
				searchnetKeywords: ['linen dress, white', 'summer dress'],
				additionalFields: { imageUrl: 'https://cdn.example.com/x.jpg', callToAction: 'SHOP_NOW' },
			}) as never,
		);
		expect(r.error).toBeUndefined();
		expect(r.requests[0].body).toMatchObject({ headline: 'Summer sale, 50% off', keywords: ['linen dress, white', 'summer dress'], imageUrl: 'https://cdn.example.com/x.jpg', callToAction: 'SHOP_NOW' });
		const micro = await ctx.run(createOn('microblog', MICRO, { body: 'Hi', additionalFields: { callToAction: 'LEARN_MORE', linkUrl: 'https://a.example' } }) as never);
		expect(micro.requests[0].body).toMatchObject({ body: 'Hi', callToAction: 'LEARN_MORE', linkUrl: 'https://a.example' });
	});

	test('goal catalog_sales is offered and sent', async () => {
		const r = await ctx.run(socialCreate({ goal: 'catalog_sales' }) as never);
		expect(r.requests[0].body).toMatchObject({ goal: 'catalog_sales' });
	});

	test('a budget with cents is refused before the call, naming the fix', async () => {
		const r = await ctx.run(socialCreate({ budgetAmount: 25.5 }) as never);
		expect(r.requests).toHaveLength(0);
		expect(r.error?.message).toBe('Budget Amount must be a whole number');
	});
});

describe('Socialnet dry-run limit: 30 Validate Only writes per ad account per 5 minutes', () => {
	test('the 31st is a 429 explained by the node (limit, wait N seconds, validate once when ready)', async () => {
		for (let i = 0; i < 30; i++) {
			const ok = await ctx.run(socialCreate({ validateOnly: true, name: `Try ${i}` }) as never);
			expect(ok.error).toBeUndefined();
		}
		const r = await ctx.run(socialCreate({ validateOnly: true, name: 'Try 31' }) as never);
		expect(r.requests[0].status).toBe(429);
		// the seconds the API sent (300 or a little less, as time passes), never a figure of our own; over the node's 60 s, so not resent
		const retryAfter = r.requests[0].replyHeaders?.['Retry-After'];
		expect(Number(retryAfter)).toBeGreaterThan(60);
		expect(r.requests).toHaveLength(1);
		expect(r.error?.message).toMatch(/dry-run limit of 30 per ad account per 5 minutes/);
		expect(r.error?.description).toMatch(new RegExp(`^Wait ${retryAfter} seconds, as the API asked,.*Validate once when the ad is ready`));
		const created = await ctx.run(socialCreate({ name: 'Real' }) as never);
		expect(created.error).toBeUndefined();
	});
});

describe('Validate Only on create', () => {
	test('socialnet: valid, checked by the network, nothing created', async () => {
		const r = await ctx.run(socialCreate({ validateOnly: true }) as never);
		expect(r.error).toBeUndefined();
		expect(r.requests[0].body).toEqual({ ...socialBody, validateOnly: true });
		expect(r.json).toEqual([
			{
				validateOnly: true,
				valid: true,
				network: 'socialnet',
				checked_by: 'network',
				checks: expect.any(Array),
				message: 'All checks passed; nothing was created',
			},
		]);
		expect(storedAds()).toHaveLength(0);
		expect(ctx.api.ads.campaigns.size).toBe(0);
	});

	test('failing checks are returned, not thrown: valid false with the failed check named', async () => {
		ctx.api.ads.connection(SOCIAL).needsReconnection = true;
		const r = await ctx.run(socialCreate({ validateOnly: true }) as never);
		expect(r.error).toBeUndefined();
		expect(r.json[0]).toMatchObject({ valid: false, checked_by: 'service' });
		expect((r.json[0].checks as Array<{ check: string; status: string }>).find((c) => c.status === 'failed')?.check).toBe('connection');
	});

	test('false sends no validateOnly at all', async () => {
		const r = await ctx.run(socialCreate({ validateOnly: false }) as never);
		expect(r.requests[0].body).not.toHaveProperty('validateOnly');
	});
});

describe('Idempotency: a retried execution never creates a second ad', () => {
	test('the same create run again (another execution, e.g. a retry) sends the same key and creates one ad', async () => {
		const first = await ctx.run(socialCreate() as never, { executionId: 'exec-100' });
		const retry = await ctx.run(socialCreate() as never, { executionId: 'exec-101' });
		expect(retry.requests[0].headers['idempotency-key']).toBe(first.requests[0].headers['idempotency-key']);
		// the same ad, said to be made by the first run's request
		expect(retry.json[0]).toMatchObject({ id: first.json[0].id, replayed: true });
		expect(storedAds()).toHaveLength(1);
	});

	test('the response is lost after the API created the ad; the retried execution still creates one', async () => {
		ctx.api.injectFault({ type: 'dropResponse' }, 1, { path: '/v1/ads/boost' });
		const params = { resource: 'ad', operation: 'boost', network: 'socialnet', accountId: byId(SOCIAL), adAccountId: byId('act_1001'), postId: BOOST_POST, budgetAmount: 15, budgetType: 'daily' };
		// three times: the node's own resends lose their answers too, so the execution fails
		ctx.api.injectFault({ type: 'dropResponse' }, 2, { path: '/v1/ads/boost' });
		const lost = await ctx.run(params as never, { executionId: 'exec-200' });
		expect(lost.error?.description).toMatch(/sent it 3 times.*a repeat returns the first result/);
		expect(storedAds()).toHaveLength(1);
		const retried = await ctx.run(params as never, { executionId: 'exec-201' });
		expect(retried.error).toBeUndefined();
		expect(retried.json[0].id).toBe(storedAds()[0].id);
		expect(storedAds()).toHaveLength(1);
	});

	test('different items or different fields get different keys: two items → two ads', async () => {
		const r = await ctx.run(socialCreate({ name: '={{ $json.name }}' }) as never, { items: [{ name: 'A' }, { name: 'B' }] });
		expect(r.error).toBeUndefined();
		const keys = r.requests.map((q) => q.headers['idempotency-key']);
		expect(new Set(keys).size).toBe(2);
		expect(storedAds().map((a) => a.name).sort()).toEqual(['A', 'B']);
	});

	test('a key set by the user is sent as is', async () => {
		const r = await ctx.run(socialCreate({ options: { idempotencyKey: 'monday-post_1' } }) as never);
		expect(r.requests[0].headers['idempotency-key']).toBe('monday-post_1');
	});
});

describe('Checks before the call (nothing is sent)', () => {
	const cases: Array<[string, Record<string, unknown>, RegExp]> = [
		['microblog text over 280', createOn('microblog', MICRO, { body: 'x'.repeat(281) }), /Microblog ad text is 281 characters; the limit is 280/],
		['lifetime without an end date', socialCreate({ budgetType: 'lifetime' }), /A lifetime budget needs an End Date/],
		['socialnet daily under 24 hours', socialCreate({ endDate: inDays(0.5) }), /must run at least 24 hours/],
		['end before start', socialCreate({ endDate: inDays(2), additionalFields: { startDate: inDays(3) } }), /End Date is not after Start Date/],
		['call number not E.164', socialCreate({ operation: 'createCall', phoneNumber: '555-1234' }), /"555-1234" is not in international format/],
		['zero budget', socialCreate({ budgetAmount: 0 }), /Budget Amount must be more than 0/],
	];
	test.each(cases)('%s', async (_name, params, message) => {
		const r = await ctx.run(params as never);
		expect(r.error?.message).toMatch(message);
		expect(r.requests).toHaveLength(0);
	});

	test('chatnet headline 3–50 and body ≤ 100', async () => {
		const chat = (headline: string, body: string) => ({ ...createOn('chatnet', SOCIAL, { headline, body, imageUrl: 'x', linkUrl: 'https://x.example', chatnetCountries: ['US'] }) });
		const short = await ctx.run(chat('Hi', 'ok') as never);
		expect(short.error?.message).toBe('Chatnet headline is 2 characters; it must be 3 to 50');
		const long = await ctx.run(chat('h'.repeat(51), 'ok') as never);
		expect(long.error?.message).toBe('Chatnet headline is 51 characters; it must be 3 to 50');
		const body = await ctx.run(chat('Fine', 'b'.repeat(101)) as never);
		expect(body.error?.message).toBe('Chatnet ad text is 101 characters; the limit is 100');
		expect([short, long, body].flatMap((r) => r.requests)).toHaveLength(0);
	});

	test('videonet under 20 on a USD account: one account lookup, no create', async () => {
		const r = await ctx.run(createOn('videonet', VIDEO, { videoUrl: 'https://cdn.example.com/a.mp4', identityId: 'i', budgetAmount: 19 }) as never);
		expect(r.error?.message).toBe('The videonet minimum budget is 20 USD; this ad has 19 USD');
		expect(r.requests.map((q) => [q.method, q.path, q.query])).toEqual([['GET', '/v1/ads/accounts', { accountId: VIDEO }]]);
	});

	test('videonet under 20 on a non-USD account is left to the API', async () => {
		ctx.api.ads.connection(VIDEO).adAccounts[0].currency = 'EUR';
		const r = await ctx.run(createOn('videonet', VIDEO, { videoUrl: 'https://cdn.example.com/a.mp4', identityId: 'i', budgetAmount: 15 }) as never);
		expect(r.error).toBeUndefined();
		expect(r.requests.map((q) => q.path)).toEqual(['/v1/ads/accounts', '/v1/ads/create']);
	});

	test('Continue On Fail: the bad item becomes an error item, the good one is created', async () => {
		const r = await ctx.run(socialCreate({ budgetAmount: '={{ $json.budget }}', name: '={{ $json.name }}' }) as never, {
			continueOnFail: true,
			items: [{ budget: 0, name: 'bad' }, { budget: 30, name: 'good' }],
		});
		expect(r.error).toBeUndefined();
		expect(r.json).toHaveLength(2);
		expect(r.json[0].error).toBe('Budget Amount must be more than 0');
		expect(r.json[1]).toMatchObject({ name: 'good' });
		expect(storedAds().map((a) => a.name)).toEqual(['good']);
	});
});

describe('API errors', () => {
	test('402 without the ads add-on explains the add-on and where to enable it', async () => {
		ctx.apiKey = KEYS.noAds;
		const r = await ctx.run(socialCreate() as never);
		expect(r.requests[0].status).toBe(402);
		expect(r.error?.message).toBe('Ads calls need the ads add-on');
		expect(r.error?.description).toContain('Enable the ads add-on (a paid add-on, available on any plan) in your Storefront dashboard');
		expect(r.error?.httpCode).toBe('402');
		expect(errorText(r.error)).not.toContain(KEYS.noAds);
	});

	test('an invalid body answered 400 names the failing checks', async () => {
		// organizationId is optional now (reference); an empty goal is a check only the API makes
		const r = await ctx.run(socialCreate({ goal: '={{ $json.goal }}' }) as never, { items: [{ goal: '' }] });
		expect(r.requests[0].status).toBe(400);
		expect(r.error?.message).toMatch(/^The API rejected the request: goal: /);
	});
});

describe('Field order: what, where and how much before options and notices', () => {
	const { properties } = new StorefrontAds().description;
	// n8n's own display check on the parameters n8n fills in (oneDeclarationPerName's hidden markers included)
	const shownOn = (operation: string, set: Record<string, unknown> = {}) => {
		const values = NodeHelpers.getNodeParameters(properties, { resource: 'ad', operation, ...set } as never, true, false, { typeVersion: 1 } as never, null)!;
		return properties.filter((p) => p.type !== 'hidden' && p.name !== 'operation' && p.name !== 'resource' && NodeHelpers.displayParameter(values, p, null, null, values)).map((p) => p.name);
	};

	test.each(['boost', 'create'])('%s', (operation) => {
		const names = shownOn(operation);
		// a boost's Post after the Ad Connection and Ad Account: its list is the chosen connection's posts
		const first = operation === 'boost' ? ['network', 'accountId', 'adAccountId', 'postId', 'budgetAmount', 'budgetType'] : ['network', 'accountId', 'adAccountId', 'budgetAmount', 'budgetType'];
		expect(names.slice(0, first.length)).toEqual(first);
		for (const later of ['options', 'validateOnly']) expect(names.indexOf(later)).toBeGreaterThan(names.indexOf('budgetType'));
		const validate = properties.find((p) => p.name === 'validateOnly' && (p.displayOptions?.show?.operation as string[] | undefined)?.includes(operation));
		expect(validate?.hint).toMatch(/30 Validate Only checks per ad account per 5 minutes/);
	});

	test.each(['boost', 'create', 'createMessaging', 'createCall'])('%s: the warning that an ACTIVE ad spends money shows right under Status, only while it is Active (or an expression)', (operation) => {
		expect(shownOn(operation)).not.toContain('spendNotice');
		expect(shownOn(operation, { status: 'PAUSED' })).not.toContain('spendNotice');
		const active = shownOn(operation, { status: 'ACTIVE' });
		expect(active.indexOf('status')).toBeGreaterThan(active.indexOf('budgetType'));
		expect(active.indexOf('spendNotice')).toBe(active.indexOf('status') + 1);
		expect(active.indexOf('spendNotice')).toBeLessThan(active.indexOf('validateOnly'));
		expect(shownOn(operation, { status: "={{ $fromAI('status') }}" })).toContain('spendNotice');
	});
});
