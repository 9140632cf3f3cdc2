import { createHash } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ZodType } from 'zod';

import { ApiError } from './errors';

/**
 * The core of the fake Storefront API: routing, auth and scopes, zod validation,
 * request recording, fault injection and Idempotency-Key handling. Resource
 * modules (webhooks, commerce, ads) register their endpoints with `route()`.
 */

export interface ApiKey {
	key: string;
	/** '*' grants every scope. */
	scopes: string[] | '*';
	readOnly: boolean;
	ads: boolean;
}

export interface StoreAccount {
	id: string;
	platform: 'hostedstore' | 'pluginstore';
}

export interface RecordedRequest {
	method: string;
	path: string;
	query: Record<string, string | string[]>;
	headers: http.IncomingHttpHeaders;
	body: unknown;
	rawBody: string;
	status?: number;
	/** Headers of the answer (e.g. the Retry-After of a 429), to assert what the API said. */
	replyHeaders?: Record<string, string>;
	/** The status the endpoint itself gave, before an injected fault replaced the answer (a lost answer). */
	handledStatus?: number;
	/** Answered from the Idempotency-Key store: a resend that did nothing new. */
	replayed?: boolean;
	/** When it arrived and when it was answered (ms since the epoch). */
	at?: number;
	answeredAt?: number;
}

export type Fault =
	/** An error answer, nothing handled (`retryAfter`: with a Retry-After header). */
	| { type: 'status'; status: number; retryAfter?: number }
	| { type: 'rateLimit'; retryAfter: number }
	| { type: 'delay'; ms: number }
	/** Handled at once, answered after `ms` (longer than the client waits: the answer is lost). */
	| { type: 'slow'; ms: number }
	| { type: 'malformed' }
	/** Handle the request (state changes) but destroy the socket instead of answering. */
	| { type: 'dropResponse' }
	/** Handle the request (state changes), then answer 503: the work is done and the answer lost. */
	| { type: 'lostAnswer' }
	/** A proxy in front of the API: 502 with an HTML body, nothing handled. */
	| { type: 'proxy502' }
	/** The connection is reset before anything is handled. */
	| { type: 'reset' };

/**
 * Transient faults at a rate (opt-in): each request's first attempt faults with probability
 * `rate`, decided by a hash of the seed and the request (method, path, query, body), so a run
 * is the same whatever the order or timing of its requests, and a resend of the same request
 * succeeds (what the issue of a flaky API looks like: one stumble, then it works).
 */
export interface FaultRate {
	/** Share of first attempts that fault, 0 to 1. */
	rate: number;
	/** Relative weights of the kinds (default: lostAnswer, refused, proxy502, reset equally; slow 0). */
	mix?: Partial<Record<FaultKind, number>>;
	/** How long a `slow` answer takes (longer than the client's timeout), ms. */
	slowMs?: number;
	/** Changes which requests fault. */
	seed?: string;
}

/** lostAnswer: handled, then 503; refused: 503 with Retry-After, nothing handled; proxy502: 502 HTML, nothing handled; reset: socket destroyed, nothing handled; slow: handled, answered after slowMs. */
export const FAULT_KINDS = ['lostAnswer', 'refused', 'proxy502', 'reset', 'slow'] as const;
export type FaultKind = (typeof FAULT_KINDS)[number];

const DEFAULT_MIX: Record<FaultKind, number> = { lostAnswer: 1, refused: 1, proxy502: 1, reset: 1, slow: 0 };

export interface FaultMatch {
	method?: string;
	path?: string | RegExp;
}

interface FaultEntry {
	fault: Fault;
	remaining: number;
	match?: FaultMatch;
}

export interface Reply {
	status?: number;
	body?: unknown;
	headers?: Record<string, string>;
}

export interface RouteContext<Q = Record<string, unknown>, B = Record<string, unknown>> {
	params: Record<string, string>;
	query: Q;
	body: B;
	key: ApiKey;
	request: RecordedRequest;
	api: FakeApi;
}

