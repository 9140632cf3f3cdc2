import fc from 'fast-check';
import { WorkflowHasIssuesError } from 'n8n-core';
import { NodeConnectionTypes, NodeHelpers, type IConnections, type IDataObject, type IExecuteFunctions, type INode, type INodeExecutionData, type INodeParameters, type INodeProperties, type INodePropertyOptions, type INodeType, type IRun } from 'n8n-workflow';

import { KEYS, postIdOf, startFakeApi, type BookEntry, type Fault, type FakeApiServer } from '../../fake-api';
import { nodeType, type Credentials } from '../../harness';
import { fromDelivery, ourNode, outputOf, resume } from '../../harness/execution';
import { runToolCalls } from '../../harness/tool';
import { countedCalls } from '../../nodes/StorefrontAds/helpers/spendingCount';
import { NETWORKS as NETWORK_FACTS, networksWhere } from '../../nodes/StorefrontAds/helpers/networks';
import { RECOMMENDATION_TYPES } from '../../credentials/recommendationTypes';
import { spendContext } from '../unit/spend-context';
import { credentialFieldsOf, fillOperation, operationsOf } from './operations';

/**
 * Generated workflows of Ads nodes, for the property test of money (money-property.test.ts): every
 * Ads operation, read from the node's description (its fields, their options and types), with
 * values a person, an expression or a model may give (wrong case, padding, numbers as text, huge,
 * negative and decimal budgets, own Idempotency-Keys shared across nodes), in one execution of up
 * to five nodes, with Continue On Fail and Retry On Fail, or called as AI tools; run through
 * n8n-core against a fresh fake API holding a paused campaign, ad set and ad on each network.
 * What the run did to spending is read from the fake API's books (fake-api/books.ts).
 *
 * Objects the run meets are named in the generated values by reference (`@ad:searchnet`, the
 * seeded ad on searchnet), so a printed case reads the same whatever IDs the fake API gave out.
 */

export const NETWORKS = ['socialnet', 'searchnet', 'pronet', 'videonet', 'microblog', 'chatnet'] as const;
export type Network = (typeof NETWORKS)[number];

/** Each network's ad connection and ad account (chatnet's is seeded: a fresh fake API has none). */
const CONNECTIONS: Record<Network, { accountId: string; adAccountId: string; platform: string }> = {
	socialnet: { accountId: 'acc_social1', adAccountId: 'act_1001', platform: 'socialfeed' },
	searchnet: { accountId: 'acc_search1', adAccountId: '123-456-7890', platform: 'searchnet' },
	pronet: { accountId: 'acc_pro1', adAccountId: '501', platform: 'pronet' },
	videonet: { accountId: 'acc_video1', adAccountId: '7001', platform: 'videonet' },
	microblog: { accountId: 'acc_micro1', adAccountId: 'mb-18ce', platform: 'microblog' },
	chatnet: { accountId: 'acc_chat1', adAccountId: 'cn-chat1', platform: 'chatnet' },
};

/** The recommendations every fake API holds (1 to 8), the ones a case seeds (101 to 103) and one it does not; their campaigns are seeded. */
const GENERATED_RECOMMENDATIONS = [101, 102, 103];
const RECOMMENDATIONS = [1, 2, 3, 4, 5, 6, 7, 8, ...GENERATED_RECOMMENDATIONS, 99].map((n) => `customers/1234567890/recommendations/${n}`);

/** References to seeded objects in generated values, resolved when a case runs. */
const REFERENCE = /@(campaign|adSet|ad|keyword):([a-z]+)/g;
const ref = (kind: 'campaign' | 'adSet' | 'ad' | 'keyword', network: Network) => `@${kind}:${network}`;

// ---------------------------------------------------------------- the world a case runs in

/**
 * What a fresh fake API holds for a case: a paused campaign, ad set and ad per network, each with
 * the case's budget (what switching one on spends at), paused keywords, the recommendations the
 * case seeds and the recommendations' campaigns.
 */
function seedWorld(api: FakeApiServer, c: Pick<MoneyCase, 'seededBudget' | 'recommendations'>): Map<string, string> {
	const { accountId, adAccountId } = CONNECTIONS.chatnet;
	api.ads.connections.set(accountId, {
		id: accountId,
		network: 'chatnet',
		displayName: 'Chat ads',
		isActive: true,
		needsReconnection: false,
		adAccounts: [{ adAccountId, name: 'Chat ads account', currency: 'USD', accountStatus: 1, billingStatus: 'ok' }],
	});
	const ids = new Map<string, string>();
	const pausedCampaign = (connection: string, name: string, id?: string) => {
		const campaign = api.ads.seedCampaign(connection, name, 1, 'service', id);
		campaign.status = 'paused';
		const adSet = api.ads.adSetsOf(campaign.platformCampaignId)[0];
		adSet.status = 'paused';
		const ad = api.ads.adsOf(campaign.platformCampaignId)[0];
		ad.status = 'paused';
		ad.requestedStatus = 'paused';
		for (const o of [campaign, adSet, ad]) o.budget = { ...(c.seededBudget ?? { amount: 20, type: 'daily' }) };
		return { campaign, adSet, ad };
	};
	for (const network of NETWORKS) {
		const { campaign, adSet, ad } = pausedCampaign(CONNECTIONS[network].accountId, `Seeded ${network}`);
		ids.set(ref('campaign', network), campaign.platformCampaignId);
		ids.set(ref('adSet', network), adSet.platformAdSetId);
		ids.set(ref('ad', network), ad.id);
		if (network === 'searchnet') {
			const [keyword] = api.keywords.seed(campaign.accountId, campaign.platformCampaignId, adSet.platformAdSetId, ['linen shirt']);
			keyword.status = 'paused';
			ids.set(ref('keyword', network), keyword.id);
		}
	}
	// what the recommendations change (a fresh fake API names campaigns it does not hold)
	for (let n = 1; n <= 8; n++) pausedCampaign(CONNECTIONS.searchnet.accountId, `Recommended ${n}`, `cmp_rec${n}`);
	(c.recommendations ?? []).forEach((r, i) =>
		api.recommendations.seed(r.type, `cmp_rec${i + 1}`, { base: { clicks: 100, cost: r.base }, potential: { clicks: 120, cost: r.potential } }, { n: GENERATED_RECOMMENDATIONS[i] }),
	);
	return ids;
}

