import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';

import { ROOT, tsProcessArgs } from '../../harness/child';
import { useFakeApi } from '../../harness/context';
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

describe('Record Engagement sends the day the user picked, whatever the time zones (fix 4)', () => {
	const engagement = (date: unknown, extra = {}) =>
		ctx.run({ resource: 'marketingActivity', accountId: HOSTED, operation: 'recordEngagement', remoteId: 'camp-42', date } as never, extra);
	const days = (r: Awaited<ReturnType<typeof engagement>>) => r.requests.map((q) => (q.body as { date: string }).date);

	// what n8n's picker stores (wall-clock text, with an offset when the workflow has a time zone) and what expressions give
	const picked = [
		'2026-01-15',
		'2026-01-15T00:00:00',
		'2026-01-15T23:59:59',
		'2026-01-15T00:00:00+09:00',
		'2026-01-15T00:00:00.000-08:00',
		'2026-01-15T23:30:00.000Z',
	];

	/** The process time zone is fixed when a process starts: each zone runs the node in a child process. */
	async function inProcessWithTz(tz: string, dates: string[]) {
		const { stdout } = await promisify(execFile)(process.execPath, tsProcessArgs(path.join(__dirname, 'engagement-day.child.ts')), {
			env: { ...process.env, TZ: tz, N8N_LOG_LEVEL: 'silent', ENGAGEMENT_DATES: JSON.stringify(dates) },
			cwd: ROOT,
			timeout: 60_000,
		});
		return JSON.parse(stdout) as { tz: string; shifted: string; sent: string[] };
	}

	test.each([
		['Asia/Tokyo', '2026-01-14T15:00:00.000Z'],
		['America/Los_Angeles', '2026-01-15T08:00:00.000Z'],
	])('process TZ=%s', async (tz, shifted) => {
		const out = await inProcessWithTz(tz, picked);
		expect(out.shifted).toBe(shifted); // the zone is in effect: new Date would move the day
		expect(out.sent).toEqual(picked.map(() => '2026-01-15'));
	}, 60_000);

	test('this process: picked values and mapped strings', async () => {
		await run(activity);
		for (const date of picked) expect(days(await engagement(date))).toEqual(['2026-01-15']);
		const mapped = await engagement('={{ $json.day }}', { items: picked.map((day) => ({ day })) });
		expect(days(mapped)).toEqual(picked.map(() => '2026-01-15'));
	});

	test.each(['Asia/Tokyo', 'America/Los_Angeles', 'Pacific/Kiritimati'])('workflow time zone %s', async (timezone) => {
		await run(activity);
		const workflowSettings = { timezone };
		const dates = [
			'2026-01-15T00:00:00',
			'={{ DateTime.fromISO("2026-01-15") }}',
			'={{ DateTime.fromISO("2026-01-15T00:00:00", { zone: "Asia/Tokyo" }) }}',
			'={{ DateTime.fromISO("2026-01-15T23:00:00", { zone: "America/Los_Angeles" }) }}',
			'={{ DateTime.fromISO("2026-01-15T23:00:00Z", { zone: "utc" }) }}',
			'={{ new Date(Date.UTC(2026, 0, 15, 23, 0)) }}',
		];
		for (const date of dates) {
			const r = await engagement(date, { workflowSettings });
			expect(r.error).toBeUndefined();
			expect(days(r)).toEqual(['2026-01-15']);
		}
		expect(ctx.api.commerce.store(HOSTED).engagements.map((e) => e.date)).toEqual(dates.map(() => '2026-01-15'));
	});

	test('a value that names no day is refused before the call', async () => {
		await run(activity);
		for (const date of ['15/01/2026', '2026-02-30']) {
			const r = await engagement(date);
			expect(r.error?.message).toBe(`"${date}" is not a date`);
			expect(r.requests).toHaveLength(0);
		}
	});
});
