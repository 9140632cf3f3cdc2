import * as fs from 'node:fs';
import * as path from 'node:path';
import type { IDataObject, INodeParameters } from 'n8n-workflow';
import * as ts from 'typescript';

import { field } from '../../nodes/shared/fieldBuilders';
import { operation } from '../../nodes/shared/operation';
import { adsOperation } from '../../nodes/StorefrontAds/helpers/adsOperation';
import { batchOperation } from '../../nodes/StorefrontAds/helpers/batchOperation';
import { status } from '../../nodes/StorefrontAds/helpers/adsFields';
import { createdOutput } from '../../nodes/StorefrontAds/helpers/createdOutput';
import { validateOnlyField } from '../../nodes/StorefrontAds/helpers/spendRequest';
import { unwrap } from '../../nodes/shared/requestActions';

import { adsResources } from '../../nodes/StorefrontAds/resources';
import type { SpendAction } from '../../credentials/spendingCaps';
import { canDo, requireSpendDeclarations, spendsOf } from '../../nodes/StorefrontAds/helpers/spends';
import type { Credentials } from '../../harness';
import { byId, useFakeApi } from '../../harness/context';
import { SEARCH } from '../ads/helpers';
import { operationKey, referenceOperations } from '../contract/reference';
import { everyOperation } from './operations';

/**
 * Issue 44, "spending is declared, and unknown means spending", through n8n-core against the fake
 * API under the strictest caps (Limit Spending on, both budget caps 0, Paused Only, Max Spending
 * Actions 0): finding 1 (recommendations that raise a budget or change bidding went past every
 * cap), finding 2 (keywords were outside the caps), and the property over every Ads operation
 * that every request reaching the API is one its operation's declaration counts as not spending.
 */

const ctx = useFakeApi('storefrontAds');
const CUSTOMER = '123-456-7890';
type Caps = Omit<Credentials, 'apiKey' | 'baseUrl'>;
const STRICTEST: Caps = { limitSpending: true, maxDailyBudget: 0, maxLifetimeBudget: 0, pausedOnly: true, maxSpendingCallsPerExecution: 0 };

async function run(parameters: IDataObject, caps: Caps, items: IDataObject[] = [{}]) {
	return await ctx.run(parameters as INodeParameters, { credentials: { apiKey: ctx.apiKey, baseUrl: ctx.api.url, ...caps }, items, continueOnFail: true });
}

const calls = (r: { requests: Array<{ method: string; path: string }> }) => r.requests.map((q) => `${q.method} ${q.path}`);

/** A searchnet campaign with its ad set, as the fake API holds it. */
function searchCampaign() {
	const campaign = ctx.api.ads.seedCampaign(SEARCH, 'Search', 1);
	return { campaign, adSet: ctx.api.ads.adSetsOf(campaign.platformCampaignId)[0] };
}