// ---------------------------------------------------------------- the operations, from the description

export interface AdsOperation {
	resource: string;
	operation: string;
	/** Its request's method, as the description routes it. */
	method: string;
	networks: Network[];
}

const NODE = 'storefrontAds';
let described: ReturnType<typeof nodeType>['description'] | undefined;
const description = () => (described ??= nodeType(NODE).description);

/** The networks an operation works on: its own Network field, else the network table's say (keywords, audiences, conversions, posts), else all. */
function networksOf(resource: string, operation: string): Network[] {
	const { shown } = fillOperation(NODE, resource, operation);
	const own = shown.find((p) => p.name === 'network' && p.type === 'options');
	const where = (list: string[]) => NETWORKS.filter((n) => list.includes(n));
	if (own) return where((own.options as Array<{ value: string }>).map((o) => o.value));
	if (['keyword', 'searchTerm', 'recommendation'].includes(resource)) return where(networksWhere('keywords'));
	if (resource === 'audience') return where(networksWhere('audiences'));
	if (resource === 'conversion') return where(networksWhere('conversions'));
	if (resource === 'post') return where(Object.keys(NETWORK_FACTS).filter((n) => NETWORK_FACTS[n].posts.includes(operation)));
	return [...NETWORKS];
}

/** Every Ads operation the node describes (a new one is picked up here). */
export const adsOperations = (): AdsOperation[] => operationsOf(NODE).map(({ resource, operation }) => ({ resource, operation, method: methodOf(resource, operation), networks: networksOf(resource, operation) }));

function methodOf(resource: string, operation: string): string {
	const property = description().properties.find((p) => p.name === 'operation' && p.displayOptions?.show?.resource?.includes(resource));
	const option = (property?.options as INodePropertyOptions[] | undefined)?.find((o) => o.value === operation);
	return String(option?.routing?.request?.method ?? 'GET');
}

/** What gets an operation past the node's own checks on `network`, with the seeded objects. */
const baseOf = memo((resource: string, operation: string, network: Network) => {
	const { accountId, adAccountId, platform } = CONNECTIONS[network];
	const rl = (value: string) => ({ __rl: true, mode: 'id', value });
	const values: Record<string, unknown> = {
		accountId: rl(accountId),
		adAccountId: rl(adAccountId),
		videonetAdAccountId: rl(adAccountId),
		campaignId: rl(ref('campaign', network)),
		adSetId: rl(ref('adSet', network)),
		adId: rl(ref('ad', network)),
		keywordId: rl(ref('keyword', 'searchnet')),
		platform,
		postId: postIdOf(accountId, 0),
		campaignsJson: JSON.stringify([{ campaignId: ref('campaign', network), platform }]),
	};
	const first = fillOperation(NODE, resource, operation);
	const preset = first.shown.some((p) => p.name === 'network') ? { network } : {};
	const filled = fillOperation(NODE, resource, operation, preset, values);
	// an update filled in renames, which only socialnet does (the network table): elsewhere it pauses an ad, or sets the lowest budget
	const update = filled.parameters.updateFields as IDataObject | undefined;
	if (update?.name !== undefined && network !== 'socialnet') {
		filled.parameters.updateFields = resource === 'ad' ? { status: 'paused' } : { budget: 1 };
	}
	return filled;
});

function memo<A extends unknown[], R>(f: (...args: A) => R): (...args: A) => R {
	const cache = new Map<string, R>();
	return (...args: A) => {
		const key = JSON.stringify(args);
		if (!cache.has(key)) cache.set(key, f(...args));
		return cache.get(key)!;
	};
}

// ---------------------------------------------------------------- values

const pick = <T>(...values: T[]) => fc.constantFrom(...values);
/** The first choice is where shrinking goes (from any other: cross shrinking). */
const weighted = <T>(...choices: Array<[number, fc.Arbitrary<T>]>) => fc.oneof({ withCrossShrink: true }, ...choices.map(([weight, arbitrary]) => ({ weight, arbitrary })));
/**
 * `value` in `set` cases of `unset + set`, else undefined: the choice is a number of its own, which
 * shrinks to "not set" however far the value has shrunk (a oneof's cross shrinking is lost once
 * its value shrinks).
 */
const sometimes = <T>([unset, set]: [number, number], value: fc.Arbitrary<T>) =>
	fc.tuple(fc.nat(unset + set - 1), value).map(([n, v]) => (n >= unset ? v : undefined));

/**
 * Some of `choices`, each in `set` cases of `unset + set`, in their order. Which ones are chosen
 * shrinks before any value does, so a failing case first loses every node and field that plays
 * no part in it.
 */
