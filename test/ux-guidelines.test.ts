import fs from 'node:fs';
import path from 'node:path';

import type { IDataObject, INodeProperties, INodePropertyOptions, INodeType } from 'n8n-workflow';

import { KEYS, startFakeApi, type FakeApiServer } from '../fake-api';
import { runNode } from '../harness';
import { byId } from '../harness/context';
import { HOSTED, seedMetaobjects, seedPages, seedRedirects } from './commerce/helpers';

/**
 * n8n's UX guidelines for nodes (docs/verification.md, "n8n's UX guidelines"), held against the
 * descriptions every node of the package builds: dropdown values in Title Case, placeholders that
 * start with "e.g.", help of at most 60 words without the API's own words, an operation's name and
 * its action saying the same thing; and against what the operations output, run through n8n-core
 * against the fake API: every delete outputs `deleted: true`, every read of more than 10 fields
 * offers Simplify.
 */

const ROOT = path.join(__dirname, '..');
const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { n8n: { nodes: string[] } };

async function nodes(): Promise<INodeType[]> {
	return await Promise.all(
		pkg.n8n.nodes.map(async (file) => {
			const source = path.join(ROOT, file.replace(/^dist\//, '').replace(/\.js$/, ''));
			return new ((await import(source)) as Record<string, new () => INodeType>)[path.basename(source, '.node')]();
		}),
	);
}

/** Every property of a description, those inside collections and fixed collections too, with where it is. */
function everyProperty(properties: INodeProperties[], where: string): Array<{ where: string; p: INodeProperties }> {
	return properties.flatMap((p) => {
		const here = `${where} ${p.name}`;
		const inner = (p.type === 'collection' || p.type === 'fixedCollection' ? (p.options ?? []) : []) as Array<INodeProperties | { name: string; values: INodeProperties[] }>;
		const children = inner.flatMap((o) => ('values' in o ? everyProperty(o.values, `${here}.${o.name}`) : everyProperty([o as INodeProperties], here)));
		return [{ where: here, p }, ...children];
	});
}

/** Every text a user reads as help, with where it is: descriptions, hints, notices, option descriptions, actions. */
async function helpTexts() {
	const texts: Array<{ where: string; text: string }> = [];
	for (const { description } of await nodes())
		for (const { where, p } of everyProperty(description.properties, description.name)) {
			if (p.type === 'notice') texts.push({ where: `${where} (notice)`, text: p.displayName });
			if (p.description) texts.push({ where: `${where} (description)`, text: p.description });
			if (p.hint) texts.push({ where: `${where} (hint)`, text: p.hint });
			for (const o of ((p.type === 'options' || p.type === 'multiOptions' ? p.options : undefined) ?? []) as INodePropertyOptions[]) {
				if (o.description) texts.push({ where: `${where} → ${o.name} (description)`, text: o.description });
				if (o.action) texts.push({ where: `${where} → ${o.name} (action)`, text: o.action });
			}
		}
	return texts;
}

const words = (text: string) => text.split(/\s+/).filter(Boolean).length;

/** The wire's words, not the user's: status numbers, header names, hashing terms, HTTP methods, file paths. */
const API_WORDS: Array<[string, RegExp]> = [
	// a status number: 1xx–5xx that is no count of something (500 ad sets, 280 characters, 100 items)
	['a status number', /\b[1-5]\d\d\b(?![\s,.]*\d)(?!\s+(?:ad sets|characters|days|fields|items|matched|people|campaigns|keywords|minutes|seconds|USD)\b)/],
	['a status class', /\b[1-5]xx\b/i],
	['a header name', /\b(?:Idempotency-Key|Retry-After|X-RateLimit[\w-]*|Idempotent-Replayed|Content-Type|X-Storefront[\w-]*)\b|\bAuthorization:/i],
	['a hashing term', /\b(?:HMAC|SHA-?\d+|hex|hash(?:ed|es|ing)?|digest)\b/i],
	['an HTTP method', /\b(?:POST|GET|PUT|PATCH|DELETE)(?:s|ed|ing)?\b/],
	['a file path', /\b(?:docs|nodes|test|credentials|src|dist)\/[\w./-]+|\b[\w-]+\.(?:md|ts)\b/],
	['a phone-format standard', /\bE\.164\b/],
];

describe("n8n's UX guidelines on what every node shows", () => {
	test('dropdown values are in Title Case (short joining words aside)', async () => {
		const small = new Set(['a', 'an', 'and', 'as', 'at', 'by', 'for', 'from', 'in', 'of', 'on', 'or', 'per', 'the', 'to', 'vs', 'with']);
		const lower: string[] = [];
		for (const { description } of await nodes())
			for (const { where, p } of everyProperty(description.properties, description.name))
				for (const o of ((p.type === 'options' || p.type === 'multiOptions' ? p.options : undefined) ?? []) as INodePropertyOptions[])
					// each word starts with a capital or a digit, except a short joining word after the first
					if (o.name.split(/[\s/]+/).some((w, i) => /^[a-z]/.test(w) && !(i > 0 && small.has(w.replace(/[(),]/g, ''))))) lower.push(`${where}: ${o.name}`);
		expect(lower).toEqual([]);
	});

	test('placeholders of fields one types in start with "e.g."', async () => {
		const bare: string[] = [];
		for (const { description } of await nodes())
			for (const { where, p } of everyProperty(description.properties, description.name)) {
				// a collection's placeholder is its "Add Field" button; a list's is the picker's prompt
				if (p.placeholder && !['collection', 'fixedCollection', 'options', 'multiOptions'].includes(p.type) && !p.placeholder.startsWith('e.g. ')) bare.push(`${where}: ${p.placeholder}`);
				for (const mode of p.type === 'resourceLocator' ? (p.modes ?? []) : [])
					if (mode.type !== 'list' && mode.placeholder && !mode.placeholder.startsWith('e.g. ')) bare.push(`${where} (${mode.displayName}): ${mode.placeholder}`);
			}
		expect(bare).toEqual([]);
	});

	test('help is at most 60 words, and says nothing in the API\'s own words', async () => {
		const texts = await helpTexts();
		expect(texts.length).toBeGreaterThan(500);
		const broken = texts.flatMap(({ where, text }) => [
			...(words(text) > 60 ? [`${where}: ${words(text)} words`] : []),
			...API_WORDS.filter(([, word]) => word.test(text)).map(([what, word]) => `${where}: ${what} (${word.exec(text)![0]})`),
		]);
		expect(broken).toEqual([]);
	});

	test("one vocabulary: an operation's name and its action say the same thing (every word of the name is in the action)", async () => {
		const stem = (w: string) => w.toLowerCase().replace(/(?:ing|s)$/, '');
		const differ: string[] = [];
		for (const { description } of await nodes())
			for (const menu of description.properties.filter((p) => p.name === 'operation'))
				for (const o of menu.options as INodePropertyOptions[]) {
					const action = new Set((o.action ?? '').split(/[\s-]+/).map(stem));
					const missing = o.name.split(/[\s-]+/).filter((w) => !action.has(stem(w)));
					if (missing.length) differ.push(`${description.name} ${String(menu.displayOptions?.show?.resource)} → ${o.name} / ${o.action} (${missing.join(', ')})`);
				}
		expect(differ).toEqual([]);
	});
});

describe("n8n's UX guidelines on what operations output (run against the fake API)", () => {
	let api: FakeApiServer;
	beforeEach(async () => {
		api = await startFakeApi();
	});
	afterEach(async () => await api.close());
	const run = (node: string, parameters: IDataObject) =>
		runNode({ node, parameters: parameters as never, credentials: { apiKey: KEYS.full, baseUrl: api.url, limitSpending: false } });
	const first = async (node: string, parameters: IDataObject) => (await run(node, parameters)).json[0];

	/** Each delete's parameters, after making what it deletes, and what the API answers (the reference's words). */
	const DELETES: Record<string, () => Promise<{ parameters: IDataObject; answer: IDataObject }>> = {
		'storefrontAds ad delete': async () => {
			const ad = api.ads.adsOf(api.ads.seedCampaign('acc_social1', 'Gone', 1).platformCampaignId)[0];
			// {ad: {id, status: cancelled}}, unwrapped
			return { parameters: { adId: byId(ad.id) }, answer: { id: ad.id, status: 'cancelled' } };
		},
		'storefrontAds campaign delete': async () => ({
			parameters: { campaignId: byId(api.ads.seedCampaign('acc_social1', 'Gone', 0).platformCampaignId), platform: 'socialfeed' },
			answer: { success: true },
		}),
		'storefrontAds keyword remove': async () => {
			const campaign = api.ads.seedCampaign('acc_search1', 'Search', 0);
			const [keyword] = api.keywords.seed('acc_search1', campaign.platformCampaignId, api.ads.adSetsOf(campaign.platformCampaignId)[0].platformAdSetId, ['linen dress']);
			return { parameters: { accountId: byId('acc_search1'), keywordId: byId(keyword.id) }, answer: { keywordId: keyword.id } };
		},
		'storefrontAds audience delete': async () => {
			const made = await first('storefrontAds', { resource: 'audience', operation: 'create', accountId: byId('acc_social1'), adAccountId: byId('act_1001'), audienceName: 'Buyers', type: 'customer_list' });
			return { parameters: { accountId: byId('acc_social1'), audienceId: byId(made.id as string) }, answer: { audienceId: made.id } };
		},
		'storefrontCommerce page delete': async () => {
			const { id } = seedPages(api, 1)[0];
			return { parameters: { accountId: HOSTED, pageId: byId(id) }, answer: { pageId: id } };
		},
		'storefrontCommerce redirect delete': async () => {
			const { id } = seedRedirects(api, 1)[0];
			return { parameters: { accountId: HOSTED, redirectId: byId(id) }, answer: { redirectId: id } };
		},
		'storefrontCommerce metaobject delete': async () => {
			const { id } = seedMetaobjects(api, 1)[0];
			return { parameters: { accountId: HOSTED, metaobjectId: byId(id) }, answer: { metaobjectId: id } };
		},
		'storefrontCommerce menu delete': async () => {
			api.commerce.store(HOSTED).menus.push({ id: 'gid_menu_gone', handle: 'gone', title: 'Gone', items: [] });
			return { parameters: { accountId: HOSTED, menuId: byId('gid_menu_gone') }, answer: { menuId: 'gid_menu_gone' } };
		},
		'storefrontCommerce catalogSync delete': async () => {
			const made = await first('storefrontCommerce', { resource: 'catalogSync', operation: 'create', accountId: HOSTED, catalogAccountId: 'biz_1', catalogId: 'cat_1' });
			return { parameters: { syncId: byId(made.id as string) }, answer: { syncId: made.id } };
		},
		'storefrontCommerce marketingActivity delete': async () => {
			const made = await run('storefrontCommerce', { resource: 'marketingActivity', operation: 'upsert', accountId: HOSTED, remoteId: 'gone-1', title: 'Gone', url: 'https://example.com', tactic: 'AD', channel: 'SOCIAL', status: 'ACTIVE' });
			expect(made.error).toBeUndefined();
			return { parameters: { accountId: HOSTED, remoteId: 'gone-1' }, answer: { remoteId: 'gone-1' } };
		},
		'storefrontWebhooks webhook delete': async () => {
			const made = await first('storefrontWebhooks', { resource: 'webhook', operation: 'create', url: 'https://example.com/hooks', events: [] });
			return { parameters: { webhookId: byId(made.id as string) }, answer: { ok: true } };
		},
	};

	test('every delete outputs deleted: true first, beside what the API answered', async () => {
		const deletes: Array<[string, string, string]> = [];
		for (const { description } of (await nodes()).filter((n) => n.description.requestDefaults))
			for (const menu of description.properties.filter((p) => p.name === 'operation'))
				for (const o of menu.options as INodePropertyOptions[])
					if (o.routing?.request?.method === 'DELETE') deletes.push([description.name, String(menu.displayOptions?.show?.resource), String(o.value)]);
		expect(deletes.map((d) => d.join(' ')).sort()).toEqual(Object.keys(DELETES).sort());

		for (const [node, resource, operation] of deletes) {
			const { parameters, answer } = await DELETES[`${node} ${resource} ${operation}`]();
			api.clearRequests();
			const r = await run(node, { resource, operation, ...parameters });
			expect({ node, resource, operation, error: r.error?.message }).toEqual({ node, resource, operation, error: undefined });
			expect(api.requests.map((q) => q.method)).toEqual(['DELETE']);
			expect(r.json).toHaveLength(1);
			expect({ operation: `${resource} ${operation}`, first: Object.keys(r.json[0])[0], json: r.json[0] }).toEqual({
				operation: `${resource} ${operation}`,
				first: 'deleted',
				json: expect.objectContaining({ deleted: true, ...answer }),
			});
		}
	});

	test('a refusal made before anything is sent shows no "Error code none": its message and description only', async () => {
		const r = await run('storefrontAds', {
			resource: 'ad',
			operation: 'create',
			network: 'socialnet',
			accountId: byId('acc_social1'),
			adAccountId: byId('act_1001'),
			name: 'Summer',
			budgetAmount: 25,
			budgetType: 'lifetime',
			status: 'PAUSED',
			headline: 'Linen',
			body: 'Light and cool',
			linkUrl: 'https://shop.example.com',
			imageUrl: 'https://cdn.example.com/a.jpg',
		});
		expect(api.requests).toEqual([]);
		// n8n's editor shows "Error code <httpCode>" whenever the error has one (RoutingNode wraps any error that is no NodeApiError in one with "none")
		expect({ message: r.error?.message, description: r.error?.description, httpCode: r.error?.httpCode ?? null }).toEqual({
			message: 'A lifetime budget needs an End Date',
			description: 'Set "End Date", or choose a daily budget.',
			httpCode: null,
		});
	});

	/** Reads, with what they need, whose rows or object may pass 10 fields. */
	const READS: Array<[string, string, string, () => IDataObject]> = [
		['storefrontAds', 'ad', 'get', () => ({ adId: byId(api.ads.adsOf(api.ads.seedCampaign('acc_social1', 'Read', 1).platformCampaignId)[0].id) })],
		['storefrontAds', 'ad', 'getAll', () => (api.ads.seedCampaign('acc_social1', 'Read', 2), { returnAll: true })],
		['storefrontAds', 'campaign', 'getAll', () => (api.ads.seedCampaign('acc_social1', 'Read', 1), { returnAll: true })],
		['storefrontAds', 'campaign', 'getTree', () => (api.ads.seedCampaign('acc_social1', 'Read', 1), { returnAll: true })],
		['storefrontAds', 'adSet', 'getAll', () => (api.ads.seedCampaign('acc_social1', 'Read', 1), { accountId: byId('acc_social1'), returnAll: true })],
		['storefrontAds', 'connection', 'getAll', () => ({ returnAll: true })],
		['storefrontAds', 'connection', 'getAdAccounts', () => ({ accountId: byId('acc_social1'), returnAll: true })],
		['storefrontAds', 'searchTerm', 'getAll', () => ({ accountId: byId('acc_search1'), returnAll: true })],
		['storefrontAds', 'post', 'getBest', () => ({ accountId: byId('acc_social1'), returnAll: true })],
		['storefrontAds', 'post', 'getPhotoappPosts', () => ({ accountId: byId('acc_social1'), adAccountId: byId('act_1001'), returnAll: true })],
		['storefrontCommerce', 'catalogSync', 'getAll', () => ({ accountId: HOSTED, returnAll: true })],
		['storefrontCommerce', 'page', 'getAll', () => (seedPages(api, 2), { accountId: HOSTED, returnAll: true })],
		['storefrontCommerce', 'redirect', 'getAll', () => (seedRedirects(api, 2), { accountId: HOSTED, returnAll: true })],
		['storefrontWebhooks', 'webhook', 'getAll', () => ({ returnAll: true })],
	];

	test('every read whose output passes 10 fields offers Simplify (on by default), which keeps at most 10', async () => {
		// a catalog sync (13 fields) to list, and one to get
		const sync = await first('storefrontCommerce', { resource: 'catalogSync', operation: 'create', accountId: HOSTED, catalogAccountId: 'biz_1', catalogId: 'cat_1' });
		await first('storefrontWebhooks', { resource: 'webhook', operation: 'create', url: 'https://example.com/hooks', events: [] });
		const reads = [...READS, ['storefrontCommerce', 'catalogSync', 'get', () => ({ syncId: byId(sync.id as string) })] as (typeof READS)[number]];
		const types = new Map((await nodes()).map((n) => [n.description.name, n.description]));
		const offered = (node: string, resource: string, operation: string) =>
			types.get(node)!.properties.some(
				(p) => p.name === 'simplify' && (p.displayOptions?.show?.resource as string[] | undefined)?.includes(resource) && (p.displayOptions?.show?.operation as string[] | undefined)?.includes(operation),
			);
		const widest = (json: IDataObject[]) => Math.max(0, ...json.map((j) => Object.keys(j).length));
		const wide: string[] = [];
		for (const [node, resource, operation, parameters] of reads) {
			const given = { resource, operation, ...parameters() };
			const raw = await run(node, { ...given, simplify: false });
			expect({ node, resource, operation, error: raw.error?.message, rows: raw.json.length > 0 }).toEqual({ node, resource, operation, error: undefined, rows: true });
			if (widest(raw.json) <= 10) continue;
			wide.push(`${resource} ${operation}`);
			expect({ resource, operation, simplify: offered(node, resource, operation) }).toEqual({ resource, operation, simplify: true });
			// on by default: the parameters as a new node has them
			const simplified = await run(node, given);
			expect({ resource, operation, widest: widest(simplified.json) <= 10 }).toEqual({ resource, operation, widest: true });
			expect(simplified.json.map((j) => j.id)).toEqual(raw.json.map((j) => j.id));
		}
		expect(wide.sort()).toEqual(['ad get', 'ad getAll', 'catalogSync get', 'catalogSync getAll', 'post getBest', 'post getPhotoappPosts', 'webhook getAll']);
	});
});