export interface RouteOptions<Q, B> {
	// eslint-disable-next-line @typescript-eslint/no-explicit-any
	query?: ZodType<Q, any, any>;
	// eslint-disable-next-line @typescript-eslint/no-explicit-any
	body?: ZodType<B, any, any>;
	/** Scope the key must carry. */
	scope?: string;
	/** Needs the ads add-on (402 otherwise). */
	ads?: boolean;
	/** Connects an account: refused for read-only keys. */
	connecting?: boolean;
	/** Refused (422 hosted_only) for a pluginstore account. */
	hostedOnly?: boolean;
	/** Status of a successful answer (default 200). */
	status?: number;
	/** false: no Storefront key is checked (the OpenAI-compatible routes check their own). */
	auth?: false;
}

type Handler<Q, B> = (ctx: RouteContext<Q, B>) => unknown | Promise<unknown>;

interface Route {
	method: string;
	pattern: RegExp;
	names: string[];
	template: string;
	options: RouteOptions<unknown, unknown>;
	handler: Handler<unknown, unknown>;
}

interface IdempotentResult {
	bodyHash: string;
	status: number;
	body: unknown;
	at: number;
}

/**
 * Realistic mode (opt-in): a per-key token bucket answering 429 `rate_limited` with the
 * seconds until the next token in `Retry-After`, and a latency with jitter on every answer.
 */
export interface Realistic {
	/** Requests per second per API key (the bucket's refill). */
	ratePerSecond: number;
	/** Requests a key may send at once after being idle (the bucket's size). */
	burst: number;
	/** Added to every answer, ± `jitterMs` (uniform). */
	latencyMs: number;
	jitterMs: number;
	/** `X-RateLimit-Limit`, `-Remaining` and `-Reset` (seconds until the next request is allowed) on every answer (docs/reference/contract.md). */
	headers: boolean;
	/**
	 * A fixed window instead of the token bucket: `requests` per `seconds` per key, the windows
	 * aligned to the clock (as the live service counts), `Reset` the whole seconds to the window's
	 * end and a 429's `Retry-After` the same.
	 */
	fixedWindow?: { requests: number; seconds: number };
}

/** A fixed window from its short form, `100/10s` (or `100/10`): undefined when it is not one. */
export function parseFixedWindow(text: string): { requests: number; seconds: number } | undefined {
	const match = /^(\d+)\/(\d+(?:\.\d+)?)s?$/.exec(text.trim());
	if (!match || Number(match[1]) < 1 || Number(match[2]) <= 0) return undefined;
	return { requests: Number(match[1]), seconds: Number(match[2]) };
}

/** The figures of realistic mode (docs/reliability.md, "Rate limits"): a burst of 20 outlasts a 1 s Retry-After at 10/s, so a client that honours it loses no capacity. */
export const REALISTIC: Realistic = { ratePerSecond: 10, burst: 20, latencyMs: 80, jitterMs: 20, headers: true };

/** What realistic mode observed since the last `resetStats()`. */
export interface FakeApiStats {
	/** 429 answers of the rate limit (injected faults not counted). */
	rateLimited: number;
	/** Most API requests being handled at the same moment. */
	peakInFlight: number;
	/** Faults the fault rate injected, by kind. */
	faults: Record<FaultKind, number>;
	/** Requests answered from the Idempotency-Key store (a resend with the same key and body). */
	idempotentReplays: number;
}

const noFaults = () => Object.fromEntries(FAULT_KINDS.map((k) => [k, 0])) as Record<FaultKind, number>;

export interface FakeApiOptions {
	/** Rate limit and latency (true: the figures of REALISTIC). Default off: fast, for the test suite. */
	realistic?: boolean | Partial<Realistic>;
	/** Accept http://127.0.0.1 and http://localhost webhook URLs (the real API requires HTTPS). */
	allowHttpLocalhost?: boolean;
	/** Timeout of a webhook delivery, in ms (docs/reference/contract.md says 10 s). */
	deliveryTimeoutMs?: number;
	/** Transient faults at a rate (a number: the rate with the default mix). Default off. */
	faults?: number | FaultRate | false;
}