function someOf<T>(choices: Array<{ odds: [number, number]; value: fc.Arbitrary<T> }>): fc.Arbitrary<T[]> {
	const chosen = fc.tuple(...choices.map(({ odds: [unset, set] }) => fc.nat(unset + set - 1)));
	return fc.tuple(chosen, fc.tuple(...choices.map((c) => c.value))).map(([numbers, values]) => values.filter((_, i) => numbers[i] >= choices[i].odds[0]));
}
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();

/** Budgets as a person, an expression or a model gives them: in and over the usual caps, 0, negative, decimal, huge, text. */
const MONEY = weighted<unknown>([4, pick(1, 20, 25, 50, 51, 500, 501)], [1, pick(0, -5, 2.5, 19.99, 1e9, 1e21)], [1, pick('25', ' 50 ', '1e3', '2.5', 'abc', '', '-1')]);
const BID = weighted<unknown>([3, pick(1, 2, 0.5, 25)], [1, MONEY]);

/** An enum as typed anywhere: exact, lower, upper, capitalised, padded (`paused`, ` PAUSED `, `Active`, ` daily`). */
const SPELLINGS: Array<(v: string) => string> = [
	(v) => v,
	(v) => v.toLowerCase(),
	(v) => v.toUpperCase(),
	(v) => v.charAt(0).toUpperCase() + v.slice(1).toLowerCase(),
	(v) => ` ${v} `,
	(v) => ` ${v.toLowerCase()}`,
	(v) => `${v.toUpperCase()} `,
];
const spelled = (values: string[]) => fc.tuple(pick(...values), fc.nat(SPELLINGS.length - 1)).map(([v, i]) => SPELLINGS[i](v));
/** A money enum (status, budget type): as the API takes it three times in four, spelled otherwise the fourth. */
const moneyEnum = (values: string[]) => weighted([3, pick(...values)], [1, spelled(values)]);

const BOOLEAN = weighted<unknown>([4, fc.boolean()], [1, pick<unknown>('true', 'false', 1, 0, '')]);
/** Own Idempotency-Keys from a small pool, so nodes of one case share them. */
const OWN_KEYS = pick('shared-key', ' shared-key ', 'SHARED-KEY', 'other-key', '');
const TARGETING = pick<unknown>(
	'{"countries": ["US"]}',
	'{"keywords": ["linen shirt"]}',
	'{"keywords": [{"text": "linen dress", "matchType": "exact"}], "countries": ["US"]}',
	'{"keywords": ["Linen Sale", " summer dress "]}',
	{ keywords: ['linen skirt'] },
	'{}',
);

const optionValues = (p: INodeProperties) => ((p.options ?? []) as Array<{ value?: unknown }>).map((o) => o.value).filter((v): v is string => typeof v === 'string');
const otherNetworks = (network: Network) => NETWORKS.filter((n) => n !== network);

/** A value for one field, by its name where it matters to money or to reaching the API, else by its type. */
function valueOf(p: INodeProperties, base: unknown, network: Network, resource: string): fc.Arbitrary<unknown> | undefined {
	const own = CONNECTIONS[network];
	const objects = (kind: 'campaign' | 'adSet' | 'ad') => weighted([6, pick(ref(kind, network))], [1, pick(...otherNetworks(network).map((n) => ref(kind, n)))]);
	switch (p.name) {
		case 'status':
			return moneyEnum(optionValues(p).length ? optionValues(p) : ['ACTIVE', 'PAUSED']);
		case 'budgetType':
			return moneyEnum(optionValues(p).length ? optionValues(p) : ['daily', 'lifetime']);
		case 'budgetAmount':
		case 'budget':
		case 'dailyBudget':
			return MONEY;
		case 'bidAmount':
			return BID;
		case 'bidStrategy':
			return pick('LOWEST_COST_WITHOUT_CAP', 'TARGET_CPA', 'lowest_cost_without_cap', '');
		case 'validateOnly':
			return BOOLEAN;
		case 'idempotencyKey':
			return OWN_KEYS;
		case 'endDate':
			return pick('', inDays(30), inDays(0.5));
		case 'targeting':
			return p.type === 'json' ? TARGETING : undefined;
		case 'creative':
			return pick('{"headline": "New headline"}', '{}');
		case 'resourceNames':
			return fc.tuple(fc.subarray(RECOMMENDATIONS, { minLength: 1 }), pick('\n', ',', ', ')).map(([names, sep]) => names.join(sep));
		case 'keywords':
			return pick('linen shirt', 'Linen Shirt\nlinen dress', ' linen shirt ', '');
		case 'campaignsJson':
			return fc
				.subarray([...NETWORKS], { minLength: 1 })
				.map((nets) => JSON.stringify(nets.map((n) => ({ campaignId: ref('campaign', n), platform: CONNECTIONS[n].platform }))));
		case 'accountId':
			return weighted([6, pick(own.accountId)], [1, pick(...otherNetworks(network).map((n) => CONNECTIONS[n].accountId))]);
		case 'adAccountId':
			return weighted([6, pick(own.adAccountId)], [1, pick(...otherNetworks(network).map((n) => CONNECTIONS[n].adAccountId))]);
		case 'campaignId':
		case 'existingCampaignId':
			return resource === 'recommendation' ? undefined : weighted([6, objects('campaign')], [1, pick('cmp_rec1', 'cmp_rec5')]);
		case 'adSetId':
			return objects('adSet');
		case 'adId':
			return objects('ad');
		case 'keywordId':
			return pick(ref('keyword', 'searchnet'));
		case 'postId':
			return pick(...[0, 1, 2, 3].map((i) => postIdOf(own.accountId, i)));
		case 'platform':
			return weighted([6, pick(own.platform)], [1, pick(...optionValues(p))], [1, spelled([own.platform])]);
		default:
			break;
	}
	const keep = pick(base ?? p.default);
	switch (p.type) {
		case 'options': {
			const values = optionValues(p);
			return values.length ? weighted([6, keep], [2, pick(...values)], [1, spelled(values)]) : undefined;
		}
		case 'boolean':
			return BOOLEAN;
		case 'number':
			return weighted([4, keep], [1, pick<unknown>(0, -1, 2.5, '3')]);
		case 'string': {
			const text = typeof base === 'string' && base ? base : typeof p.default === 'string' && p.default ? p.default : 'value_1';
			// a required field left empty: n8n does not start the execution at all, which tests nothing
			return weighted([4, pick(text)], [1, pick(` ${text} `, text.toUpperCase(), ...(p.required ? [] : ['']))]);
		}
		default:
			// dates, JSON, lists, multiple choices, fixed collections: as filled in (or left out)
			return undefined;
	}
}

