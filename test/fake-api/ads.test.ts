import { KEYS, postIdOf, startFakeApi, type FakeApiServer } from '../../fake-api';
import { plainClient, socialAd } from './client';

/** The fake ads API's own rules, with a plain HTTP client. */

let api: FakeApiServer;
beforeEach(async () => (api = await startFakeApi()));
afterEach(async () => await api.close());

const call = plainClient(() => api);

test('every ads call without the add-on is 402', async () => {
	for (const [method, path] of [['GET', '/v1/ads/connections'], ['GET', '/v1/ads'], ['POST', '/v1/ads/create']]) {
		const r = await call(method, path, method === 'POST' ? socialAd : undefined, {}, KEYS.noAds);
		expect(r.status).toBe(402);
		expect(r.body.error.code).toBe('ads_addon_required');
	}
});

test('static paths are not taken for an ad id', async () => {
	expect((await call('GET', '/v1/ads/connections')).body.connections).toHaveLength(5);
	expect((await call('GET', '/v1/ads/accounts?accountId=acc_social1')).body.accounts[0].adAccountId).toBe('act_1001');
});

test('validateOnly checks everything and creates nothing; socialnet create is checked by the network', async () => {
	const ok = await call('POST', '/v1/ads/create', { ...socialAd, validateOnly: true });
	expect(ok.body).toMatchObject({ validateOnly: true, valid: true, network: 'socialnet', checked_by: 'network' });
	const bad = await call('POST', '/v1/ads/create', { ...socialAd, headline: undefined, budgetType: 'lifetime', validateOnly: true });
	expect(bad.body.valid).toBe(false);
	expect(bad.body.checked_by).toBe('service');
	expect(bad.body.checks.filter((c: { status: string }) => c.status === 'failed').map((c: { check: string }) => c.check)).toEqual(['required_fields', 'dates']);
	expect(api.ads.ads.size).toBe(0);
});

test('network limits: microblog 280, chatnet headline 3–50 / body 100, videonet 20 USD, daily socialnet ≥ 24 h, E.164 for calls', async () => {
	const v = async (body: Record<string, unknown>, path = '/v1/ads/create') => (await call('POST', path, { ...body, validateOnly: true })).body;
	const base = { adAccountId: 'x', name: 'n', goal: 'traffic', budgetAmount: 50, budgetType: 'daily' };
	expect((await v({ ...base, accountId: 'acc_micro1', adAccountId: 'mb-18ce', body: 'x'.repeat(281) })).checks.find((c: { check: string }) => c.check === 'creative_limits').status).toBe('failed');
	expect((await v({ ...base, accountId: 'acc_video1', adAccountId: '7001', identityId: 'i', identityType: 'VIDEO_USER', imageUrl: 'https://v/x.mp4', budgetAmount: 19 })).checks.find((c: { check: string }) => c.check === 'min_daily_budget').status).toBe('failed');
	const short = await v({ ...socialAd, startDate: '2026-12-01T00:00:00Z', endDate: '2026-12-01T12:00:00Z' });
	expect(short.checks.find((c: { check: string }) => c.check === 'daily_budget_duration').status).toBe('failed');
	const callAd = await v({ ...socialAd, phoneNumber: '555-1234' }, '/v1/ads/call');
	expect(callAd.checks.find((c: { check: string }) => c.check === 'creative_limits').message).toContain('E.164');
});

test('create answers pending_review, keeps the requested PAUSED, and an Idempotency-Key makes a retry create nothing', async () => {
	const headers = { 'idempotency-key': 'exec-1:node:0' };
	const first = await call('POST', '/v1/ads/create', socialAd, headers);
	expect(first.body.ad).toMatchObject({ status: 'pending_review', platform: 'socialfeed' });
	const retry = await call('POST', '/v1/ads/create', socialAd, headers);
	expect(retry.body).toEqual(first.body);
	expect(api.ads.ads.size).toBe(1);
	api.ads.approveAll();
	expect((await call('GET', `/v1/ads/${first.body.ad.id}`)).body.ad.status).toBe('paused');
});

