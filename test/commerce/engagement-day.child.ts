/**
 * Runs Record Engagement in a process of its own, so that the process time zone (TZ, fixed at
 * start) is the one under test. Prints the `date` the fake API received for each value of ENGAGEMENT_DATES (a JSON array).
 */
import { runNode } from '../../harness';
import { KEYS, startFakeApi } from '../../fake-api';
import { HOSTED } from './helpers';

async function main(dates: string[]) {
	const api = await startFakeApi();
	const credentials = { apiKey: KEYS.full, baseUrl: api.url };
	const base = { resource: 'marketingActivity', accountId: HOSTED, remoteId: 'camp-42' };
	try {
		await runNode({
			node: 'storefrontCommerce',
			credentials,
			parameters: { ...base, operation: 'upsert', title: 't', url: 'https://example.com/a', tactic: 'AD', channel: 'SOCIAL', status: 'ACTIVE' },
		});
		const sent: unknown[] = [];
		for (const date of dates) {
			api.clearRequests();
			const r = await runNode({ node: 'storefrontCommerce', credentials, parameters: { ...base, operation: 'recordEngagement', date } });
			sent.push(r.error ? `error: ${r.error.message}` : (api.requests[0]?.body as { date?: string } | undefined)?.date);
		}
		process.stdout.write(JSON.stringify({ tz: process.env.TZ, shifted: new Date('2026-01-15T00:00:00').toISOString(), sent }));
	} finally {
		await api.close();
	}
}

void main(JSON.parse(process.env.ENGAGEMENT_DATES ?? '[]') as string[]).then(
	() => process.exit(0),
	(error) => {
		process.stderr.write(String(error?.stack ?? error));
		process.exit(1);
	},
);