/** The key of routes registered with `auth: false`: no scope, no ads. */
const ANONYMOUS: ApiKey = { key: '', scopes: [], readOnly: true, ads: false };

export class FakeApi {
	readonly keys = new Map<string, ApiKey>();

	readonly storeAccounts = new Map<string, StoreAccount>();

	readonly requests: RecordedRequest[] = [];

	readonly options: Required<Omit<FakeApiOptions, 'realistic' | 'faults'>>;

	private readonly routes: Route[] = [];

	private readonly faults: FaultEntry[] = [];

	private readonly idempotency = new Map<string, IdempotentResult>();

	private readonly idempotencyRunning = new Map<string, Promise<{ bodyHash: string; result: Reply & { status: number } }>>();

	private server?: http.Server;

	realistic?: Realistic;

	readonly stats: FakeApiStats = { rateLimited: 0, peakInFlight: 0, faults: noFaults(), idempotentReplays: 0 };

	faultRate?: FaultRate;

	/** How often each request (by its fault fingerprint) has arrived: only its first arrival may fault. */
	private readonly seen = new Map<string, number>();

	private inFlight = 0;

	private readonly buckets = new Map<string, { tokens: number; at: number }>();

	/** Fixed-window mode: each key's window (its start, ms) and what it has used. */
	private readonly windows = new Map<string, { start: number; used: number }>();

	private clockOffsetMs = 0;

	private lastTime = 0;

	private idCounter = 0;

	url = '';

	constructor(options: FakeApiOptions = {}) {
		this.options = {
			allowHttpLocalhost: options.allowHttpLocalhost ?? true,
			deliveryTimeoutMs: options.deliveryTimeoutMs ?? 10_000,
		};
		this.setRealistic(options.realistic ?? false);
		this.setFaults(options.faults ?? false);
	}

	/** Turns the fault rate on (a rate, or the rate with its mix, seed and slowness) or off. */
	setFaults(faults: number | FaultRate | false) {
		this.faultRate = faults === false || faults === 0 ? undefined : typeof faults === 'number' ? { rate: faults } : { ...faults };
		this.seen.clear();
	}

	/** Turns realistic mode on (true: REALISTIC; an object overrides some figures) or off, with full buckets. */
	setRealistic(realistic: boolean | Partial<Realistic>) {
		this.realistic = realistic === false ? undefined : { ...REALISTIC, ...(realistic === true ? {} : realistic) };
		this.buckets.clear();
		this.windows.clear();
	}

	resetStats() {
		this.stats.rateLimited = 0;
		this.stats.peakInFlight = this.inFlight;
		this.stats.faults = noFaults();
		this.stats.idempotentReplays = 0;
	}

	// ---- configuration -------------------------------------------------------

	addKey(key: string, config: Partial<Omit<ApiKey, 'key'>> = {}) {
		this.keys.set(key, {
			key,
			scopes: config.scopes ?? '*',
			readOnly: config.readOnly ?? false,
			ads: config.ads ?? true,
		});
		return key;
	}

	revokeKey(key: string) {
		this.keys.delete(key);
	}

	addStoreAccount(id: string, platform: StoreAccount['platform']) {
		this.storeAccounts.set(id, { id, platform });
	}

	/** The next `count` matching calls answer with this fault. */
	injectFault(fault: Fault, count = 1, match?: FaultMatch) {
		this.faults.push({ fault, remaining: count, match });
	}

	clearFaults() {
		this.faults.length = 0;
	}

	/** Moves the server's clock (for retention, retries and stale timestamps). */
	advanceClock(ms: number) {
		this.clockOffsetMs += ms;
	}

	/** Strictly increasing "now", so cursors built on timestamps never tie. */
	now(): Date {
		let t = Date.now() + this.clockOffsetMs;
		if (t <= this.lastTime) t = this.lastTime + 1;
		this.lastTime = t;
		return new Date(t);
	}

