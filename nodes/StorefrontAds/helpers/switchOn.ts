import type { IDataObject, IExecuteSingleFunctions, IHttpRequestOptions } from 'n8n-workflow';

import { actionName } from '../../shared/actionNames';
import { apiRequest } from '../../shared/wire/request';
import type { Breach } from '../../../credentials/spendingCaps';

/**
 * Switching on meets the budget caps: before a status change makes an ad, ad set or campaign
 * active under Limit Spending, its budget is read from the API and held against Max Daily / Max
 * Lifetime Budget, as a create's would be (spendingActions.ts `checkSpendCaps`). What each status
 * operation switches on it declares (`switchesOn`, adsOperation.ts); a keyword has no budget. The
 * reads (reference, Ads: there is no GET of one campaign or ad set):
 *
 * - an ad: GET /v1/ads/{adId} (`ad.budget`);
 * - an ad set: GET /v1/ads/ad-sets?accountId=… (the node's Ad Connection; up to 500 rows);
 * - campaigns: GET /v1/ads/campaigns?platform=… (`budget` on each row), 500 a page, at most
 *   MAX_PAGES pages per platform; Bulk Set Status reads each platform's list once.
 *
 * Each read is a GET through the key's own queue (rate limits). An object whose budget cannot be
 * read (not in the list, no budget shown, an error) is refused, saying so: deny by default.
 */
export type SwitchesOn = 'ad' | 'adSet' | 'campaign' | 'campaigns' | 'keyword';

/** An object switched on, with the budget the API shows for it (none: it could not be read). */
export interface SwitchedOn {
	what: string;
	/** Where its budget is changed, for the refusal. */
	update: string;
	budget?: { amount: unknown; type: unknown };
	/** The API's error, when reading it failed. */
	failed?: string;
}

const PAGE = 500;
const MAX_PAGES = 10;

/** The path's segment `index` (from 0, after the leading slash), as the API reads it. */
const segment = (url: string | undefined, index: number) => decodeURIComponent(String(url ?? '').split('?')[0].split('/')[index + 1] ?? '');

const budgetOf = (row: IDataObject | undefined) => {
	const budget = row?.budget as IDataObject | undefined;
	return budget && typeof budget === 'object' ? { amount: budget.amount, type: budget.type } : undefined;
};

/** Why the last read of this request failed (the API's error), for its refusal. */
const failures = new WeakMap<IExecuteSingleFunctions, string>();

/** GET `path`: its body when answered 2xx; else none (the budget cannot be read), the API's error noted. */
async function read(ctx: IExecuteSingleFunctions, path: string, qs?: IDataObject): Promise<IDataObject | undefined> {
	try {
		const { status, body } = await apiRequest.call(ctx, 'GET', path, { qs });
		if (status >= 200 && status < 300) return body;
		failures.set(ctx, `HTTP ${status}`);
	} catch (error) {
		failures.set(ctx, (error as Error).message);
	}
	return undefined;
}

/** The campaigns of one platform with these IDs, read page by page until all are found. */
async function campaignBudgets(ctx: IExecuteSingleFunctions, platform: string, ids: string[]): Promise<Map<string, SwitchedOn['budget']>> {
	const found = new Map<string, SwitchedOn['budget']>();
	for (let page = 1; page <= MAX_PAGES && found.size < ids.length; page++) {
		const body = await read(ctx, '/v1/ads/campaigns', { platform, page, limit: PAGE });
		const rows = (body?.campaigns as IDataObject[] | undefined) ?? [];
		for (const row of rows) if (ids.includes(String(row.platformCampaignId))) found.set(String(row.platformCampaignId), budgetOf(row));
		const pages = Number((body?.pagination as IDataObject | undefined)?.pages ?? 1);
		if (!rows.length || page >= pages) break;
	}
	return found;
}

async function campaigns(ctx: IExecuteSingleFunctions, list: Array<{ campaignId: string; platform: string }>): Promise<SwitchedOn[]> {
	const byPlatform = new Map<string, string[]>();
	for (const { campaignId, platform } of list) byPlatform.set(platform, [...(byPlatform.get(platform) ?? []), campaignId]);
	const budgets = new Map<string, SwitchedOn['budget']>();
	for (const [platform, ids] of byPlatform) for (const [id, budget] of await campaignBudgets(ctx, platform, ids)) budgets.set(`${platform}|${id}`, budget);
	return list.map(({ campaignId, platform }) => ({ what: `campaign ${campaignId}`, update: actionName('campaign', 'update'), budget: budgets.get(`${platform}|${campaignId}`) }));
}

/** What a status change to active switches on, each with its budget as the API shows it. */
const READERS: Record<SwitchesOn, (ctx: IExecuteSingleFunctions, request: IHttpRequestOptions) => Promise<SwitchedOn[]>> = {
	keyword: async () => [],
	ad: async (ctx, request) => {
		const id = segment(request.url, 2);
		const body = await read(ctx, `/v1/ads/${encodeURIComponent(id)}`);
		return [{ what: `ad ${id}`, update: actionName('ad', 'update'), budget: budgetOf(body?.ad as IDataObject | undefined) }];
	},
	adSet: async (ctx, request) => {
		const id = segment(request.url, 3);
		const accountId = ctx.getNodeParameter('accountId', '', { extractValue: true }) as string;
		const body = await read(ctx, '/v1/ads/ad-sets', { accountId });
		const row = ((body?.adSets as IDataObject[] | undefined) ?? []).find((s) => String(s.platformAdSetId) === id);
		return [{ what: `ad set ${id}`, update: actionName('adSet', 'update'), budget: budgetOf(row) }];
	},
	campaign: async (ctx, request) => await campaigns(ctx, [{ campaignId: segment(request.url, 3), platform: String((request.body as IDataObject).platform ?? '') }]),
	campaigns: async (ctx, request) => await campaigns(ctx, ((request.body as IDataObject).campaigns as Array<{ campaignId: string; platform: string }>) ?? []),
};

export async function switchedOn(ctx: IExecuteSingleFunctions, what: SwitchesOn, request: IHttpRequestOptions): Promise<SwitchedOn[]> {
	const found = await READERS[what](ctx, request);
	const failed = failures.get(ctx);
	return failed ? found.map((o) => (o.budget ? o : { ...o, failed })) : found;
}

/** The refusal of an object whose budget could not be read. */
export const unreadBudget = (o: SwitchedOn): Breach => ({
	message: `Switching on ${o.what} is refused: its budget could not be read from the API${o.failed ? ` (${o.failed.replace(/\.$/, '')})` : ''}, so it cannot be held against the budget caps (Limit Spending is on).`,
	pass: `It passes once the API lists it with its budget: check the ID and the Ad Connection or Platform, or set its budget within the caps with ${o.update}.`,
});

/** A budget cap's refusal of an object switched on: which object, then the cap's own words. */
export const overBudget = (o: SwitchedOn, breach: Breach): Breach => ({
	message: `Switching on ${o.what} (its budget, as the API shows it): ${breach.message}`,
	pass: `${breach.pass.replace(/\.$/, '')}; lower its budget first with ${o.update}.`,
});