describe('an Ads operation that declares nothing does not compile and does not load', () => {
	const spec = { value: 'x', name: 'X', action: 'Do x', description: 'Do x', method: 'POST' as const, path: '/v1/ads/x', fields: [field({ displayName: 'Name', name: 'name', type: 'string', default: '' })] };

	test('npm run typecheck reports an adsOperation without `spends` on its line; with one it compiles', () => {
		const root = path.resolve(__dirname, '../..');
		const config = ts.getParsedCommandLineOfConfigFile(path.join(root, 'tsconfig.dev.json'), {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => undefined })!;
		const dir = fs.mkdtempSync(path.join(root, '.cache', 'spends-declared-'));
		try {
			const head = `import { field } from '../../nodes/shared/fieldBuilders';\nimport { adsOperation } from '../../nodes/StorefrontAds/helpers/adsOperation';\nconst fields = [field({ displayName: 'Name', name: 'name', type: 'string', default: '' })];\n`;
			const body = (spends: string) => `export const option = adsOperation({ value: 'x', name: 'X', action: 'Do x', description: 'Do x', method: 'POST', path: '/v1/ads/x', fields${spends} });\n`;
			const files = { declared: head + body(", spends: ['create']"), none: head + body(", spends: 'none'"), undeclared: head + body(''), unknown: head + body(", spends: ['spend']") };
			for (const [name, text] of Object.entries(files)) fs.writeFileSync(path.join(dir, `${name}.ts`), text);
			const program = ts.createProgram(Object.keys(files).map((n) => path.join(dir, `${n}.ts`)), { ...config.options, noEmit: true });
			const errors = (name: string) => ts.getPreEmitDiagnostics(program, program.getSourceFile(path.join(dir, `${name}.ts`))).map((d) => [d.file?.getLineAndCharacterOfPosition(d.start ?? 0).line, ts.flattenDiagnosticMessageText(d.messageText, ' ')]);
			expect(errors('declared')).toEqual([]);
			expect(errors('none')).toEqual([]);
			expect(errors('undeclared')).toEqual([[3, expect.stringContaining("Property 'spends' is missing")]]);
			expect(errors('unknown')).toEqual([[3, expect.stringContaining('"spend"')]]);
		} finally {
			fs.rmSync(dir, { recursive: true, force: true });
		}
	}, 30_000);

	test('at load: adsOperation without a declaration (plain JS, a cast) throws; a batch operation may only declare none; the node rejects an operation not built with adsOperation', () => {
		expect(() => adsOperation(spec as never)).toThrow("Do x: declare what its requests can do to spending (spends: 'none', or a list of create, activate, budget, bid, keywords); unknown means spending");
		expect(() => adsOperation({ ...spec, spends: ['raise'] } as never)).toThrow(/Do x: declare what its requests can do to spending/);
		expect(() => batchOperation({ ...spec, spends: ['create'], input: 'name', work: async () => ({}) } as never)).toThrow("Do x: a batch operation runs outside the spending caps' checks, so it must declare spends: 'none'");
		const plain = operation(spec);
		const declared = adsOperation({ ...spec, spends: 'none' });
		const resource = (option: typeof plain) => [{ name: 'X', value: 'thing', defaultOperation: 'x', operations: [{ option, fields: spec.fields }] }];
		expect(() => requireSpendDeclarations(resource(plain))).toThrow('thing.x: build it with adsOperation and declare what its requests can do to spending (spends); unknown means spending');
		expect(() => requireSpendDeclarations(resource(declared))).not.toThrow();
	});

	test("at load: an operation that shows Validate Only without a create's output (the one that says which caps would refuse the real call) throws", () => {
		const validateOnly = validateOnlyField('Whether to only check');
		const shown = { ...spec, spends: ['create'] as const, fields: [...spec.fields, status, validateOnly] };
		expect(() => adsOperation(shown)).toThrow("Do x: it shows Validate Only: its output must say which caps would refuse the real call (createdOutput.ts)");
		expect(() => adsOperation({ ...shown, postReceive: [unwrap('ad')] })).toThrow(/Do x: it shows Validate Only/);
		expect(() => adsOperation({ ...shown, postReceive: [createdOutput('ad')] })).not.toThrow();
	});
});