	nextId(prefix: string) {
		this.idCounter += 1;
		return `${prefix}${this.idCounter.toString().padStart(6, '0')}`;
	}

	route<Q = Record<string, string>, B = Record<string, unknown>>(
		method: string,
		template: string,
		options: RouteOptions<Q, B>,
		handler: Handler<Q, B>,
	) {
		const names: string[] = [];
		const source = template.replace(/:([A-Za-z]+)/g, (_m, name: string) => {
			names.push(name);
			return '([^/]+)';
		});
		this.routes.push({
			method,
			pattern: new RegExp(`^${source}$`),
			names,
			template,
			options: options as RouteOptions<unknown, unknown>,
			handler: handler as Handler<unknown, unknown>,
		});
	}

	// ---- inspection ----------------------------------------------------------

	/** Every route registered, in order: its method, its path (`:name` for a path value) and what a key needs to call it. */
	routeList(): Array<{ method: string; template: string } & Pick<RouteOptions<unknown, unknown>, 'scope' | 'ads' | 'connecting'>> {
		return this.routes.map(({ method, template, options: { scope, ads, connecting } }) => ({ method, template, scope, ads, connecting }));
	}

	/** Requests to the API proper (control calls are not recorded). */
	lastRequest(): RecordedRequest {
		const last = this.requests[this.requests.length - 1];
		if (!last) throw new Error('the fake API has received no request');
		return last;
	}

	clearRequests() {
		this.requests.length = 0;
	}

	// ---- lifecycle -----------------------------------------------------------

	async listen(port = 0, host = '127.0.0.1') {
		this.server = http.createServer((req, res) => {
			this.handle(req, res).catch((error: unknown) => {
				res.statusCode = 500;
				res.end(JSON.stringify({ error: { code: 'internal_error', message: String(error) } }));
			});
		});
		this.server.keepAliveTimeout = 1000;
		await new Promise<void>((resolve) => this.server!.listen(port, host, resolve));
		const { port: actual } = this.server.address() as AddressInfo;
		this.url = `http://${host}:${actual}`;
		return this.url;
	}

	async close() {
		if (!this.server) return;
		this.server.closeAllConnections();
		await new Promise<void>((resolve) => this.server!.close(() => resolve()));
		this.server = undefined;
	}

	// ---- request handling ----------------------------------------------------