test('status transitions, cancel, 501 on microblog creative, backfill 202', async () => {
	const c = api.ads.seedCampaign('acc_micro1', 'Micro', 1);
	const [ad] = api.ads.adsOf(c.platformCampaignId);
	expect((await call('PUT', `/v1/ads/${ad.id}/status`, { status: 'paused' })).body).toEqual({ updated: true, status: 'paused' });
	expect(api.ads.adSets.get(ad.platformAdSetId)!.status).toBe('paused');
	const edit = await call('PUT', `/v1/ads/${ad.id}`, { creative: { body: 'new' } });
	expect(edit.status).toBe(501);
	expect(edit.body.error.code).toBe('unsupported_platform_operation');
	expect((await call('DELETE', `/v1/ads/${ad.id}`)).body).toEqual({ ad: { id: ad.id, status: 'cancelled' } });

	const chat = await call('POST', '/v1/connect/chatnet/ads', { api_key: 'cn_live_abcdefgh12' });
	expect(chat.body).toMatchObject({ network: 'chatnet', id: expect.stringMatching(/^acc_chat_/) });
	expect(JSON.stringify(chat.body)).not.toContain('cn_live_');
	const pending = await call('GET', '/v1/ads');
	expect(pending.status).toBe(202);
	expect(pending.body.backfillPending).toBe(true);
	expect((await call('POST', '/v1/connect/chatnet/ads', { api_key: 'wrong' })).body.error.code).toBe('invalid_credentials');
});

test('connecting: read-only keys cannot connect networks that connect at once', async () => {
	expect((await call('GET', '/v1/connect/socialnet/ads?return_to=https://app.example.com/done', undefined, {}, KEYS.readOnly)).body.error.code).toBe('read_only_key');
	const searchnet = await call('GET', '/v1/connect/searchnet/ads?return_to=https://app.example.com/done', undefined, {}, KEYS.readOnly);
	expect(searchnet.body).toMatchObject({ network: 'searchnet', already_connected: false, auth_url: expect.stringMatching(/^https:/) });
});

test('campaign status and bulk status report updated and skipped counts', async () => {
	const a = api.ads.seedCampaign('acc_social1', 'A');
	const b = api.ads.seedCampaign('acc_search1', 'B');
	expect((await call('PUT', `/v1/ads/campaigns/${a.platformCampaignId}/status`, { status: 'paused', platform: 'socialfeed' })).body).toEqual({ status: 'paused', updated: 2, skipped: 0 });
	const bulk = await call('POST', '/v1/ads/campaigns/bulk-status', {
		status: 'paused',
		campaigns: [{ campaignId: a.platformCampaignId, platform: 'socialfeed' }, { campaignId: b.platformCampaignId, platform: 'searchnet' }, { campaignId: 'cmp_nope', platform: 'searchnet' }],
	});
	expect(bulk.body).toEqual({ updated: 1, skipped: 2 });
	const tooMany = await call('POST', '/v1/ads/campaigns/bulk-status', { status: 'paused', campaigns: Array.from({ length: 51 }, (_, i) => ({ campaignId: `c${i}`, platform: 'searchnet' })) });
	expect(tooMany.status).toBe(400);
});

test('lists page with page/limit (max 500) and the tree rolls metrics up', async () => {
	for (let i = 0; i < 7; i++) api.ads.seedCampaign('acc_social1', `C${i}`, 2);
	const p2 = await call('GET', '/v1/ads/tree?limit=3&page=2');
	expect(p2.body.pagination).toEqual({ page: 2, limit: 3, total: 7, pages: 3 });
	const [first] = p2.body.campaigns;
	expect(first.metrics.impressions).toBe(first.adSets[0].ads.reduce((n: number, a: { metrics: { impressions: number } }) => n + a.metrics.impressions, 0));
	expect((await call('GET', '/v1/ads?limit=501')).status).toBe(400);
	expect((await call('GET', '/v1/ads?limit=5&page=3')).body.ads).toHaveLength(4);
});

