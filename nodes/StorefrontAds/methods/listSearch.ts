import type { IDataObject, ILoadOptionsFunctions, INodeListSearchResult } from 'n8n-workflow';

import { chooseFirst, currentParameter, listSearch } from '../../shared/listSearch/builder';
import { apiRequest } from '../../shared/wire/request';
import { NETWORKS, networksWhere, type NetworkFacts } from '../helpers/networks';
import { BOOSTED_MARK, boostAds, boostsOf, postLabel } from '../helpers/reboosts';

/** `what`: what the list shows once an Ad Connection is chosen. */
const connection = (what: string) => (ctx: ILoadOptionsFunctions) => {
	const accountId = currentParameter(ctx, 'accountId');
	return accountId ? { accountId } : chooseFirst('Ad Connection', `the ${what} of the chosen Ad Connection`);
};

/** `Name (platform, status)`: the platform is what update, delete and status calls ask for. */
const labelled = (name: unknown, row: IDataObject) => `${String(name)} (${String(row.platform ?? '?')}, ${String(row.status ?? '?')})`;

/** Networks an operation works on, where the node has no Network field to say it (read from the NETWORKS table). */
const RESOURCE_FACT: Record<string, keyof NetworkFacts> = { keyword: 'keywords', searchTerm: 'keywords', recommendation: 'keywords', conversion: 'conversions', audience: 'audiences' };
function networksOf(resource: string, operation: string): string[] | undefined {
	if (RESOURCE_FACT[resource]) return networksWhere(RESOURCE_FACT[resource]);
	if (resource !== 'post') return undefined;
	const listing = Object.keys(NETWORKS).filter((n) => NETWORKS[n].posts.includes(operation));
	return listing.length ? listing : undefined;
}

export const searchAdConnections = listSearch({
	path: '/v1/ads/connections',
	rootProperty: 'connections',
	keep: (ctx) => {
		const network = currentParameter(ctx, 'network');
		if (network) return (row) => row.network === network;
		const resource = currentParameter(ctx, 'resource') ?? '';
		const allowed = networksOf(resource, currentParameter(ctx, 'operation') ?? '');
		return allowed ? (row) => allowed.includes(row.network as string) : undefined;
	},
	name: (c) => `${c.displayName as string} — ${c.network as string}${c.needsReconnection ? ' (needs reconnecting)' : c.isActive === false ? ' (inactive)' : ''}`,
	value: (c) => c.id as string,
});

/**
 * `Shop ads (act_1001, USD)`: the account's name, then its ID and currency, each once (a name that
 * already ends in one of them, "Shop ads (USD)", is not repeated).
 */
export function adAccountLabel(a: IDataObject): string {
	const details = [String(a.adAccountId ?? ''), String(a.currency ?? '')].filter(Boolean);
	let name = String(a.name ?? '').trim();
	for (const detail of details) if (name.toLowerCase().endsWith(`(${detail.toLowerCase()})`)) name = name.slice(0, -detail.length - 2).trim();
	return name && name !== a.adAccountId ? `${name} (${details.join(', ')})` : details.join(', ');
}

export const searchAdAccounts = listSearch({
	path: '/v1/ads/accounts',
	rootProperty: 'accounts',
	query: connection('ad accounts'),
	name: adAccountLabel,
	value: (a) => a.adAccountId as string,
});

/**
 * Campaign → Get Many's Filters → Ad Account: the operation has no Ad Connection, so the list walks
 * every connection (the API lists ad accounts per connection) and names each account with its
 * connection, `Shop ads (act_1001, USD) — Shop Page, socialnet`.
 */
export async function searchEveryAdAccount(this: ILoadOptionsFunctions, filter?: string): Promise<INodeListSearchResult> {
	const { body } = await apiRequest.call(this, 'GET', '/v1/ads/connections');
	const results = [];
	for (const c of (body.connections as IDataObject[] | undefined) ?? []) {
		const { body: answer } = await apiRequest.call(this, 'GET', '/v1/ads/accounts', { qs: { accountId: c.id as string } });
		for (const a of (answer.accounts as IDataObject[] | undefined) ?? []) {
			results.push({ name: `${adAccountLabel(a)} — ${String(c.displayName ?? c.id)}, ${String(c.network ?? '?')}`, value: a.adAccountId as string });
		}
	}
	const needle = filter?.toLowerCase();
	return { results: results.filter((r) => !needle || `${r.name} ${r.value}`.toLowerCase().includes(needle)) };
}

/**
 * The chosen connection's posts ranked for boosting (best first, as the API ranks them), named by
 * caption, network and score. Networks without that list (the NETWORKS table's `posts`) list
 * nothing: their posts are given by ID.
 */