// ---------------------------------------------------------------- cases

/** How a value reaches the node: typed in, as an expression, or from the input item (`$json`; a model's `$fromAI` at the tool door). */
export type Form = 'fixed' | 'expression' | 'item';

export interface Setting {
	/** The field, `collection.field` inside a collection. */
	path: string;
	form: Form;
	/** The value for the first input item, and the second's (`item` form with two items). */
	values: [unknown, unknown];
}

export interface NodeCase {
	resource: string;
	operation: string;
	network: Network;
	settings: Setting[];
	continueOnFail: boolean;
	retryOnFail: boolean;
}

/** The credential's spending caps, as its fields are named. */
export interface CredentialCaps {
	limitSpending: boolean;
	maxDailyBudget: number;
	maxLifetimeBudget: number;
	pausedOnly: boolean;
	maxSpendingCallsPerExecution: number;
}

export const STRICTEST: CredentialCaps = { limitSpending: true, maxDailyBudget: 0, maxLifetimeBudget: 0, pausedOnly: true, maxSpendingCallsPerExecution: 0 };
export const NO_CAPS: CredentialCaps = { ...STRICTEST, limitSpending: false };

export interface FaultCase {
	kind: 'lostAnswer' | 'refused' | 'reset';
	/** The first request with this method meets it. */
	method: 'POST' | 'PUT' | 'PATCH';
}

export interface MoneyCase {
	/** One execution: a workflow whose start hands its items to every Ads node, or a model calling each node as a tool. */
	door: 'workflow' | 'tool';
	items: 1 | 2;
	nodes: NodeCase[];
	caps: CredentialCaps;
	fault?: FaultCase;
	/** The budget of every seeded campaign, ad set and ad: what switching one on spends at (default 20 a day). */
	seededBudget?: { amount: number; type: 'daily' | 'lifetime' };
	/** Recommendations the case seeds (101, 102, …), each of a type with the network's estimate of today's cost and after. */
	recommendations?: Array<{ type: string; base: number; potential: number }>;
	/** A workflow waits after this many Ads nodes (a Wait node, a human review) and resumes from its stored data after 1,000 other executions. */
	waitAfter?: number;
}

const FORM = weighted<Form>([2, pick('fixed')], [1, pick('expression')], [1, pick('item')]);
/** The fields that decide what a request spends, or whether it reaches the API. */
const MONEY_FIELDS = ['status', 'budgetType', 'budgetAmount', 'budget', 'dailyBudget', 'bidAmount', 'bidStrategy', 'validateOnly', 'idempotencyKey', 'targeting', 'resourceNames', 'keywords', 'campaignsJson', 'endDate', 'accountId', 'platform', 'campaignId', 'adId', 'adSetId'];

/**
 * How often a field is set, against left as filled in: the fields that decide what a request
 * spends, or whether it reaches the API, in half the nodes (a budget and Validate Only in two of
 * three: a Budget Type needs a budget, and a dry run is the way around the caps to try); the
 * others, which mostly stop the node before it sends anything, in one in six.
 */
const SET_ODDS: Record<string, [number, number]> = {
	...Object.fromEntries(MONEY_FIELDS.map((name) => [name, [1, 1]])),
	budget: [1, 2],
	budgetAmount: [1, 2],
	validateOnly: [1, 2],
};
/** n8n's own Request Options (batching, proxy, timeouts): not the package's fields. */
const SKIPPED = new Set(['resource', 'operation', 'requestOptions']);

/** A setting of one field, as often as its odds say (else the filled-in value stays, where shrinking goes). */
function settingOf(path: string, name: string, value: fc.Arbitrary<unknown>) {
	return { odds: SET_ODDS[name] ?? [5, 1], value: fc.record({ form: FORM, values: fc.tuple(value, value) }).map(({ form, values }): Setting => ({ path, form, values })) };
}