describe('boosts take only posts the connection lists', () => {
	const boost = (postId: string, extra: Record<string, unknown> = {}) =>
		call('POST', '/v1/ads/boost', { postId, accountId: 'acc_social1', adAccountId: 'act_1001', budgetAmount: 10, budgetType: 'daily', status: 'PAUSED', ...extra });
	const failed = (body: Record<string, any>) => body.checks.filter((c: { status: string }) => c.status === 'failed'); // eslint-disable-line @typescript-eslint/no-explicit-any

	test('a listed post boosts (socialnet feed and photoapp posts; videonet with its postingAccountId)', async () => {
		const best = await call('GET', '/v1/ads/best-posts?accountId=acc_social1');
		expect(best.body.posts.map((p: { id: string }) => p.id)).toContain(postIdOf('acc_social1', 0));
		expect((await boost(best.body.posts[0].id, { validateOnly: true })).body).toMatchObject({ valid: true, checks: expect.arrayContaining([{ check: 'post', status: 'passed', message: 'ok' }]) });
		const photo = await call('GET', '/v1/ads/photoapp-posts?accountId=acc_social1&adAccountId=act_1001');
		expect((await boost(photo.body.posts[0].id)).body.ad).toMatchObject({ name: `Boost of ${photo.body.posts[0].id}`, status: 'pending_review' });
		const video = await call('GET', '/v1/ads/best-posts?accountId=acc_video1');
		const videoBoost = await boost(video.body.posts[0].id, { accountId: video.body.postingAccountId, adAccountId: '7001', budgetAmount: 20 });
		expect(videoBoost.status).toBe(200);
		expect(api.ads.ads.size).toBe(2);
	});

	test('Validate Only of an unknown post: valid false, a failed "post" check that says where ids come from; nothing created', async () => {
		const r = await boost('post_does_not_exist', { validateOnly: true });
		expect(r.status).toBe(200);
		expect(r.body).toMatchObject({ validateOnly: true, valid: false, network: 'socialnet', checked_by: 'service' });
		expect(failed(r.body)).toEqual([
			{ check: 'post', status: 'failed', message: 'post post_does_not_exist was not found for connection acc_social1; boost a post listed by GET /v1/ads/best-posts or /v1/ads/photoapp-posts for this connection' },
		]);
		expect(api.ads.ads.size).toBe(0);
	});

	test('a real boost of an unknown post, or of another connection\'s post, is 404 not_found and creates nothing', async () => {
		const r = await boost('post_does_not_exist');
		expect(r.status).toBe(404);
		expect(r.body).toEqual({
			error: { code: 'not_found', message: 'Post post_does_not_exist was not found for connection acc_social1; boost a post listed by GET /v1/ads/best-posts or /v1/ads/photoapp-posts for this connection' },
		});
		const videoPost = postIdOf('acc_video1', 0);
		expect((await boost(videoPost)).body.error).toMatchObject({ code: 'not_found', message: expect.stringContaining(`Post ${videoPost} was not found for connection acc_social1`) });
		const onVideo = await boost(postIdOf('acc_social1', 0), { accountId: 'acc_video1', adAccountId: '7001', budgetAmount: 20 });
		expect(onVideo.body.error.message).toContain('with its postingAccountId as accountId');
		expect(api.ads.ads.size).toBe(0);
		expect(api.ads.campaigns.size).toBe(0);
	});

	test('an unknown connection is 404 before any post check; an unknown existing campaign fails Validate Only and is 404 on create', async () => {
		const r = await boost('post_x', { accountId: 'acc_nope', validateOnly: true });
		expect([r.status, r.body.error.message]).toEqual([404, 'Ad connection acc_nope was not found']);
		const check = await call('POST', '/v1/ads/create', { ...socialAd, existingCampaignId: 'cmp_nope', validateOnly: true });
		expect(failed(check.body)).toEqual([{ check: 'existing_campaign', status: 'failed', message: 'campaign cmp_nope was not found; list campaigns with GET /v1/ads/campaigns' }]);
		const create = await call('POST', '/v1/ads/create', { ...socialAd, existingCampaignId: 'cmp_nope' });
		expect([create.status, create.body.error.code]).toEqual([404, 'not_found']);
		expect(api.ads.ads.size).toBe(0);
	});
});
