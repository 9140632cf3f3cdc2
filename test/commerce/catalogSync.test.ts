import { catalogSync as syncSchema } from '../../fake-api/contract/commerce';
import { byId, useFakeApi } from '../../harness/context';
import { CATALOG_RUN_MS } from '../../fake-api/commerce';
import { HOSTED } from './helpers';

const ctx = useFakeApi('storefrontCommerce');
const run = (parameters: Record<string, unknown>) => ctx.run({ resource: 'catalogSync', accountId: HOSTED, ...parameters } as never);
const sent = (r: Awaited<ReturnType<typeof run>>) => r.requests.map((q) => [q.method, q.path, q.query, q.body]);

async function createSync() {
	const r = await run({ operation: 'create', catalogAccountId: 'biz_1', catalogId: 'cat_9' });
	return r.json[0] as { id: string };
}

test('Create: POST with accountId; the first run starts at once and finishes in the background', async () => {
	const r = await run({ operation: 'create', catalogAccountId: 'biz_1', catalogId: 'cat_9' });
	expect(sent(r)).toEqual([['POST', '/v1/commerce/catalog-syncs', {}, { accountId: HOSTED, catalogAccountId: 'biz_1', catalogId: 'cat_9' }]]);
	expect(syncSchema.parse(r.json[0])).toEqual(r.json[0]);
	expect(r.json[0]).toMatchObject({ runStatus: 'pending', catalogPlatform: 'socialnet', itemsSent: 0 });

	ctx.api.advanceClock(CATALOG_RUN_MS);
	const later = await run({ operation: 'get', syncId: byId(r.json[0].id as string) });
	expect(later.json[0]).toMatchObject({ runStatus: 'success', itemsSent: 42, itemsSkipped: 3, itemsDeleted: 0 });
});

test('Get: GET by id carries no accountId', async () => {
	const s = await createSync();
	const r = await run({ operation: 'get', syncId: byId(s.id) });
	expect(sent(r)).toEqual([['GET', `/v1/commerce/catalog-syncs/${s.id}`, {}, undefined]]);
});

test('Get Many: GET with accountId; one item per sync', async () => {
	await createSync();
	await createSync();
	const r = await run({ operation: 'getAll', returnAll: true });
	expect(sent(r)).toEqual([['GET', '/v1/commerce/catalog-syncs', { accountId: HOSTED }, undefined]]);
	expect(r.json).toHaveLength(2);
});

test('Run Now: POST /run with no accountId; status and counts change after the run', async () => {
	const s = await createSync();
	ctx.api.advanceClock(CATALOG_RUN_MS);
	const r = await run({ operation: 'runNow', syncId: byId(s.id) });
	expect(sent(r)).toEqual([['POST', `/v1/commerce/catalog-syncs/${s.id}/run`, {}, undefined]]);
	expect(r.json[0]).toMatchObject({ id: s.id, runStatus: 'pending' });
	ctx.api.advanceClock(CATALOG_RUN_MS);
	const after = await run({ operation: 'get', syncId: byId(s.id) });
	expect(after.json[0]).toMatchObject({ runStatus: 'success', itemsDeleted: 1 });
});

test('Delete: DELETE with no accountId', async () => {
	const s = await createSync();
	const r = await run({ operation: 'delete', syncId: byId(s.id) });
	expect(sent(r)).toEqual([['DELETE', `/v1/commerce/catalog-syncs/${s.id}`, {}, undefined]]);
	expect(r.json).toEqual([{ deleted: true, syncId: s.id }]);
});

test('calls by ID need no Store Account at all (fix 17): the field is not shown for them', async () => {
	const s = await createSync();
	for (const operation of ['get', 'runNow', 'delete']) {
		const r = await ctx.run({ resource: 'catalogSync', operation, syncId: byId(s.id) } as never);
		expect(r.error).toBeUndefined();
		expect(r.requests.map((q) => [q.method, q.query])).toEqual([[expect.any(String), {}]]);
	}
});