	private async handle(req: http.IncomingMessage, res: http.ServerResponse) {
		const rawBody = await readBody(req);
		const url = new URL(req.url ?? '/', 'http://localhost');
		const query: Record<string, string | string[]> = {};
		for (const name of new Set(url.searchParams.keys())) {
			const all = url.searchParams.getAll(name);
			query[name] = all.length > 1 ? all : all[0];
		}
		const record: RecordedRequest = {
			method: req.method ?? 'GET',
			path: url.pathname,
			query,
			headers: req.headers,
			body: undefined,
			rawBody,
			at: Date.now(),
		};

		if (url.pathname.startsWith('/__control/')) {
			return this.handleControl(record, res);
		}
		this.requests.push(record);
		this.inFlight += 1;
		this.stats.peakInFlight = Math.max(this.stats.peakInFlight, this.inFlight);
		res.once('close', () => (this.inFlight -= 1));

		// realistic mode: the token is taken on arrival, the answer comes after the latency
		const retryAfter = this.takeToken(record);
		if (this.realistic) await sleep(Math.max(0, this.realistic.latencyMs + (Math.random() * 2 - 1) * this.realistic.jitterMs));

		const fault = retryAfter === undefined ? (this.takeFault(record) ?? this.rateFault(record)) : undefined;
		let reply: { status: number; body?: unknown; headers?: Record<string, string> };
		if (fault?.type === 'delay') await sleep(fault.ms);
		if (retryAfter !== undefined) {
			this.stats.rateLimited += 1;
			reply = new ApiErrorReply(
				new ApiError(429, 'rate_limited', this.limitText(), {}, { 'Retry-After': String(retryAfter) }),
			);
		} else if (fault?.type === 'status') {
			const code = fault.status === 503 || fault.status === 502 ? 'unavailable' : 'internal_error';
			const headers: Record<string, string> = fault.retryAfter === undefined ? {} : { 'Retry-After': String(fault.retryAfter) };
			reply = new ApiErrorReply(new ApiError(fault.status, code, 'The service had a problem; try again later', {}, headers));
		} else if (fault?.type === 'rateLimit') {
			reply = new ApiErrorReply(
				new ApiError(429, 'rate_limited', 'Too many requests', {}, { 'Retry-After': String(fault.retryAfter) }),
			);
		} else if (fault?.type === 'malformed') {
			// a broken proxy or a truncated answer: 200 with a body that is not JSON, nothing handled
			reply = { status: 200 };
		} else if (fault?.type === 'proxy502' || fault?.type === 'reset') {
			reply = { status: 502 };
		} else {
			reply = await this.dispatch(record, rawBody);
			record.handledStatus = reply.status;
			record.replayed = reply.headers?.['Idempotent-Replayed'] === 'true';
			// the work is done; the answer is lost on the way back
			if (fault?.type === 'lostAnswer') {
				reply = new ApiErrorReply(new ApiError(503, 'unavailable', 'The service is temporarily unavailable; try again'));
			}
			if (fault?.type === 'slow') await sleep(fault.ms);
		}

		if (this.realistic?.headers && !record.path.startsWith('/openai/')) reply = { ...reply, headers: { ...reply.headers, ...this.rateLimitHeaders(record) } };
		record.status = reply.status;
		record.replyHeaders = reply.headers;
		record.answeredAt = Date.now();
		if (fault?.type === 'dropResponse' || fault?.type === 'reset') {
			req.socket.destroy();
			return;
		}
		if (fault?.type === 'proxy502') {
			res.statusCode = 502;
			res.setHeader('Content-Type', 'text/html');
			res.end('<html><head><title>502 Bad Gateway</title></head><body><center><h1>502 Bad Gateway</h1></center><hr><center>nginx</center></body></html>');
			return;
		}
		res.statusCode = reply.status;
		res.setHeader('Content-Type', 'application/json');
		for (const [name, value] of Object.entries(reply.headers ?? {})) res.setHeader(name, value);
		if (fault?.type === 'malformed') {
			res.end('{"oops": this is not json');
			return;
		}
		res.end(reply.body === undefined ? '' : JSON.stringify(reply.body));
	}

	private limitText() {
		const { fixedWindow, ratePerSecond } = this.realistic!;
		return fixedWindow ? `Rate limit of ${fixedWindow.requests} requests per ${fixedWindow.seconds} seconds exceeded` : `Rate limit of ${ratePerSecond} requests per second exceeded`;
	}

	/** The rate-limit headers of an answer: the bucket's size, the whole tokens left, the seconds until the next one (a fixed window: its size, what is left, the seconds to its end). */
	private rateLimitHeaders(record: RecordedRequest): Record<string, string> {
		const limit = this.realistic!;
		const key = headerValue(record.headers.authorization) ?? '';
		const now = Date.now();
		if (limit.fixedWindow) {
			const { requests, seconds } = limit.fixedWindow;
			const start = windowStart(now, seconds);
			const window = this.windows.get(key);
			const used = window && window.start === start ? window.used : 0;
			return {
				'X-RateLimit-Limit': String(requests),
				'X-RateLimit-Remaining': String(Math.max(0, requests - used)),
				'X-RateLimit-Reset': String(Math.max(1, Math.ceil((start + seconds * 1000 - now) / 1000))),
			};
		}
		const bucket = this.buckets.get(key);
		const tokens = bucket ? Math.min(limit.burst, bucket.tokens + ((now - bucket.at) / 1000) * limit.ratePerSecond) : limit.burst;
		const remaining = Math.floor(tokens);
		return {
			'X-RateLimit-Limit': String(limit.burst),
			'X-RateLimit-Remaining': String(remaining),
			'X-RateLimit-Reset': String(remaining > 0 ? 0 : Math.max(1, Math.ceil((1 - tokens) / limit.ratePerSecond))),
		};
	}