describe('finding 1: Recommendation → Apply under the strictest caps', () => {
	const apply = (names: string) => ({ resource: 'recommendation', operation: 'apply', accountId: byId(SEARCH), adAccountId: byId(CUSTOMER), resourceNames: names });
	const HIGHER = { base: { clicks: 100, cost: 50 }, potential: { clicks: 160, cost: 80 } };

	test('the fake API serves CAMPAIGN_BUDGET, MARGINAL_ROI_CAMPAIGN_BUDGET, TARGET_CPA_OPT_IN, MAXIMIZE_CONVERSIONS_OPT_IN, KEYWORD and SITELINK_ASSET, each with its impact', async () => {
		const r = await run({ resource: 'recommendation', operation: 'getAll', accountId: byId(SEARCH), adAccountId: byId(CUSTOMER), returnAll: true }, STRICTEST);
		const types = new Set(r.json.map((x) => x.type));
		for (const type of ['CAMPAIGN_BUDGET', 'MARGINAL_ROI_CAMPAIGN_BUDGET', 'TARGET_CPA_OPT_IN', 'MAXIMIZE_CONVERSIONS_OPT_IN', 'KEYWORD', 'SITELINK_ASSET']) expect(types).toContain(type);
		for (const x of r.json) expect(x.impact).toEqual({ base: { clicks: expect.any(Number), cost: expect.any(Number) }, potential: { clicks: expect.any(Number), cost: expect.any(Number) } });
	});

	const why = (type: string) => (type.endsWith('_OPT_IN') ? 'this type is a bidding change, which no cap can check' : 'this type is a budget change, by an amount the API does not show');
	test.each(['MARGINAL_ROI_CAMPAIGN_BUDGET', 'FORECASTING_CAMPAIGN_BUDGET', 'MOVE_UNUSED_BUDGET', 'MAXIMIZE_CONVERSIONS_OPT_IN', 'TARGET_ROAS_OPT_IN'])(
		'%s is refused naming it and why; only the lookup (a read) reaches the API, nothing the apply endpoint; the campaign keeps its budget and bidding',
		async (type) => {
			const { campaign } = searchCampaign();
			const rec = ctx.api.recommendations.seed(type, campaign.platformCampaignId, HIGHER);
			const r = await run(apply(rec.resourceName), STRICTEST);
			expect(calls(r)).toEqual(['GET /v1/ads/recommendations']);
			expect(r.items).toHaveLength(1);
			expect(r.items[0].pairedItem).toEqual({ item: 0 });
			const error = String(r.items[0].json.error);
			expect(error).toContain(`${rec.resourceName} (${type}): ${why(type)}`);
			expect(error).toContain('Max Daily Budget 0, Max Lifetime Budget 0');
			expect(error).toContain('Nothing was sent.');
			expect(ctx.api.recommendations.applied).toEqual([]);
			expect(ctx.api.ads.campaigns.get(campaign.platformCampaignId)).toMatchObject({ budget: { amount: 20, type: 'daily' } });
			expect(ctx.api.ads.campaigns.get(campaign.platformCampaignId)?.bidStrategy).toBeUndefined();
		},
	);

	test('issue 67, finding 3: SITELINK_ASSET is a spending action, as the credential says: Max Spending Actions 0 refuses it; a cap of 1 applies it, and the campaign gets its sitelink', async () => {
		const { campaign } = searchCampaign();
		const rec = ctx.api.recommendations.seed('SITELINK_ASSET', campaign.platformCampaignId, HIGHER);
		const none = await run(apply(rec.resourceName), STRICTEST);
		expect(calls(none)).toEqual(['GET /v1/ads/recommendations']);
		expect(String(none.items[0].json.error)).toMatch(/^This credential allows no spending action \(Max Spending Actions per Execution is 0\)/);
		expect(ctx.api.recommendations.sitelinks.get(campaign.platformCampaignId)).toBeUndefined();
		const one = await run(apply(rec.resourceName), { ...STRICTEST, maxSpendingCallsPerExecution: 1 });
		expect(calls(one)).toEqual(['GET /v1/ads/recommendations', 'POST /v1/ads/recommendations/apply']);
		expect(one.requests[1].body).toEqual({ accountId: SEARCH, adAccountId: CUSTOMER, recommendations: [{ resourceName: rec.resourceName }] });
		expect(one.items).toEqual([{ json: { resourceName: rec.resourceName, status: 'applied' }, pairedItem: { item: 0 } }]);
		expect(ctx.api.recommendations.sitelinks.get(campaign.platformCampaignId)).toEqual([rec.resourceName]);
	});

	test.each([
		['TARGET_CPA_OPT_IN', 50, 50],
		['MAXIMIZE_CLICKS_OPT_IN', 50, 49],
		['MOVE_UNUSED_BUDGET', 50, 50],
		['SOME_NEW_TYPE', 50, 10],
	])('issue 67, finding 3: %s whose estimate shows no higher cost (%d → %d) is refused all the same, under caps that allow everything else; the books hold no effect', async (type, base, potential) => {
		const { campaign } = searchCampaign();
		const rec = ctx.api.recommendations.seed(type, campaign.platformCampaignId, { base: { clicks: 100, cost: base }, potential: { clicks: 120, cost: potential } });
		const mark = ctx.api.books.mark();
		const r = await run(apply(rec.resourceName), { limitSpending: true, maxDailyBudget: 1_000_000, maxLifetimeBudget: 1_000_000, pausedOnly: false, maxSpendingCallsPerExecution: 100 });
		expect(calls(r)).toEqual(['GET /v1/ads/recommendations']);
		expect(String(r.items[0].json.error)).toMatch(new RegExp(`^Applying this recommendation is refused: ${rec.resourceName} \\(${type}\\): `));
		expect(ctx.api.books.since(mark)).toEqual([]);
		expect(ctx.api.ads.campaigns.get(campaign.platformCampaignId)?.bidStrategy).toBeUndefined();
	});

	test('with Limit Spending off everything is applied without a lookup', async () => {
		const { campaign } = searchCampaign();
		const raise = ctx.api.recommendations.seed('MARGINAL_ROI_CAMPAIGN_BUDGET', campaign.platformCampaignId, HIGHER);
		const off = await run(apply(raise.resourceName), { limitSpending: false });
		expect(calls(off)).toEqual(['POST /v1/ads/recommendations/apply']);
		expect(ctx.api.ads.campaigns.get(campaign.platformCampaignId)?.budget?.amount).toBe(32);
	});

	test('one item naming a safe and an unsafe recommendation is refused whole: nothing of it is applied', async () => {
		const { campaign } = searchCampaign();
		const safe = ctx.api.recommendations.seed('SITELINK_ASSET', campaign.platformCampaignId, HIGHER);
		const unsafe = ctx.api.recommendations.seed('TARGET_CPA_OPT_IN', campaign.platformCampaignId, HIGHER);
		const r = await run(apply(`${safe.resourceName}\n${unsafe.resourceName}`), { ...STRICTEST, maxDailyBudget: 1000, maxLifetimeBudget: 1000, pausedOnly: false, maxSpendingCallsPerExecution: 10 });
		expect(calls(r)).toEqual(['GET /v1/ads/recommendations']);
		expect(String(r.items[0].json.error)).toMatch(/^Applying this recommendation is refused: .*TARGET_CPA_OPT_IN/);
	});
});

