import { FakeApi, type FakeApiOptions, type Fault, type FaultRate, type Realistic } from './core';
import { registerAds, type AdsService } from './ads';
import { registerAudiences, type Audience } from './audiences';
import type { Books } from './books';
import { registerCommerce, type CommerceService } from './commerce';
import { Keywords, registerKeywords } from './keywords';
import { registerMeasurement, type ConversionsReceived } from './measurement';
import { demoScript, registerOpenAi, type ScriptedModel } from './openai';
import type { AssistantTurn } from './openaiConversation';
import { hasPost, registerPosts } from './posts';
import { registerRecommendations, type Recommendations } from './recommendations';
import { registerTargeting } from './targeting';
import { registerWebhooks, type WebhookDialect, type WebhookService } from './webhooks';

export { FAULT_KINDS, FakeApi, parseFixedWindow, REALISTIC, ReplyWith, type FakeApiStats, type Fault, type FaultKind, type FaultRate, type Realistic, type RecordedRequest } from './core';
export { ApiError } from './errors';
export { BOOK_KINDS, breaches, summarise, type BookCaps, type BookEntry, type BookKind, type Books } from './books';
export { postIdOf, postsOf, rankPosts } from './posts';
export { signBody, signTimestamped, TIMESTAMPED_HEADER, WEBHOOK_DIALECTS, webhookDialect, type WebhookDialect } from './webhooks';

/** Keys every fake API starts with. */
export const KEYS = {
	/** Every scope, ads add-on. */
	full: 'sk_test_full_0123456789',
	readOnly: 'sk_test_readonly_0123456789',
	noAds: 'sk_test_noads_0123456789',
	/** pages.read only. */
	pagesRead: 'sk_test_pagesread_0123456789',
} as const;

export interface FakeApiServer extends FakeApi {
	webhooks: WebhookService;
	commerce: CommerceService;
	ads: AdsService;
	/** Custom audiences by id, with the people matched (fake-api/audiences.ts). */
	audiences: Map<string, Audience>;
	/** Conversion events received (fake-api/measurement.ts). */
	conversions: ConversionsReceived;
	/** searchnet keywords by id (fake-api/keywords.ts). */
	keywords: Keywords;
	/** searchnet recommendations by resource name, and what applying them changed (fake-api/recommendations.ts). */
	recommendations: Recommendations;
	/** An OpenAI-compatible chat model with scripted answers, under /openai/v1. */
	openai: ScriptedModel;
	/** What the API did to spending, append-only (fake-api/books.ts): what tests of money read. */
	books: Books;
}

/** The fake API's own options beside FakeApiOptions: the port and the deliveries' dialect (fake-api/webhooks.ts WEBHOOK_DIALECTS; default plain). */
export type StartOptions = FakeApiOptions & { port?: number; webhookDialect?: WebhookDialect };

/** Creates the fake API with every module registered and starts it on 127.0.0.1 (random port by default). */
export async function startFakeApi(options: StartOptions = {}): Promise<FakeApiServer> {
	const api = createFakeApi(options);
	await api.listen(options.port ?? 0);
	return api;
}

/** The fake API with its keys, store accounts and every module registered, not listening (its routes can be read: `routeList`). */
export function createFakeApi(options: StartOptions = {}): FakeApiServer {
	const api = new FakeApi(options) as FakeApiServer;
	api.addKey(KEYS.full);
	api.addKey(KEYS.readOnly, { readOnly: true, scopes: ['pages.read', 'navigation.read', 'metaobjects.read'] });
	api.addKey(KEYS.noAds, { ads: false });
	api.addKey(KEYS.pagesRead, { scopes: ['pages.read'] });
	api.addStoreAccount('store_hosted', 'hostedstore');
	api.addStoreAccount('store_plugin', 'pluginstore');

	api.webhooks = registerWebhooks(api, options.webhookDialect);
	api.commerce = registerCommerce(api);
	// the ads modules read AdsService; it asks two of them through the neighbours given here
	const keywords = new Keywords(api);
	api.ads = registerAds(api, {
		hasPost,
		addKeywords: (ad, texts) => void keywords.seed(ad.accountId, ad.platformCampaignId, ad.platformAdSetId, texts),
	});
	api.keywords = keywords;
	registerKeywords(api, api.ads, keywords);
	api.audiences = registerAudiences(api, api.ads);
	registerPosts(api, api.ads);
	registerTargeting(api, api.ads);
	api.conversions = registerMeasurement(api, api.ads);
	api.recommendations = registerRecommendations(api, api.ads, keywords);
	api.books = api.ads.books;
	api.openai = registerOpenAi(api);

	api.control('fault', (body) => {
		api.injectFault(body.fault as Fault, (body.count as number) ?? 1);
		return { ok: true };
	});
	api.control('clock', (body) => {
		api.advanceClock(Number(body.advanceMs ?? 0));
		return { now: api.now().toISOString() };
	});
	// fixed turns for the scripted model ({"turns": [...]}); no turns: back to the demo script
	api.control('openai-script', (body) => {
		api.openai.script = (body.turns as AssistantTurn[] | undefined) ?? demoScript();
		return { turns: api.openai.script.length };
	});
	// realistic mode from outside the process: {"realistic": true | false | {ratePerSecond, burst, latencyMs, jitterMs, fixedWindow: {requests, seconds}},
	// "faults": 0.05 | {rate, mix, slowMs, seed} | false, "resetStats": true}; answers the modes and the stats
	api.control('realistic', (body) => {
		if (body.realistic !== undefined) api.setRealistic(body.realistic as boolean | Partial<Realistic>);
		if (body.faults !== undefined) api.setFaults(body.faults as FaultRate | number | false);
		if (body.resetStats) api.resetStats();
		return { realistic: api.realistic ?? false, faults: api.faultRate ?? false, stats: api.stats };
	});
	api.control('requests', () => ({ requests: api.requests.map(({ headers: _h, ...r }) => r) }));
	api.control('books', () => ({ entries: api.books.entries }));
	// the audiences (their people counted) and the conversions received
	api.control('ads-extras', () => ({
		audiences: [...api.audiences.values()].map((a) => ({ ...a, matched: a.matched.size })),
		conversions: api.conversions,
	}));
	return api;
}
