/**
 * Values a model gives (`$fromAI`) and values mapped by expressions get the same checks as typed
 * ones, with errors a model can act on; the batch operations work as tools (RoutingNode alone).
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { PRO, SEARCH, SOCIAL } from '../ads/helpers';
import { byId, useFakeApi } from '../../harness/context';
import { runAsTool } from '../../harness/tool';

const ctx = useFakeApi('storefrontAds');
const asTool = async (parameters: INodeParameters, args: IDataObject) => {
	ctx.api.clearRequests();
	const call = await runAsTool({ node: 'storefrontAds', parameters, args, credentials: { apiKey: ctx.apiKey, baseUrl: ctx.api.url, limitSpending: false } });
	return { ...call, requests: [...ctx.api.requests] };
};
const fromAI = (key: string, type = 'string', fallback?: string) =>
	`={{ $fromAI('${key}', '', '${type}'${fallback === undefined ? '' : `, ${JSON.stringify(fallback)}`}) }}`;
const model = (key: string) => ({ __rl: true, mode: 'id', value: fromAI(key) });
const posts = <Q extends { method: string }>(r: { requests: Q[] }) => r.requests.filter((q) => q.method !== 'GET');

const newAudience = async () =>
	(await ctx.run({ resource: 'audience', operation: 'create', accountId: byId(SOCIAL), adAccountId: byId('act_1001'), audienceName: 'Buyers', type: 'customer_list' }))
		.json[0].id as string;

describe('Add Users and Send Conversion as tools', () => {
	test('Add Users, JSON List from the model: 10,001 people go in two calls, the same as a normal run', async () => {
		const audienceId = await newAudience();
		const people = Array.from({ length: 10_001 }, (_, i) => ({ email: `p${i}@example.com` }));
		const parameters = { resource: 'audience', operation: 'addUsers', accountId: byId(SOCIAL), audienceId: byId(audienceId), peopleInput: 'json' };
		const typed = await ctx.run({ ...parameters, peopleJson: JSON.stringify(people) });
		const call = await asTool({ ...parameters, peopleJson: fromAI('people', 'json') }, { people });
		expect(posts(call).map((q) => [q.method, q.path, q.body])).toEqual(posts(typed).map((q) => [q.method, q.path, q.body]));
		expect(posts(call).map((q) => ((q.body as IDataObject).users as unknown[]).length)).toEqual([10_000, 1]);
		expect(call.response).toEqual(typed.json);
		expect(call.response).toEqual([{ success: true, audienceId, sent: 10_001, skipped: 0, calls: 2 }]);
	});

	test('Add Users, From Incoming Items: the tool’s one item (the model’s arguments) is read by field name', async () => {
		const audienceId = await newAudience();
		// the field names are keys of the model's arguments: here the Email Field's own $fromAI declares `email`
		const emailField = `={{ $fromAI('email', 'The person\\'s email', 'string') ? 'email' : 'email' }}`;
		const call = await asTool(
			{ resource: 'audience', operation: 'addUsers', accountId: byId(SOCIAL), audienceId: byId(audienceId), peopleInput: 'items', emailField },
			{ email: 'ana@example.com' },
		);
		expect(posts(call).map((q) => [q.path, q.body])).toEqual([[`/v1/ads/audiences/${audienceId}/users`, { users: [{ email: 'ana@example.com' }] }]]);
		expect(call.response).toEqual([{ success: true, audienceId, sent: 1, skipped: 0, calls: 1 }]);
	});

	test('Send Conversion, events from the model: the connection check, then one POST, as in a normal run', async () => {
		const events = [{ eventName: 'Purchase', eventTime: '2026-11-20T10:00:00Z', value: 20, currency: 'USD', user: { email: 'ana@example.com' } }];
		const parameters = { resource: 'conversion', operation: 'send', accountId: byId(SOCIAL), destinationId: 'px_1', eventsInput: 'json' };
		const typed = await ctx.run({ ...parameters, eventsJson: JSON.stringify(events) });
		const call = await asTool({ ...parameters, accountId: model('connection'), eventsJson: fromAI('events', 'json') }, { connection: SOCIAL, events });
		expect(call.requests.map((q) => [q.method, q.path, q.body])).toEqual(typed.requests.map((q) => [q.method, q.path, q.body]));
		expect(call.requests.map((q) => q.path)).toEqual(['/v1/ads/connections', '/v1/ads/conversions']);
		expect(call.response).toEqual([{ success: true, sent: 1 }]);
	});

	test('Send Conversion on a network without conversions: refused before the POST, saying which networks take them', async () => {
		const call = await asTool(
			{ resource: 'conversion', operation: 'send', accountId: model('connection'), destinationId: 'px_1', eventsInput: 'json', eventsJson: fromAI('events', 'json') },
			{ connection: PRO, events: [{ eventName: 'Lead', user: { email: 'ana@example.com' } }] },
		);
		expect(call.error).toContain('pronet does not take server-side conversions');
		expect(call.error).toContain('Send conversions through a chatnet, searchnet, socialnet connection.');
		expect(posts(call)).toEqual([]);
	});
});

describe('every value is checked, whatever its source', () => {
	test('an ad connection ID in the wrong form (model or expression) is refused before any call, naming the form and where IDs come from', async () => {
		const call = await asTool({ resource: 'post', operation: 'getBest', accountId: model('connection') }, { connection: 'social1' });
		expect(call.error).toContain('"social1" is not a valid Ad Connection ID');
		expect(call.error).toContain('starts with acc_ (e.g. acc_social1). Connection → Get many ad connections lists them.');
		expect(call.requests).toEqual([]);

		const mapped = await ctx.run({ resource: 'post', operation: 'getBest', accountId: { __rl: true, mode: 'id', value: '={{ "social1" }}' } });
		expect(mapped.error?.message).toBe('"social1" is not a valid Ad Connection ID');
		expect(mapped.requests).toEqual([]);
	});

	test('a Limit of 0 is refused with a clear message, not turned into 1', async () => {
		const call = await asTool({ resource: 'connection', operation: 'getAll', returnAll: false, limit: fromAI('limit', 'number') }, { limit: 0 });
		expect(call.error).toContain('Limit must be a whole number of 1 or more, not 0');
		expect(call.requests).toEqual([]);
	});

	test('Budget Amount of 12.5 is refused (whole units), a date that is not a date is refused naming the field', async () => {
		const boost = { resource: 'ad', operation: 'boost', network: 'socialnet', accountId: byId(SOCIAL), adAccountId: byId('act_1001'), postId: 'post_1', budgetType: 'daily' };
		const budget = await asTool({ ...boost, budgetAmount: fromAI('budget', 'number') }, { budget: 12.5 });
		expect(budget.error).toContain('Budget Amount must be a whole number');
		const date = await asTool({ ...boost, budgetAmount: 25, endDate: fromAI('end') }, { end: 'next friday' });
		expect(date.error).toContain('End Date "next friday" is not a date');
		expect(date.error).toContain('e.g. 2026-12-31');
		expect([...budget.requests, ...date.requests].filter((q) => q.path === '/v1/ads/boost')).toEqual([]);
	});

	test('an optional End Date stays optional: with a default in $fromAI the model may leave it out, and a blank is not sent', async () => {
		const boost = {
			resource: 'ad',
			operation: 'boost',
			network: 'socialnet',
			accountId: byId(SOCIAL),
			adAccountId: byId('act_1001'),
			postId: 'post_1',
			budgetAmount: 25,
			budgetType: 'daily',
			validateOnly: true,
			endDate: fromAI('End_Date', 'string', ''),
		};
		const left = await asTool(boost, {});
		expect(left.schema.required ?? []).not.toContain('End_Date');
		const blank = await asTool(boost, { End_Date: ' ' });
		for (const r of [left, blank]) {
			expect(r.error).toBeUndefined();
			const sent = r.requests.filter((q) => q.path === '/v1/ads/boost');
			expect(sent).toHaveLength(1);
			expect(sent[0].body).toMatchObject({ validateOnly: true, budgetAmount: 25 });
			expect(sent[0].body).not.toHaveProperty('endDate');
		}
	});

	test('a field needed only on the Network the model chose is checked when the tool runs, naming it', async () => {
		const call = await asTool(
			{
				resource: 'ad',
				operation: 'create',
				network: fromAI('network'),
				accountId: model('connection'),
				adAccountId: byId('123-456-7890'),
				name: 'Summer',
				budgetAmount: 25,
				headline: 'Linen',
				body: 'Linen shirts',
				linkUrl: 'https://shop.example.com',
				validateOnly: true,
			},
			{ network: 'searchnet', connection: SEARCH },
		);
		expect(call.error).toContain('"Keywords" is required for network searchnet');
		expect(posts(call)).toEqual([]);
	});
});

describe('what the model reads', () => {
	const boost = { resource: 'ad', operation: 'boost', network: 'socialnet', accountId: model('connection'), adAccountId: byId('act_1001'), postId: 'post_1', budgetAmount: 25 };

	test('Boost Post: what it does, where each ID comes from, and that it is created PAUSED', async () => {
		const call = await asTool(boost, { connection: SOCIAL });
		expect(call.description).toContain('Boost a post.');
		expect(call.description).toContain('Ad Connection ID (e.g. acc_social1) from Connection → Get many ad connections');
		expect(call.description).toContain('Post → Get many posts ranked for boosting');
		expect(call.description).toContain('It is created PAUSED: nothing is spent until someone activates it.');
		expect(call.schema).toMatchObject({ properties: { connection: { type: 'string' } }, required: ['connection'] });
	});

	test('Boost Post with Validate Only: it checks and creates nothing; with Status from the model, both are said', async () => {
		const check = await asTool({ ...boost, validateOnly: true }, { connection: SOCIAL });
		expect(check.description).toContain('Validate Only is on: it only checks the request');
		expect(check.description).toContain('it creates nothing and charges nothing.');
		expect(check.description).not.toContain('created PAUSED');
		const either = await asTool({ ...boost, status: fromAI('status') }, { connection: SOCIAL, status: 'PAUSED' });
		expect(either.description).toContain('It is created PAUSED unless Status is ACTIVE');
	});
});