/** One Ads node of `operation` on `network`: any of its shown fields (and the shown fields of its collections) set. */
const nodeOf = memo((resource: string, operation: string, network: Network): fc.Arbitrary<NodeCase> => {
	const { parameters, shown } = baseOf(resource, operation, network);
	const d = description();
	const settings: Array<ReturnType<typeof settingOf>> = [];
	/** What each field holds as filled in: a setting that types the same changes nothing, and is left out. */
	const filled = new Map<string, unknown>();
	for (const p of shown) {
		if (SKIPPED.has(p.name)) continue;
		if (p.type === 'collection') {
			const seen = new Set<string>();
			for (const child of (p.options ?? []) as INodeProperties[]) {
				if (seen.has(child.name) || !NodeHelpers.displayParameter(parameters, child, { typeVersion: 1 }, d)) continue;
				seen.add(child.name);
				const base = (parameters[p.name] as IDataObject | undefined)?.[child.name];
				filled.set(`${p.name}.${child.name}`, base);
				const value = valueOf(child, base, network, resource);
				if (value) settings.push(settingOf(`${p.name}.${child.name}`, child.name, value));
			}
			continue;
		}
		const given = parameters[p.name];
		const base = isLocator(given) ? given.value : given;
		filled.set(p.name, base);
		const value = valueOf(p, base, network, resource);
		if (value) settings.push(settingOf(p.name, p.name, value));
	}
	const changes = (s: Setting) => !(s.form === 'fixed' && JSON.stringify(s.values[0]) === JSON.stringify(filled.get(s.path)));
	// Continue On Fail on in three nodes of four: off, a refused node ends the execution before the nodes after it
	const continueOnFail = weighted([3, fc.constant(true)], [1, fc.constant(false)]);
	return fc.record({ settings: someOf(settings), continueOnFail, retryOnFail: fc.boolean() }).map(({ settings: set, continueOnFail: onFail, retryOnFail }) => ({
		resource,
		operation,
		network,
		settings: set.filter(changes),
		continueOnFail: onFail,
		retryOnFail,
	}));
});

const isLocator = (value: unknown): value is { __rl: true; mode: string; value: unknown } => typeof value === 'object' && value !== null && '__rl' in value;

/**
 * Any Ads node: any operation, on any network it works on. An operation is chosen as often as the
 * fields that decide spending it shows (one more, so that each is chosen), three times as often
 * when it writes (its request is not a GET): Campaign → Create about once in twenty nodes, a read
 * once in two hundred.
 */
export function anyAdsNode(): fc.Arbitrary<NodeCase> {
	return fc.oneof(...weightedOperations().map((o) => ({ weight: o.weight, arbitrary: fc.oneof(...o.networks.map((n) => nodeOf(o.resource, o.operation, n))) })));
}

/** Each Ads operation with how often a node is one (anyAdsNode). */
export const weightedOperations = () => adsOperations().map((o) => ({ ...o, weight: (1 + moneyFieldsOf(o.resource, o.operation)) * (o.method === 'GET' ? 1 : 3) }));

/** How many of the fields that decide spending an operation shows (on its first network), its collections' included. */
function moneyFieldsOf(resource: string, operation: string): number {
	const network = networksOf(resource, operation)[0];
	const { parameters, shown } = baseOf(resource, operation, network);
	const names = shown.flatMap((p) =>
		p.type === 'collection' ? ((p.options ?? []) as INodeProperties[]).filter((c) => NodeHelpers.displayParameter(parameters, c, { typeVersion: 1 }, description())).map((c) => c.name) : [p.name],
	);
	return new Set(names.filter((n) => MONEY_FIELDS.includes(n))).size;
}

/** Caps an owner may set: budgets in and around the values the generator uses, Paused Only either way, 0 to 4 actions. */
export const GIVEN_CAPS: fc.Arbitrary<CredentialCaps> = fc.record({
	limitSpending: fc.constant(true),
	maxDailyBudget: pick(0, 1, 20, 25, 50, 1000),
	maxLifetimeBudget: pick(0, 20, 500, 5000),
	pausedOnly: fc.boolean(),
	maxSpendingCallsPerExecution: fc.integer({ min: 0, max: 4 }),
});

const FAULT = sometimes([5, 1], fc.record({ kind: pick<FaultCase['kind']>('lostAnswer', 'refused', 'reset'), method: pick<FaultCase['method']>('POST', 'PUT', 'PATCH') }));

/**
 * 1 to 5 Ads nodes (3.3 on average): five places, each holding a node in two cases of three, so
 * that shrinking can empty any of them (an array shrinks by dropping its first elements, which
 * keeps a node that plays no part when the one that does comes first), before it shrinks the
 * nodes themselves.
 */
const someNodes = memo(() => {
	const node = anyAdsNode();
	return someOf(Array.from({ length: 5 }, () => ({ odds: [1, 2] as [number, number], value: node }))).filter((nodes) => nodes.length > 0);
});

/** The status operations of each kind of object, and where each says the status (issue 67: toggles of one object). */
const STATUS_CHANGES: Array<Array<{ resource: string; operation: string; path: string }>> = [
	[
		{ resource: 'ad', operation: 'setStatus', path: 'status' },
		{ resource: 'ad', operation: 'update', path: 'updateFields.status' },
	],
	[{ resource: 'adSet', operation: 'setStatus', path: 'status' }],
	[
		{ resource: 'campaign', operation: 'setStatus', path: 'status' },
		{ resource: 'campaign', operation: 'bulkSetStatus', path: 'status' },
	],
	[{ resource: 'keyword', operation: 'setStatus', path: 'status' }],
];

/**
 * 2 to 5 status changes of one seeded object (of one network; any of its status operations, one a
 * node), active or paused (active, paused, active…): every switch-on after a pause is a spending action.
 */
