import type { IHttpRequestOptions } from 'n8n-workflow';

import { breachOf, requestBreaches } from '../../credentials/capChecks';
import { adBudgetOf, type AmountCap, type CredentialCaps } from '../../credentials/spendingCaps';
import { checkedSpends } from '../../nodes/StorefrontAds/helpers/spends';
import { sendOwnIdempotencyKey, spendInRequest } from '../../nodes/StorefrontAds/helpers/spendRequest';
import { checkSpendCaps, countSpendingCall } from '../../nodes/StorefrontAds/helpers/spendingActions';
import { OPEN_CAPS, spendContext } from './spend-context';

/**
 * What counts as one spending action for Max Spending Actions per Execution, what a change that
 * spends nothing passes, and which declarations the caps accept: edges a mutation run of the caps
 * found that no test held (docs/development.md, "Mutation testing"). Driven through the preSend
 * functions RoutingNode calls, with n8n's context reduced to what they read.
 */

let execution = 0;

/** A fresh execution: `send(request, item)` runs the preSend under `caps`; it resolves to the refusal's message and description, or 'sent'. */
function anExecution(preSend: ReturnType<typeof countSpendingCall>, caps: Partial<typeof OPEN_CAPS>) {
	const id = `exec-counting-${execution++}`;
	return async (request: IHttpRequestOptions, item = 0, credential: { apiKey?: string; baseUrl?: string } = {}) => {
		const ctx = spendContext(id, item, { ...caps, ...credential });
		try {
			await preSend.call(ctx, request);
			return 'sent';
		} catch (error) {
			return `${(error as Error).message} | ${(error as { description?: string }).description ?? ''}`;
		}
	};
}

const CAP_2 = /^Spending action 3 of this execution, above this credential's cap of 2 \(Max Spending Actions per Execution\); 2 already taken\. Nothing was sent\. It passes with Max Spending Actions per Execution of 3 or more, or in another execution \(one run of the workflow\), after a person has looked at these\./;

test('a budget change and a bid change each count; a change of neither counts nothing', async () => {
	const send = anExecution(countSpendingCall(['budget', 'bid']), { maxSpendingCallsPerExecution: 2 });
	const put = (path: string, body: object): IHttpRequestOptions => ({ method: 'PUT', url: path, body });
	expect(await send(put('/v1/ads/campaigns/c1', { name: 'Renamed' }))).toBe('sent');
	expect(await send(put('/v1/ads/campaigns/c1', { budget: { amount: 20, type: 'daily' } }))).toBe('sent');
	expect(await send(put('/v1/ads/ads/a1', { bidAmount: 2 }))).toBe('sent');
	expect(await send(put('/v1/ads/campaigns/c2', { name: 'Another' }))).toBe('sent');
	expect(await send(put('/v1/ads/ads/a2', { budgetAmount: 5 }))).toMatch(CAP_2);
	expect(await send(put('/v1/ads/ads/a3', { bidStrategy: 'lowest_cost' }))).toMatch(CAP_2);
});