const rankedPosts = listSearch({
	path: '/v1/ads/best-posts',
	rootProperty: 'posts',
	query: (ctx) => {
		const base = connection('posts, best first,')(ctx);
		const network = currentParameter(ctx, 'network');
		if (network && !NETWORKS[network]?.posts.includes('getBest'))
			return { unlisted: { message: `${NETWORKS[network]?.name ?? network} posts are not listed`, description: "Switch to By ID and enter the post's ID." } };
		const adAccountId = currentParameter(ctx, 'adAccountId');
		return adAccountId && 'accountId' in base ? { ...base, adAccountId } : base;
	},
	name: (p) => postLabel(p),
	value: (p) => p.id as string,
	url: (p) => (typeof p.permalink === 'string' ? p.permalink : undefined),
});

/**
 * The ranked posts, each that already has a boost marked "(already boosted)" from one list of the
 * API's ads (reboosts.ts); when that list cannot be read, the posts as they are.
 */
export async function searchBestPosts(this: ILoadOptionsFunctions, filter?: string, paginationToken?: string): Promise<INodeListSearchResult> {
	const listed = await rankedPosts.call(this, filter, paginationToken);
	if (!listed.results.length) return listed;
	const ads = await boostAds(this).catch(() => undefined);
	if (!ads) return listed;
	return {
		...listed,
		results: listed.results.map((r) => (boostsOf(String(r.value), ads).length ? { ...r, name: `${r.name}${BOOSTED_MARK}` } : r)),
	};
}

export const searchCampaigns = listSearch({
	path: '/v1/ads/campaigns',
	rootProperty: 'campaigns',
	pages: true,
	query: (ctx) => {
		const adAccountId = currentParameter(ctx, 'adAccountId');
		return adAccountId ? { adAccountId } : {};
	},
	name: (c) => labelled(c.campaignName, c),
	value: (c) => c.platformCampaignId as string,
});

export const searchAdSets = listSearch({
	path: '/v1/ads/ad-sets',
	rootProperty: 'adSets',
	query: (ctx) => {
		const base = connection('ad sets')(ctx);
		const campaignId = currentParameter(ctx, 'campaignId') ?? currentParameter(ctx, 'filters.campaignId');
		return campaignId && 'accountId' in base ? { ...base, campaignId } : base;
	},
	name: (s) => `${s.adSetName as string} (${s.status as string})`,
	value: (s) => s.platformAdSetId as string,
});

export const searchAds = listSearch({
	path: '/v1/ads',
	rootProperty: 'ads',
	pages: true,
	name: (a) => labelled(a.name, a),
	value: (a) => a.id as string,
});

export const searchAudiences = listSearch({
	path: '/v1/ads/audiences',
	rootProperty: 'audiences',
	query: connection('audiences'),
	name: (a) => `${a.name as string} (${a.type as string}, ${String(a.size ?? 0)} people)`,
	value: (a) => a.id as string,
});

export const searchKeywords = listSearch({
	path: '/v1/ads/keywords',
	rootProperty: 'keywords',
	query: connection('keywords'),
	serverFilter: 'search',
	name: (k) => `${k.keyword as string} (${k.matchType as string}, ${k.status as string}${k.negative ? ', negative' : ''})`,
	value: (k) => k.id as string,
});

/** Ad → Create's Company Page (pronet): the chosen connection's Pages, by name and vanity name. */
export const searchPronetPages = listSearch({
	path: '/v1/ads/pronet-pages',
	rootProperty: 'pages',
	query: connection('company pages'),
	name: (p) => `${String(p.name ?? p.organizationId)}${p.vanityName ? ` (${String(p.vanityName)})` : ''}`,
	value: (p) => String(p.organizationId),
});

/** Ad → Create's Identity (videonet): the identities of the chosen connection and ad account, each with the Identity Type it needs. */
export const searchVideonetIdentities = listSearch({
	path: '/v1/ads/videonet-identities',
	rootProperty: 'identities',
	query: (ctx) => {
		const base = connection('identities')(ctx);
		const adAccountId = currentParameter(ctx, 'adAccountId');
		if (!('accountId' in base) || adAccountId) return adAccountId ? { ...base, adAccountId } : base;
		return chooseFirst('Ad Account', 'the identities of the chosen Ad Account');
	},
	name: (i) => `${String(i.displayName ?? i.identityId)}${i.username ? ` (@${String(i.username)})` : ''} — ${String(i.identityType ?? '?')}`,
	value: (i) => String(i.identityId),
});