describe('finding 2: keywords are inside the caps', () => {
	const keyword = () => {
		const { campaign, adSet } = searchCampaign();
		const [k] = ctx.api.keywords.seed(SEARCH, campaign.platformCampaignId, adSet.platformAdSetId, ['linen shirt']);
		k.status = 'paused';
		return k;
	};
	const setStatus = (keywordId: string) => ({ resource: 'keyword', operation: 'setStatus', accountId: byId(SEARCH), keywordId: byId(keywordId), status: '={{ $json.status }}' });

	test('Keyword → Set Status active is refused under Paused Only (0 actions allowed); paused is sent', async () => {
		const k = keyword();
		const r = await run(setStatus(k.id), STRICTEST, [{ status: 'active' }, { status: 'paused' }]);
		expect(r.requests.map((q) => [q.method, q.path, (q.body as IDataObject).status])).toEqual([['PATCH', `/v1/ads/keywords/${k.id}`, 'paused']]);
		expect(String(r.items[0].json.error)).toMatch(/^Status active is refused: this credential allows paused only \(Paused Only is on\)\. This credential allows no spending action \(Max Spending Actions per Execution is 0\)/);
		expect(r.items[1].json).toMatchObject({ id: k.id, status: 'paused' });
	});

	test('Keyword → Set Status active counts as a spending action: Max Spending Actions 1 lets one keyword be activated, not a second', async () => {
		const [a, b] = [keyword(), keyword()];
		const caps = { ...STRICTEST, pausedOnly: false, maxSpendingCallsPerExecution: 1 };
		const r = await run({ ...setStatus('={{ $json.id }}'), keywordId: byId('={{ $json.id }}') }, caps, [
			{ id: a.id, status: 'active' },
			{ id: b.id, status: 'active' },
		]);
		expect(calls(r)).toEqual([`PATCH /v1/ads/keywords/${a.id}`]);
		expect(String(r.items[1].json.error)).toMatch(/^Spending action 2 of this execution, above this credential's cap of 1/);
		expect(ctx.api.keywords.get(b.id)?.status).toBe('paused');
	});

	test('Keyword → Add counts as a spending action: refused at Max Spending Actions 0 with nothing sent, the first of two sent at 1', async () => {
		const { adSet } = searchCampaign();
		const add = { resource: 'keyword', operation: 'add', accountId: byId(SEARCH), adSetId: byId(adSet.platformAdSetId), keywords: '={{ $json.text }}' };
		const none = await run(add, STRICTEST, [{ text: 'linen dress' }]);
		expect(none.requests).toEqual([]);
		expect(String(none.items[0].json.error)).toMatch(/^This credential allows no spending action \(Max Spending Actions per Execution is 0\)/);

		const one = await run(add, { ...STRICTEST, maxSpendingCallsPerExecution: 1 }, [{ text: 'linen dress' }, { text: 'linen skirt' }]);
		expect(one.requests.map((q) => [q.method, q.path, (q.body as IDataObject).keywords])).toEqual([['POST', '/v1/ads/keywords', ['linen dress']]]);
		expect(String(one.items[1].json.error)).toMatch(/^Spending action 2 of this execution, above this credential's cap of 1/);
	});
});

describe('property: under the strictest caps, every request that reaches the API is one its operation declares as not spending', () => {
	const cases = everyOperation().filter((c) => c.node === 'storefrontAds');
	const declared = (resource: string, operation: string) => {
		const option = adsResources.find((r) => r.value === resource)!.operations.find((o) => o.option.value === operation)!.option;
		return spendsOf(option)!;
	};

	/** Values that make a spending operation spend as much as it can: ACTIVE, budgets, bids, every recommendation. */
	const SPEND_MORE: IDataObject = {
		status: 'ACTIVE',
		budgetAmount: 25,
		resourceNames: [1, 2, 4, 5, 6, 7, 8].map((n) => `customers/1234567890/recommendations/${n}`).join('\n'),
		updateFields: { budget: 25, budgetType: 'daily', bidAmount: 2, status: 'active' },
		additionalFields: { budget: 25, budgetType: 'daily' },
	};

	/** What a request does to spending, read from the request alone and the operation's declaration (an independent reading of credentials/spendingCaps.ts and spendingCount.ts). */
	function spending(actions: readonly SpendAction[], q: { method: string; body?: unknown }) {
		if (q.method === 'GET') return false;
		const body = (q.body ?? {}) as IDataObject;
		if (body.validateOnly === true) return false;
		const update = (body.updateFields ?? body) as IDataObject;
		return (
			actions.includes('create') ||
			(actions.includes('activate') && String(update.status ?? '').toLowerCase() === 'active') ||
			(actions.includes('budget') && (update.budget !== undefined || update.budgetAmount !== undefined)) ||
			(actions.includes('bid') && (update.bidAmount !== undefined || update.bidStrategy !== undefined)) ||
			(actions.includes('keywords') && (update.keywords !== undefined || (update.targeting as IDataObject | undefined)?.keywords !== undefined))
		);
	}

	test('every Ads endpoint of the reference tables is covered, each with a declaration', () => {
		expect(cases.map(operationKey).sort()).toEqual(referenceOperations('storefrontAds'));
		for (const c of cases) expect(declared(c.resource, c.operation)).toBeDefined();
	});

	test.each(cases.map((c) => [`${c.resource} → ${c.operation}`, c] as const))('%s', async (_label, c) => {
		const spends = declared(c.resource, c.operation);
		const actions = canDo(spends);
		for (const extra of [{}, SPEND_MORE]) {
			const parameters = { ...c.parameters, ...Object.fromEntries(Object.entries(extra).filter(([k]) => k in c.parameters || (k === 'updateFields' && c.operation === 'update') || (k === 'additionalFields' && c.resource === 'campaign' && c.operation === 'create'))) };
			const r = await run(parameters, STRICTEST);
			for (const q of r.requests) expect({ request: `${q.method} ${q.path}`, spending: spending(actions, q) }).toEqual({ request: `${q.method} ${q.path}`, spending: false });
			// what Apply let through changed neither a budget nor bidding, nor added a keyword
			for (const a of ctx.api.recommendations.applied) expect(a.change).toMatch(/^(sitelink added|nothing the fake API models)$/);
			// and the API's books hold no effect on spending (fake-api/books.ts)
			expect(ctx.api.books.entries).toEqual([]);
			if (actions.length) expect(r.items.length).toBeGreaterThan(0);
		}
	});
});
