/**
 * The books: what the fake API did to spending. One entry per effect of an accepted request, in
 * the order they happened; entries are frozen and never removed (an append-only ledger). Tests of
 * money read these rather than what the node says it sent or declares.
 *
 * An accepted request writes an entry when it leaves something able to spend more:
 * - `create`: an ad (POST /v1/ads/create, /boost, /messaging, /call; with its campaign and ad set)
 *   or a campaign (POST /v1/ads/campaigns, `validateOnly` ignored outside socialnet and chatnet),
 *   with the status and budget it was created with;
 * - `activate`: a campaign (with its ad sets), ad set, ad or keyword moved to active, with the
 *   budget it then spends at (`activeBudget`; a keyword has none); a microblog ad's line item
 *   switched on with the ad is its own entry, `partOf` the ad's change;
 * - `budget`: a budget raised, set where there was none, or its type changed;
 * - `bid`: a bid strategy changed, or a bid amount set or raised;
 * - `keywords`: keywords added that bid (not negative): Keyword → Add, PUT /v1/ads/{adId} with
 *   `targeting.keywords` on searchnet, a KEYWORD recommendation.
 * An applied recommendation writes what it changed under these kinds, with `recommendation` set.
 * Nothing is written for a Validate Only dry run, a repeat answered from an earlier
 * Idempotency-Key, a refused request, a pause, a lower budget or a read.
 *
 * Use: `api.books` (FakeApiServer), e.g.
 *   const mark = api.books.mark();  …run the node…  const done = api.books.since(mark);
 *   expect(done).toEqual([]);                         // the books did not change
 *   expect(breaches(done, caps)).toEqual([]);         // within these caps
 *   summarise(done) → {effects, actions, kinds: {create, …}, maxBudget: {daily, lifetime}, active}
 */

export const BOOK_KINDS = ['create', 'activate', 'budget', 'bid', 'keywords'] as const;
export type BookKind = (typeof BOOK_KINDS)[number];

export interface Budget {
	amount: number;
	type: string;
}

export interface BookEntry {
	kind: BookKind;
	/** The accepted request that did it, and its number (1, 2, …; entries of one request share it). */
	method: string;
	path: string;
	request: number;
	/** What it changed: a keyword entry of `keywords` names the ad set they were added to. */
	object: 'campaign' | 'adSet' | 'ad' | 'keyword';
	id: string;
	accountId: string;
	adAccountId: string;
	/** create: the status it was created with; activate: active. */
	status?: 'active' | 'paused';
	/** create, budget: the budget it has now. */
	budget?: Budget;
	/** activate: the budget it spends at once switched on (an ad, ad set or campaign that has one), for the budget caps. */
	activeBudget?: Budget;
	/** activate, budget, bid: what it was before. */
	before?: unknown;
	bid?: { strategy?: string; amount?: number };
	/** keywords (and a searchnet create): the texts that bid. */
	keywords?: string[];
	recommendation?: { resourceName: string; type: string };
	/** Switched as part of another object's change (a microblog ad's line item): one action with it. */
	partOf?: { object: 'ad'; id: string };
}

type Written = Omit<BookEntry, 'method' | 'path' | 'request'>;

export class Books {
	private readonly list: BookEntry[] = [];

	private readonly numbers = new WeakMap<object, number>();

	private requests = 0;

	/** Every entry, oldest first. */
	get entries(): readonly BookEntry[] {
		return this.list;
	}

	/** A point in the books, for `since`. */
	mark(): number {
		return this.list.length;
	}

	/** The entries written after `mark`. */
	since(mark: number): BookEntry[] {
		return this.list.slice(mark);
	}

	/** Records an effect of `request` (the route's recorded request). */
	write(request: { method: string; path: string }, entry: Written) {
		let number = this.numbers.get(request);
		if (number === undefined) this.numbers.set(request, (number = ++this.requests));
		this.list.push(Object.freeze({ ...entry, method: request.method, path: request.path, request: number }));
	}
}

/** Whether `after` can spend more than `before`: none before, another type, or a higher amount. */
export const raisesBudget = (before: Budget | undefined, after: Budget) => !before || before.type !== after.type || after.amount > before.amount;

/** Whether a bid change can spend more: another strategy, or an amount set where there was none, or raised. */
export const raisesBid = (before: { strategy?: string; amount?: number }, sent: { bidStrategy?: string; bidAmount?: number }) =>
	Boolean(sent.bidStrategy && sent.bidStrategy !== before.strategy) || (sent.bidAmount !== undefined && (before.amount === undefined || sent.bidAmount > before.amount));

/** The caps of a Storefront API credential, as its fields are named. */
export interface BookCaps {
	maxDailyBudget: number;
	maxLifetimeBudget: number;
	pausedOnly: boolean;
	maxSpendingCallsPerExecution: number;
}

const activates = (e: BookEntry) => e.kind === 'activate' || (e.kind === 'create' && e.status === 'active');

/**
 * What entries add up to: `effects` (entries), `actions` (distinct request and object: one call
 * that raises a budget and activates one ad is one, and so is a microblog ad switched on with its
 * line item; a bulk call activating three campaigns is three),
 * how many of each kind, the largest budget of each type, and whether anything was left active.
 */
export function summarise(entries: readonly BookEntry[]) {
	const kinds = Object.fromEntries(BOOK_KINDS.map((k) => [k, 0])) as Record<BookKind, number>;
	const maxBudget = { daily: 0, lifetime: 0 };
	for (const e of entries) {
		kinds[e.kind] += 1;
		if (!e.budget) continue;
		const type = e.budget.type === 'lifetime' ? 'lifetime' : 'daily';
		maxBudget[type] = Math.max(maxBudget[type], e.budget.amount);
	}
	const actions = new Set(entries.map((e) => `${e.request}|${e.partOf?.object ?? e.object}|${e.partOf?.id ?? e.id}`)).size;
	return { effects: entries.length, actions, kinds, maxBudget, active: entries.some(activates) };
}

/** What in `entries` goes beyond `caps`, one line each; empty when they are within them. */
export function breaches(entries: readonly BookEntry[], caps: BookCaps): string[] {
	const found: string[] = [];
	for (const e of entries) {
		const where = `${e.kind} by ${e.method} ${e.path} (${e.object} ${e.id})`;
		const budget = e.budget ?? e.activeBudget;
		if (budget) {
			const cap = budget.type === 'lifetime' ? caps.maxLifetimeBudget : caps.maxDailyBudget;
			if (budget.amount > cap) found.push(`${where}: ${budget.type} budget ${budget.amount} over the cap of ${cap}`);
		}
		if (caps.pausedOnly && activates(e)) found.push(`${where}: left active under Paused Only`);
	}
	const { actions } = summarise(entries);
	if (actions > caps.maxSpendingCallsPerExecution) found.push(`${actions} spending actions, over the cap of ${caps.maxSpendingCallsPerExecution}`);
	return found;
}