const toggleNodes = memo(() =>
	fc.tuple(fc.constantFrom(...NETWORKS), fc.constantFrom(...STATUS_CHANGES)).chain(([chosen, ops]) => {
		const network: Network = ops[0].resource === 'keyword' ? 'searchnet' : chosen;
		const change = fc.record({ op: fc.constantFrom(...ops), status: weighted([4, pick('active', 'paused')], [1, spelled(['active'])]), retryOnFail: fc.boolean() });
		// active, paused, active… in two cases of three (where each switch-on after the first is a new action), else in any order
		return fc.tuple(fc.array(change, { minLength: 2, maxLength: 5 }), weighted([2, fc.constant(true)], [1, fc.constant(false)])).map(([changes, alternate]) =>
			changes.map(({ op, status, retryOnFail }, i): NodeCase => {
				const asked = alternate ? (i % 2 ? 'paused' : 'active') : status;
				return { resource: op.resource, operation: op.operation, network, settings: [{ path: op.path, form: 'fixed', values: [asked, asked] }], continueOnFail: true, retryOnFail };
			}),
		);
	}),
);

/** Budgets of the seeded objects: the usual 20 a day, or around and far above the caps an owner may set. */
const SEEDED_BUDGET = weighted<MoneyCase['seededBudget']>([3, fc.constant(undefined)], [2, pick({ amount: 50, type: 'daily' }, { amount: 501, type: 'daily' }, { amount: 10_000, type: 'daily' }, { amount: 600, type: 'lifetime' })]);
/** Every type the node knows, and ones it does not, each with an estimate of no higher cost as often as of a higher one. */
const RECOMMENDATION_TYPE_NAMES = [...RECOMMENDATION_TYPES.flatMap((row) => row.types), 'SOME_NEW_TYPE', 'TEXT_AD_OPT_OUT'];
const GENERATED_RECOMMENDATION = fc.record({ type: fc.constantFrom(...RECOMMENDATION_TYPE_NAMES), base: fc.integer({ min: 1, max: 100 }), potential: fc.integer({ min: 0, max: 200 }) });

/** Status toggles of one object only (toggleNodes), and a wait between them in one case of two, for moneyCase. */
export const TOGGLES = () => ({ nodes: toggleNodes(), waits: [1, 1] as [number, number] });

/** A case: 1 to 5 Ads nodes in one execution (or 2 to 5 status changes of one object; `nodes` other ones), under `caps`. */
export function moneyCase(
	caps: fc.Arbitrary<CredentialCaps>,
	{ nodes = weighted([4, someNodes()], [1, toggleNodes()]), waits = [3, 1] }: { nodes?: fc.Arbitrary<NodeCase[]>; waits?: [number, number] } = {},
): fc.Arbitrary<MoneyCase> {
	return fc
		.record({
			door: weighted<'workflow' | 'tool'>([3, pick('workflow')], [1, pick('tool')]),
			items: pick<1 | 2>(1, 2),
			nodes,
			caps,
			fault: FAULT,
			seededBudget: SEEDED_BUDGET,
			recommendations: sometimes([1, 1], fc.array(GENERATED_RECOMMENDATION, { minLength: 1, maxLength: GENERATED_RECOMMENDATIONS.length })),
			waitAfter: sometimes(waits, fc.integer({ min: 1, max: 4 })),
		})
		.map(({ fault, seededBudget, recommendations, waitAfter, ...c }) =>
			describedCase({
				...c,
				...(fault ? { fault } : {}),
				...(seededBudget ? { seededBudget } : {}),
				...(recommendations ? { recommendations } : {}),
				// a wait needs Ads nodes on both sides of it, in a workflow
				...(waitAfter !== undefined && c.door === 'workflow' && waitAfter < c.nodes.length ? { waitAfter } : {}),
			}),
		);
}

// ---------------------------------------------------------------- printing

/** A value as it would be typed in an expression (JSON; what JSON cannot say, as JavaScript prints it). */
const literal = (value: unknown) => JSON.stringify(value) ?? String(value);

function settingText(s: Setting, door: MoneyCase['door'], items: number) {
	if (s.form === 'fixed') return `${s.path} = ${literal(s.values[0])}`;
	if (s.form === 'expression') return `${s.path} = ={{ ${literal(s.values[0])} }}`;
	if (door === 'tool') return `${s.path} = $fromAI(…) ← the model gives ${literal(s.values[0])}`;
	return `${s.path} = {{ $json }} ← ${s.values.slice(0, items).map(literal).join(' | ')}`;
}

const capsText = (caps: CredentialCaps) =>
	!caps.limitSpending
		? 'Limit Spending off'
		: `Max Daily Budget ${caps.maxDailyBudget}, Max Lifetime Budget ${caps.maxLifetimeBudget}, Paused Only ${caps.pausedOnly ? 'on' : 'off'}, Max Spending Actions ${caps.maxSpendingCallsPerExecution}`;

