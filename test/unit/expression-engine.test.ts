import { Expression } from 'n8n-workflow';

import { HOSTED } from '../commerce/helpers';
import { byId, useFakeApi } from '../../harness/context';

const ctx = useFakeApi('storefrontCommerce');

test('the suite evaluates expressions on the engine n8n runs (vm unless EXPRESSION_ENGINE=legacy)', async () => {
	expect(Expression.getActiveImplementation()).toBe(process.env.EXPRESSION_ENGINE ?? 'vm');
	const r = await ctx.run(
		{ resource: 'page', operation: 'get', accountId: HOSTED, pageId: byId('={{ $json.id + "_x" }}') } as never,
		{ items: [{ id: 'pg_missing' }], continueOnFail: true },
	);
	expect(r.requests.map((q) => [q.method, q.path])).toEqual([['GET', '/v1/commerce/pages/pg_missing_x']]);
	expect(r.items).toHaveLength(1);
});