	/**
	 * Realistic mode's token bucket (or fixed window) for the request's key: undefined when a token was taken,
	 * else the whole seconds until the next one (at least 1), for Retry-After. The scripted chat
	 * model is not the Storefront API and is not limited.
	 */
	private takeToken(record: RecordedRequest): number | undefined {
		const limit = this.realistic;
		if (!limit || record.path.startsWith('/openai/')) return undefined;
		const key = headerValue(record.headers.authorization) ?? '';
		const now = Date.now();
		if (limit.fixedWindow) {
			const { requests, seconds } = limit.fixedWindow;
			const start = windowStart(now, seconds);
			let window = this.windows.get(key);
			if (!window || window.start !== start) this.windows.set(key, (window = { start, used: 0 }));
			if (window.used < requests) {
				window.used += 1;
				return undefined;
			}
			return Math.max(1, Math.ceil((start + seconds * 1000 - now) / 1000));
		}
		const bucket = this.buckets.get(key) ?? { tokens: limit.burst, at: now };
		bucket.tokens = Math.min(limit.burst, bucket.tokens + ((now - bucket.at) / 1000) * limit.ratePerSecond);
		bucket.at = now;
		this.buckets.set(key, bucket);
		if (bucket.tokens >= 1) {
			bucket.tokens -= 1;
			return undefined;
		}
		return Math.max(1, Math.ceil((1 - bucket.tokens) / limit.ratePerSecond));
	}

	private takeFault(record: RecordedRequest): Fault | undefined {
		const entry = this.faults.find((f) => {
			if (f.remaining <= 0) return false;
			if (f.match?.method && f.match.method !== record.method) return false;
			const p = f.match?.path;
			if (typeof p === 'string' && p !== record.path) return false;
			if (p instanceof RegExp && !p.test(record.path)) return false;
			return true;
		});
		if (!entry) return undefined;
		entry.remaining -= 1;
		if (entry.remaining <= 0) this.faults.splice(this.faults.indexOf(entry), 1);
		return entry.fault;
	}

	/**
	 * The fault rate's verdict on a request: a fault only on the first arrival of a request
	 * (method, path, query and body), chosen by a hash, so tests can count what happened.
	 */
	private rateFault(record: RecordedRequest): Fault | undefined {
		const faults = this.faultRate;
		if (!faults || record.path.startsWith('/openai/')) return undefined;
		const query = Object.keys(record.query).sort().map((k) => [k, record.query[k]]);
		const fingerprint = JSON.stringify([record.method, record.path, query, record.rawBody]);
		const arrivals = (this.seen.get(fingerprint) ?? 0) + 1;
		this.seen.set(fingerprint, arrivals);
		if (arrivals > 1) return undefined;
		const digest = createHash('sha256').update(`${faults.seed ?? ''}\u0000${fingerprint}`).digest();
		if (digest.readUInt32BE(0) / 0x1_0000_0000 >= faults.rate) return undefined;
		const mix = { ...DEFAULT_MIX, ...faults.mix };
		const total = FAULT_KINDS.reduce((sum, k) => sum + Math.max(0, mix[k]), 0);
		let pick = (digest.readUInt32BE(4) / 0x1_0000_0000) * total;
		const kind = FAULT_KINDS.find((k) => (pick -= Math.max(0, mix[k])) < 0) ?? 'refused';
		this.stats.faults[kind] += 1;
		switch (kind) {
			case 'refused':
				return { type: 'status', status: 503 };
			case 'slow':
				return { type: 'slow', ms: faults.slowMs ?? 2000 };
			default:
				return { type: kind };
		}
	}