/** The case as a person reads it: the caps, how it runs, each node with what was set (the rest as filled in to pass the node's checks). */
export function describeCase(c: MoneyCase): string {
	const lines = [
		`${c.door === 'tool' ? 'an AI agent calling each node as a tool' : `a workflow handing ${c.items} item(s) to each node`}, one execution; caps: ${capsText(c.caps)}`,
		...(c.fault ? [`fault: the first ${c.fault.method} meets ${c.fault.kind}`] : []),
		...(c.seededBudget ? [`the seeded campaigns, ad sets and ads: budget ${c.seededBudget.amount} ${c.seededBudget.type}`] : []),
		...(c.recommendations ?? []).map((r, i) => `recommendation ${GENERATED_RECOMMENDATIONS[i]}: ${r.type}, estimated cost ${r.base} → ${r.potential}`),
		...(c.waitAfter ? [`the execution waits after node ${c.waitAfter} and resumes after 1,000 other executions`] : []),
	];
	c.nodes.forEach((n, i) => {
		const flags = [n.continueOnFail && 'Continue On Fail', n.retryOnFail && 'Retry On Fail'].filter(Boolean).join(', ');
		lines.push(`  node ${i + 1}: ${n.resource} → ${n.operation} on ${n.network}${flags ? ` (${flags})` : ''}`);
		for (const s of n.settings) lines.push(`    ${settingText(s, c.door, c.items)}`);
	});
	return lines.join('\n');
}

function describedCase(c: MoneyCase): MoneyCase {
	return Object.defineProperty(c, fc.toStringMethod, { value: () => `\n${describeCase(c)}\n`, enumerable: false });
}

// ---------------------------------------------------------------- running

const keyOf = (index: number, path: string) => `n${index + 1}_${path.replace(/\W/g, '_')}`;
const aiType = (value: unknown) => (typeof value === 'string' ? 'string' : typeof value === 'number' ? 'number' : typeof value === 'boolean' ? 'boolean' : 'json');

/** A node's parameters for a case (references unresolved), and what its `item` settings put into the items or the model's arguments. */
function parametersOf(n: NodeCase, index: number, door: MoneyCase['door']) {
	const parameters = structuredClone(baseOf(n.resource, n.operation, n.network).parameters) as IDataObject;
	const fromItems: Record<string, [unknown, unknown]> = {};
	for (const s of n.settings) {
		const key = keyOf(index, s.path);
		let value: unknown = s.values[0];
		if (s.form === 'expression') value = `={{ ${literal(s.values[0])} }}`;
		if (s.form === 'item') {
			value = door === 'tool' ? `={{ $fromAI('${key}', '', '${aiType(s.values[0])}') }}` : `={{ $json.${key} }}`;
			fromItems[key] = s.values;
		}
		const [head, child] = s.path.split('.');
		if (child !== undefined) parameters[head] = { ...((parameters[head] as IDataObject | undefined) ?? {}), [child]: value } as IDataObject;
		else parameters[head] = (isLocator(parameters[head]) ? { ...parameters[head], value } : value) as IDataObject;
	}
	return { parameters, fromItems };
}

/** Hands its input items on: the start of a case's workflow, connected to every Ads node. */
const START_TYPE: INodeType = {
	description: {
		displayName: 'Start',
		name: 'moneyStart',
		group: ['input'],
		version: 1,
		description: 'Hands its input items on',
		defaults: { name: 'Start' },
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		properties: [],
	},
	async execute() {
		return [this.getInputData()];
	},
};

/** Puts the execution to wait, as n8n's Wait node does for a long wait (or a human review). */
const WAIT_TYPE: INodeType = {
	description: { ...START_TYPE.description, displayName: 'Wait', name: 'moneyWait', description: 'Waits', defaults: { name: 'Wait' } },
	async execute(this: IExecuteFunctions) {
		await this.putExecutionToWait(new Date(Date.now() + 3_600_000));
		return [this.getInputData()];
	},
};

/** What 1,000 other executions leave in this process: each one's count, the oldest forgotten first. */
function otherExecutions() {
	for (let i = 0; i < 1000; i++) countedCalls(spendContext(`money-other-${i}`), 'maxSpendingCallsPerExecution');
}

const firstError = (json: IDataObject[]) => {
	const error = json.find((j) => j.error !== undefined)?.error;
	return error === undefined ? '' : `, error: ${typeof error === 'string' ? error : JSON.stringify(error)}`;
};

const FAULTS: Record<FaultCase['kind'], Fault> = { lostAnswer: { type: 'lostAnswer' }, refused: { type: 'status', status: 503 }, reset: { type: 'reset' } };

let executions = 0;

export interface CaseRun {
	/** The books' entries the execution wrote. */
	entries: BookEntry[];
	/** The requests the API received, with the status it answered. */
	requests: Array<{ method: string; path: string; status?: number; body: unknown }>;
	/** What each node gave: how many items, and the first error (an error item's or the one that stopped it). */
	outcomes: string[];
}