test('POSTs: one Idempotency-Key is one call whatever the item (a user\'s own key on every item); without a key, one call per item', async () => {
	const send = anExecution(countSpendingCall(['create']), { maxSpendingCallsPerExecution: 2 });
	const boost = (key?: string): IHttpRequestOptions => ({ method: 'POST', url: '/v1/ads/boost', body: { postId: 'p1' }, headers: key ? { 'Idempotency-Key': key } : {} });
	expect([await send(boost('my-key'), 0), await send(boost('my-key'), 1), await send(boost('my-key'), 2)]).toEqual(['sent', 'sent', 'sent']);
	// another key is another call: the second action, and a third key is over the cap of 2
	expect(await send(boost('other-key'), 0)).toBe('sent');
	expect(await send(boost('third-key'), 0)).toMatch(CAP_2);
	// the same body without a key: item 0 and item 1 are two calls
	const unkeyed = anExecution(countSpendingCall(['create']), { maxSpendingCallsPerExecution: 1 });
	expect(await unkeyed(boost(), 0)).toBe('sent');
	expect(await unkeyed(boost(), 0)).toBe('sent');
	expect(await unkeyed(boost(), 1)).toMatch(/^Spending action 2 of this execution, above this credential's cap of 1 /);
});

test('finding 2: an Idempotency-Key counts by what it does: the same key on another path, or at another API key or Base URL, is another call; the same key, path and API key is one', async () => {
	const send = anExecution(countSpendingCall(['create']), { maxSpendingCallsPerExecution: 2 });
	const post = (url: string): IHttpRequestOptions => ({ method: 'POST', url, body: { budgetAmount: 20 }, headers: { 'Idempotency-Key': 'same-key' } });
	const key = { apiKey: 'sk_a', baseUrl: 'https://api.example.com' };
	expect(await send(post('/v1/ads/create'), 0, key)).toBe('sent');
	expect(await send(post('/v1/ads/create'), 1, key)).toBe('sent');
	expect(await send(post('/v1/ads/boost'), 0, key)).toBe('sent');
	expect(await send(post('/v1/ads/messaging'), 0, key)).toMatch(CAP_2);
	expect(await send(post('/v1/ads/create'), 0, { ...key, apiKey: 'sk_b' })).toMatch(CAP_2);
	expect(await send(post('/v1/ads/create'), 0, { ...key, baseUrl: 'https://other.example.com' })).toMatch(CAP_2);
});

test('finding 3: keywords count when a request sends them, its own list or in its targeting (one that cannot be read counts too); other targeting does not', async () => {
	const send = anExecution(countSpendingCall(['activate', 'budget', 'keywords']), { maxSpendingCallsPerExecution: 2 });
	const put = (ad: string, body: object): IHttpRequestOptions => ({ method: 'PUT', url: `/v1/ads/${ad}`, body });
	expect(await send(put('a1', { targeting: { locations: ['US'] } }))).toBe('sent');
	expect(await send(put('a1', { name: 'Renamed' }))).toBe('sent');
	expect(await send(put('a1', { targeting: { keywords: ['linen'] } }))).toBe('sent');
	expect(await send(put('a2', { keywords: ['linen'] }))).toBe('sent');
	expect(await send(put('a3', { targeting: '{"keywords": ["linen"]}' }))).toMatch(CAP_2);
	expect(await send(put('a4', { targeting: [{ keywords: ['linen'] }] }))).toMatch(CAP_2);
});

test('Bulk Set Status counts each campaign made active once, however its platform and ID are typed (a number, padded text, none)', async () => {
	const send = anExecution(countSpendingCall(['activate']), { maxSpendingCallsPerExecution: 2 });
	const activate = (campaigns: object[]): IHttpRequestOptions => ({ method: 'POST', url: '/v1/ads/campaigns/bulk-status', body: { status: 'active', campaigns } });
	expect(await send(activate([{ campaignId: 'c5' }]))).toBe('sent');
	// the same campaign: no platform, platform null, platform empty
	expect(await send(activate([{ platform: null, campaignId: 'c5' }, { platform: '', campaignId: ' c5 ' }]))).toBe('sent');
	expect(await send(activate([{ platform: 'socialfeed', campaignId: 123 }]))).toBe('sent');
	expect(await send(activate([{ platform: ' socialfeed ', campaignId: '123' }]))).toBe('sent');
	expect(await send(activate([{ platform: 'socialfeed', campaignId: 456 }]))).toMatch(CAP_2);
});

test('under budget caps and Paused Only, an update that sets neither a budget nor a status passes untouched', async () => {
	const send = anExecution(checkSpendCaps(['budget', 'activate']), { maxDailyBudget: 0, maxLifetimeBudget: 0, pausedOnly: true });
	const rename: IHttpRequestOptions = { method: 'PUT', url: '/v1/ads/campaigns/c1', body: { name: 'Renamed' } };
	expect(await send(rename)).toBe('sent');
	expect(rename.body).toEqual({ name: 'Renamed' });
	expect(await send({ method: 'PUT', url: '/v1/ads/campaigns/c1', body: { status: 'ACTIVE' } })).toMatch(/^Status ACTIVE is refused: this credential allows paused only/);
});

test('a declaration the caps accept: \'none\', a list of known actions, or a judge with such a list; anything else does not load', () => {
	const judge = async () => [];
	expect(checkedSpends('ok', 'none')).toBe('none');
	expect(checkedSpends('ok', ['create', 'budget'])).toEqual(['create', 'budget']);
	expect(checkedSpends('ok', { can: ['budget'], judge })).toMatchObject({ can: ['budget'] });
	for (const spends of [[], ['create', 'spend'], { can: [], judge }, { can: ['budget', 'spend'], judge }, { can: ['budget'] }, { can: 'budget', judge }, undefined, null, 'all'])
		expect(() => checkedSpends('x.y', spends)).toThrow(/^x\.y: declare what its requests can do to spending/);
});

test('a user\'s own Idempotency Key (Options) is sent as the header, trimmed; an empty or blank one sends none, leaving the automatic key to the wire', async () => {
	const own = async (options: Record<string, unknown>) => {
		const ctx = { ...spendContext(`exec-own-key-${execution++}`), getNodeParameter: (name: string, fallback: unknown) => (name === 'options' ? options : fallback) };
		const request: IHttpRequestOptions = { method: 'POST', url: '/v1/ads/boost', headers: { Accept: 'application/json' } };
		return (await sendOwnIdempotencyKey.call(ctx as never, request)).headers;
	};
	expect(await own({ idempotencyKey: '  post-1-monday \n' })).toEqual({ Accept: 'application/json', 'Idempotency-Key': 'post-1-monday' });
	expect(await own({ idempotencyKey: 42 })).toEqual({ Accept: 'application/json', 'Idempotency-Key': '42' });
	for (const none of [{}, { idempotencyKey: '' }, { idempotencyKey: '   ' }, { idempotencyKey: null }]) expect(await own(none)).toEqual({ Accept: 'application/json' });
	expect(sendOwnIdempotencyKey.reads).toEqual(['options']);
});

test('the budget a request asks for: flat (creates, boosts) or nested (campaigns, daily unless typed); none without an object', () => {
	expect(adBudgetOf({ budgetAmount: 50, budgetType: ' LIFETIME ' })).toEqual({ amount: 50, type: 'lifetime' });
	expect(adBudgetOf({ budget: { amount: 20 } })).toEqual({ amount: 20, type: 'daily' });
	expect(adBudgetOf({ budget: { amount: 20, type: 'Lifetime' } })).toEqual({ amount: 20, type: 'lifetime' });
	for (const body of [{}, { budget: null }, { budget: 20 }, { budget: 'twenty' }]) expect(adBudgetOf(body)).toBeUndefined();
});

test('Paused Only: a create that sends no status is refused, saying the API would create it ACTIVE; an update without one passes', () => {
	const caps: CredentialCaps = { ...OPEN_CAPS, limited: true, pausedOnly: true };
	expect(requestBreaches(caps, ['create', 'activate'], {}).map((b) => b.message)).toEqual(['Status (none: the API then creates it ACTIVE) is refused: this credential allows paused only (Paused Only is on).']);
	expect(requestBreaches(caps, ['activate'], {})).toEqual([]);
	expect(requestBreaches(caps, ['create', 'activate'], { status: ' Paused ' })).toEqual([]);
	expect(requestBreaches(caps, ['activate'], { status: 'ACTIVE' }).map((b) => b.pass)).toEqual(['Only pausing passes: a person makes it active outside this credential (or the owner turns Paused Only off).']);
	// off, it checks nothing
	expect(requestBreaches({ ...caps, pausedOnly: false }, ['create', 'activate'], { status: 'ACTIVE' })).toEqual([]);
});

test('a cap row is checked by its own reads and check: an amount whose 0 means no cap checks nothing at 0, and decimals hold as typed', () => {
	// a made-up decimal cap of the kind CONTRIBUTING.md adds (the rows' own caps all allow nothing at 0)
	const bid: AmountCap<'maxBid', unknown> = {
		field: 'maxBid',
		displayName: 'Max Bid',
		type: 'number',
		default: 0,
		per: 'request',
		precision: 2,
		zero: 'noCap',
		example: 2.5,
		checks: ['bid'],
		description: 'The largest bid. 0: no cap.',
		tool: 'cap bids',
		reads: ({ body }) => body.bidAmount,
		check: (asked, cap) => (Number(asked) > cap ? { message: `Bid ${String(asked)} is above ${cap}.`, pass: `A bid of ${cap} or less passes.` } : undefined),
	};
	const asking = (bidAmount?: number) => ({ body: bidAmount === undefined ? {} : { bidAmount }, creates: false });
	expect(breachOf(bid, 0, asking(1000))).toBeUndefined();
	expect(breachOf(bid, 0.5, asking(0.5))).toBeUndefined();
	expect(breachOf(bid, 0.5, asking(0.51))).toEqual({ message: 'Bid 0.51 is above 0.5.', pass: 'A bid of 0.5 or less passes.' });
	expect(breachOf(bid, 0.5, asking())).toBeUndefined();
	// a stored value that is no amount never reads as no cap: it refuses what the cap checks (and only that)
	expect(breachOf(bid, Number.NaN, asking(0.01))).toEqual({ message: 'Max Bid holds no amount this credential can check: it refuses what it caps.', pass: 'It passes once the owner sets Max Bid to an amount, or to 0.' });
	expect(breachOf(bid, Number.NaN, asking())).toBeUndefined();
	// the same row with 0 allowing nothing is checked at 0
	expect(breachOf({ ...bid, zero: 'allowsNothing' }, 0, asking(0.01))?.message).toBe('Bid 0.01 is above 0.');
});

test('End Date goes as typed, without the blanks around it (a model\'s padded answer)', () => {
	const { map } = spendInRequest.endDate as { map: (value: unknown) => unknown };
	expect(map(' 2026-12-31 ')).toBe('2026-12-31');
	expect(map(20261231)).toBe(20261231);
});
