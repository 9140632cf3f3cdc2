import { useFakeApi } from '../harness/context';
import { HOSTED } from './helpers';

const ctx = useFakeApi('storefrontCommerce');
const run = (parameters: Record<string, unknown>) =>
	ctx.run({ resource: 'marketingActivity', accountId: HOSTED, ...parameters } as never);
const sent = (r: Awaited<ReturnType<typeof run>>) => r.requests.map((q) => [q.method, q.path, q.query, q.body]);

const activity = {
	operation: 'upsert',
	remoteId: 'camp-42',
	title: 'Summer boost',
	url: 'https://example.com/summer',
	tactic: 'AD',
	channel: 'SOCIAL',
	status: 'ACTIVE',
};

test('Create or Update: PUT every field, utm and budget objects, adSpend as a decimal string', async () => {
	const r = await run({
		...activity,
		additionalFields: {
			adSpend: '12.50',
			previewImageUrl: 'https://example.com/p.png',
			startedAt: '2026-11-01T00:00:00.000Z',
			utm: { parameters: { campaign: 'summer', source: 'socialnet', medium: 'paid' } },
			budget: { values: { amount: '100.00', currency: 'USD', budgetType: 'DAILY' } },
		},
	});
	expect(r.error).toBeUndefined();
	expect(sent(r)).toEqual([
		[
			'PUT',
			'/v1/commerce/marketing-activities',
			{},
			{
				accountId: HOSTED,
				remoteId: 'camp-42',
				title: 'Summer boost',
				url: 'https://example.com/summer',
				tactic: 'AD',
				channel: 'SOCIAL',
				status: 'ACTIVE',
				adSpend: '12.50',
				previewImageUrl: 'https://example.com/p.png',
				startedAt: '2026-11-01T00:00:00.000Z',
				utm: { campaign: 'summer', source: 'socialnet', medium: 'paid' },
				budget: { amount: '100.00', currency: 'USD', budgetType: 'DAILY' },
			},
		],
	]);
	expect(r.json).toEqual([{ id: expect.stringMatching(/^gid_marketing_/), remoteId: 'camp-42' }]);

	const again = await run({ ...activity, status: 'PAUSED' });
	expect(again.json[0].id).toBe(r.json[0].id);
	expect(ctx.api.commerce.store(HOSTED).activities.get('camp-42')?.status).toBe('PAUSED');
});

test('an ad spend that is not a decimal is refused before the call', async () => {
	const r = await run({ ...activity, additionalFields: { adSpend: '12,50 €' } });
	expect(r.error?.message).toBe('Ad Spend "12,50 €" is not a decimal amount');
	expect(r.requests).toHaveLength(0);
});

test('Record Engagement: POST one UTC day of numbers', async () => {
	await run(activity);
	const r = await run({
		operation: 'recordEngagement',
		remoteId: 'camp-42',
		date: '2026-11-21T18:30:00',
		metrics: { impressions: 1200, clicks: 33, likes: 5, adSpend: '4.20' },
	});
	expect(sent(r)).toEqual([
		['POST', '/v1/commerce/marketing-activities/camp-42/engagements', {}, { accountId: HOSTED, date: '2026-11-21', impressions: 1200, clicks: 33, likes: 5, adSpend: '4.20' }],
	]);
	expect(r.json).toEqual([{ remoteId: 'camp-42', recorded: true }]);
});

test('Delete: DELETE by remote id with accountId in the query', async () => {
	await run(activity);
	const r = await run({ operation: 'delete', remoteId: 'camp-42' });
	expect(sent(r)).toEqual([['DELETE', '/v1/commerce/marketing-activities/camp-42', { accountId: HOSTED }, undefined]]);
	expect(r.json).toEqual([{ deleted: true, remoteId: 'camp-42' }]);
});