/** Runs a case through n8n-core against a fresh fake API with the world seeded, and reads the books. */
export async function runCase(c: MoneyCase): Promise<CaseRun> {
	const api = await startFakeApi();
	try {
		const ids = seedWorld(api, c);
		const resolve = <T>(value: T): T => JSON.parse(JSON.stringify(value).replace(REFERENCE, (whole) => ids.get(whole) ?? whole)) as T;
		const credentials: Credentials = {
			apiKey: KEYS.full,
			baseUrl: api.url,
			...c.caps,
			...Object.assign({}, ...c.nodes.map((n) => credentialFieldsOf(NODE, n.resource, n.operation))),
		};
		const built = c.nodes.map((n, i) => ({ name: `Ads ${i + 1}`, node: n, ...parametersOf(n, i, c.door) }));
		const settings = (n: NodeCase): Partial<INode> => ({
			...(n.continueOnFail ? { onError: 'continueRegularOutput' as const } : {}),
			// n8n reads a wait of 0 as its default, 1000 ms
			...(n.retryOnFail ? { retryOnFail: true, maxTries: 2, waitBetweenTries: 1 } : {}),
		});
		if (c.fault) api.injectFault(FAULTS[c.fault.kind], 1, { method: c.fault.method });
		const mark = api.books.mark();
		const outcomes: string[] = [];
		/**
		 * n8n refuses to start an execution whose nodes have issues (a required field left empty),
		 * and stops one when a regular expression of its own outlasts its 250 ms watchdog
		 * (n8n-workflow safe-regex.js: a garbage collection on a busy machine is enough): the books
		 * are read as always.
		 */
		const refusedByN8n = async <T>(running: Promise<T>): Promise<T | undefined> => {
			try {
				return await running;
			} catch (error) {
				if (!(error instanceof WorkflowHasIssuesError) && (error as Error).message !== 'Regular expression execution timed out') throw error;
				outcomes.push(`n8n did not run it: ${(error as Error).message}`);
				return undefined;
			}
		};
		const executionId = `money-${++executions}`;
		if (c.door === 'tool') {
			const calls = built.map((b) => ({
				name: b.name.replace(' ', '_'),
				parameters: resolve(b.parameters as INodeParameters),
				args: resolve(Object.fromEntries(Object.entries(b.fromItems).map(([key, values]) => [key, values[0]])) as IDataObject),
				settings: settings(b.node),
			}));
			const answers = await refusedByN8n(runToolCalls({ node: NODE, credentials, calls, executionId }));
			if (answers) outcomes.push(...answers.map((a) => a.error ?? `${a.response?.length ?? 0} item(s)${firstError(a.response ?? [])}`));
		} else {
			const items: INodeExecutionData[] = Array.from({ length: c.items }, (_, k) => ({
				json: resolve(Object.fromEntries(built.flatMap((b) => Object.entries(b.fromItems).map(([key, values]) => [key, values[k]]))) as IDataObject),
			}));
			const nodes = built.map((b, i) => ({ ...ourNode(b.name, NODE, resolve(b.parameters as INodeParameters), i + 1), ...settings(b.node) }));
			const start: INode = { id: 'id-start', name: 'Start', type: 'moneyStart', typeVersion: 1, position: [0, 0], parameters: {} };
			const to = (list: INode[]) => [list.map((n) => ({ node: n.name, type: 'main' as const, index: 0 }))];
			// with a wait: the start hands its items to the nodes before it and to the Wait, which hands them to the others once resumed
			const wait: INode = { id: 'id-wait', name: 'Wait', type: 'moneyWait', typeVersion: 1, position: [0, 200], parameters: {} };
			const connections: IConnections = c.waitAfter
				? { Start: { main: [[...to(nodes.slice(0, c.waitAfter))[0], { node: 'Wait', type: 'main', index: 0 }]] }, Wait: { main: to(nodes.slice(c.waitAfter)) } }
				: { Start: { main: to(nodes) } };
			const spec = { id: 'wf-money', nodes: [start, ...(c.waitAfter ? [wait] : []), ...nodes], connections, types: { moneyStart: START_TYPE, moneyWait: WAIT_TYPE } };
			const begin = { credentials, executionId, startNode: 'Start', mode: 'manual' as const };
			let run: IRun | undefined = await refusedByN8n(fromDelivery(spec, items, begin));
			if (run?.data.waitTill) {
				otherExecutions();
				run = await refusedByN8n(resume(spec, run, begin));
			}
			for (const n of nodes) {
				if (!run) break;
				const { json, error } = outputOf(run, n.name);
				outcomes.push(error ? `stopped: ${error.message}` : run.data.resultData.runData[n.name] ? `${json.length} item(s)${firstError(json)}` : 'did not run');
			}
		}
		return { entries: api.books.since(mark), requests: api.requests.map(({ method, path, status, body }) => ({ method, path, status, body })), outcomes };
	} finally {
		await api.close();
	}
}

/** A failure: what went wrong, what the books got, what the API received (the bodies of what was not a read), what each node gave, and the case. */
export function failureText(headline: string, run: CaseRun, c: MoneyCase): string {
	const requests = run.requests.map((q) => `  ${q.method} ${q.path} → ${q.status ?? 'no answer'}${q.method === 'GET' ? '' : ` ${JSON.stringify(q.body)}`}`);
	const outcomes = run.outcomes.map((o, i) => `  node ${i + 1}: ${o.replace(/\n+/g, ' ')}`);
	return [headline, 'What the books got:', entriesText(run.entries), 'What the API received:', ...requests, 'What the nodes gave:', ...outcomes, 'The case:', describeCase(c)].join('\n');
}

/** Book entries one a line, for a failure message. */
export const entriesText = (entries: readonly BookEntry[]) =>
	entries
		.map((e) => {
			const what = [e.status && `status ${e.status}`, e.budget && `budget ${e.budget.amount} ${e.budget.type}`, e.activeBudget && `spends at ${e.activeBudget.amount} ${e.activeBudget.type}`, e.bid && `bid ${JSON.stringify(e.bid)}`, e.keywords && `keywords ${JSON.stringify(e.keywords)}`, e.recommendation && `recommendation ${e.recommendation.type}`]
				.filter(Boolean)
				.join(', ');
			return `  ${e.kind} ${e.object} ${e.id} by ${e.method} ${e.path}${what ? `: ${what}` : ''}`;
		})
		.join('\n');