	private async dispatch(record: RecordedRequest, rawBody: string): Promise<Reply & { status: number }> {
		try {
			// a static path wins over a parameter (`/v1/ads/connections` is not the ad `connections`)
			const matches = this.routes
				.filter((r) => r.pattern.test(record.path))
				.sort((a, b) => a.names.length - b.names.length);
			if (!matches.length) throw new ApiError(404, 'not_found', `No endpoint ${record.method} ${record.path}`);
			const route = matches.find((r) => r.method === record.method);
			if (!route) throw new ApiError(405, 'method_not_allowed', `${record.method} is not allowed on ${record.path}`);

			const key = route.options.auth === false ? ANONYMOUS : this.authenticate(record);

			let body: unknown = {};
			if (rawBody.length) {
				try {
					body = JSON.parse(rawBody);
				} catch {
					throw new ApiError(400, 'invalid_request', 'The request body is not valid JSON');
				}
			}
			record.body = rawBody.length ? body : undefined;

			const { options } = route;
			if (options.ads && !key.ads) {
				throw new ApiError(
					402,
					'ads_addon_required',
					'Ads calls need the ads add-on (19.99 USD per month); enable it in the dashboard',
				);
			}
			if (options.scope && key.scopes !== '*' && !key.scopes.includes(options.scope)) {
				throw new ApiError(403, 'insufficient_scope', `This call needs the ${options.scope} scope`, {
					requiredScope: options.scope,
				});
			}
			if (options.connecting && key.readOnly) {
				throw new ApiError(403, 'read_only_key', 'A read-only key cannot connect an account');
			}

			// a POST with an Idempotency-Key is looked up before anything else is checked: a key used with
			// another body answers 409 whatever that body holds
			const execute = async () => {
				const query = validate(options.query, record.query, 'query');
				const parsedBody = validate(options.body, body, 'body');
				if (options.hostedOnly) this.checkHosted(record, query, parsedBody);
				const params: Record<string, string> = {};
				const m = route.pattern.exec(record.path)!;
				route.names.forEach((name, i) => (params[name] = decodeURIComponent(m[i + 1])));
				const result = await route.handler({ params, query, body: parsedBody, key, request: record, api: this });
				if (result instanceof ReplyWith) return { status: result.status, body: result.body, headers: result.headers };
				return { status: options.status ?? 200, body: result };
			};

			const idempotencyKey = headerValue(record.headers['idempotency-key']);
			if (record.method === 'POST' && idempotencyKey) {
				return await this.idempotent(`${key.key}:${record.path}:${idempotencyKey}`, rawBody, execute);
			}
			return await execute();
		} catch (error) {
			if (error instanceof ApiError) return new ApiErrorReply(error);
			throw error;
		}
	}

	private authenticate(record: RecordedRequest): ApiKey {
		const header = headerValue(record.headers.authorization);
		const match = /^Bearer (\S+)$/.exec(header ?? '');
		if (!match) throw new ApiError(401, 'unauthorized', 'Send the header Authorization: Bearer <API key>');
		const key = this.keys.get(match[1]);
		if (!key) throw new ApiError(401, 'invalid_api_key', 'The API key is unknown or was revoked');
		return key;
	}

	private checkHosted(record: RecordedRequest, query: unknown, body: unknown) {
		const accountId =
			(query as { accountId?: string } | undefined)?.accountId ?? (body as { accountId?: string } | undefined)?.accountId;
		const account = accountId ? this.storeAccounts.get(accountId) : undefined;
		if (account?.platform === 'pluginstore') {
			throw new ApiError(
				422,
				'hosted_only',
				`${record.method} ${record.path} works on hostedstore accounts only; ${accountId} is a pluginstore account`,
			);
		}
	}

	private async idempotent(
		scopeKey: string,
		rawBody: string,
		execute: () => Promise<Reply & { status: number }>,
	): Promise<Reply & { status: number }> {
		const bodyHash = createHash('sha256').update(rawBody).digest('hex');
		const previous = this.idempotency.get(scopeKey);
		const now = this.now().getTime();
		if (previous && now - previous.at < 24 * 3600 * 1000) {
			if (previous.bodyHash !== bodyHash) {
				throw new ApiError(
					409,
					'idempotency_conflict',
					'This Idempotency-Key was already used with a different body',
				);
			}
			this.stats.idempotentReplays += 1;
			return { status: previous.status, body: previous.body, headers: { 'Idempotent-Replayed': 'true' } };
		}
		// a resend while the first is still being handled (its answer was lost or slow) waits for it
		const running = this.idempotencyRunning.get(scopeKey);
		if (running) {
			const first = await running;
			if (first.bodyHash !== bodyHash) throw new ApiError(409, 'idempotency_conflict', 'This Idempotency-Key was already used with a different body');
			this.stats.idempotentReplays += 1;
			return { ...first.result, headers: { ...first.result.headers, 'Idempotent-Replayed': 'true' } };
		}
		const pending = execute().then((result) => ({ bodyHash, result }));
		this.idempotencyRunning.set(scopeKey, pending);
		try {
			const { result } = await pending;
			if (result.status < 300) this.idempotency.set(scopeKey, { bodyHash, status: result.status, body: result.body, at: now });
			return result;
		} finally {
			this.idempotencyRunning.delete(scopeKey);
		}
	}

	// ---- control API (for processes that are not the test itself) -----------

	private readonly controls = new Map<string, (body: Record<string, unknown>) => unknown | Promise<unknown>>();

	/** Registers POST /__control/<name>: lets e2e tests and `npm start` drive the fake API over HTTP. */
	control(name: string, fn: (body: Record<string, unknown>) => unknown | Promise<unknown>) {
		this.controls.set(name, fn);
	}

	private async handleControl(record: RecordedRequest, res: http.ServerResponse) {
		const name = record.path.slice('/__control/'.length);
		const fn = this.controls.get(name);
		res.setHeader('Content-Type', 'application/json');
		if (!fn) {
			res.statusCode = 404;
			res.end(JSON.stringify({ error: `no control ${name}` }));
			return;
		}
		try {
			const result = await fn(record.rawBody ? JSON.parse(record.rawBody) : {});
			res.end(JSON.stringify(result ?? { ok: true }));
		} catch (error) {
			res.statusCode = 400;
			res.end(JSON.stringify({ error: (error as Error).message }));
		}
	}
}

/** Returned by a handler to answer with a status other than the route's default. */
export class ReplyWith {
	constructor(
		readonly status: number,
		readonly body: unknown,
		readonly headers: Record<string, string> = {},
	) {}
}

class ApiErrorReply {
	readonly status: number;

	readonly body: unknown;

	readonly headers: Record<string, string>;

	constructor(error: ApiError) {
		this.status = error.status;
		this.body = error.toBody();
		this.headers = error.headers;
	}
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
function validate<T>(schema: ZodType<T, any, any> | undefined, value: unknown, where: string): T {
	if (!schema) return value as T;
	const result = schema.safeParse(value);
	if (result.success) return result.data;
	const details = result.error.issues.map((issue) => ({
		field: issue.path.join('.') || where,
		message: issue.message,
	}));
	throw new ApiError(
		400,
		'invalid_request',
		`Invalid ${where}: ${details.map((d) => `${d.field} ${d.message}`).join('; ')}`,
		{ details },
	);
}

function headerValue(value: string | string[] | undefined): string | undefined {
	return Array.isArray(value) ? value[0] : value;
}

async function readBody(req: http.IncomingMessage): Promise<string> {
	const chunks: Buffer[] = [];
	for await (const chunk of req) chunks.push(chunk as Buffer);
	return Buffer.concat(chunks).toString('utf8');
}

// unref'd: a wait inside a request cut short by close() must not hold the process (a Jest worker)
// open; while the request is open its socket does
export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms).unref());

/** The start (ms) of the fixed window `now` falls in: windows of `seconds` counted from the epoch. */
function windowStart(now: number, seconds: number) {
	const length = seconds * 1000;
	return Math.floor(now / length) * length;
}
