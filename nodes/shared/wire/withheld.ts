import type { ICredentialDataDecryptedObject, IN8nHttpFullResponse } from 'n8n-workflow';

/*
 * Withholding. docs/reference/contract.md: the API never repeats a secret it was sent; a client
 * that finds one in an answer, success or error, does not pass it on. Every answer of either door
 * passes `withheldFrom` (`answerOf`) before anything reads it: its body and headers, and the texts
 * of an error thrown instead, hold `[withheld]` where a secret of the credential was. What the
 * node outputs, a model reads, and every error is made from that.
 */

/** The credential's fields that hold secrets (its password fields): the key, and the ad networks' secrets it sends. */
export const SECRET_FIELDS = ['apiKey', 'chatnetApiKey', 'sparkAuthCodeSecret'] as const;

const WITHHELD = '[withheld]';

/** Shorter values are not looked for: no real secret is that short, and replacing them would garble answers. */
const MIN_SECRET_LENGTH = 8;

export type Withhold = <T>(value: T) => T;

const isPlain = (value: object) => {
	const prototype: unknown = Object.getPrototypeOf(value);
	return prototype === Object.prototype || prototype === Array.prototype || prototype === null;
};

/** How deep, and how many values, the check reads before it leaves the answer to the full walk (a cycle, a shared value): no answer is near either. */
const MAX_DEPTH = 64;
const MAX_VALUES = 1_000_000;

/** Replaces every secret of the credential in a value: a string, a Buffer, plain JSON data (keys too), deep; other objects as they are. */
export function withholding(credentials: ICredentialDataDecryptedObject | undefined): Withhold {
	const secrets: string[] = [];
	for (const name of SECRET_FIELDS) {
		const value = credentials?.[name];
		if (typeof value === 'string' && value.trim().length >= MIN_SECRET_LENGTH) secrets.push(value.trim());
	}
	if (!secrets.length) return (value) => value;
	const inText = (text: string) => secrets.some((secret) => text.includes(secret));
	// whether a value holds a secret anywhere, read without copying anything: most answers hold none, and are handed on as they came
	let read = 0;
	const holds = (value: unknown, depth: number): boolean => {
		if (typeof value === 'string') return inText(value);
		if (!value || typeof value !== 'object') return false;
		if (Buffer.isBuffer(value)) return inText(value.toString('utf8'));
		if (!isPlain(value)) return false;
		// past any answer's size (a cycle, a value shared many times): scrub's own walk decides
		if (depth > MAX_DEPTH || ++read > MAX_VALUES) return true;
		if (Array.isArray(value)) {
			for (const item of value) if (holds(item, depth + 1)) return true;
			return false;
		}
		for (const key in value) if (Object.prototype.hasOwnProperty.call(value, key) && (inText(key) || holds((value as Record<string, unknown>)[key], depth + 1))) return true;
		return false;
	};
	const holdsSecret = (value: unknown) => {
		read = 0;
		return holds(value, 0);
	};
	const scrub = (value: unknown, seen: WeakSet<object>): unknown => {
		if (typeof value === 'string') return inText(value) ? secrets.reduce((text, secret) => text.split(secret).join(WITHHELD), value) : value;
		if (Buffer.isBuffer(value)) return inText(value.toString('utf8')) ? scrub(value.toString('utf8'), seen) : value;
		if (!value || typeof value !== 'object' || !isPlain(value) || seen.has(value)) return value;
		seen.add(value);
		// copied only where something changes: an answer without a secret is handed on as it came
		let changed = false;
		const kept = <V>(before: V, after: V) => {
			changed ||= after !== before;
			return after;
		};
		if (Array.isArray(value)) {
			const items = value.map((item) => kept(item, scrub(item, seen)));
			return changed ? items : value;
		}
		const entries = Object.entries(value).map(([key, item]) => [kept(key, scrub(key, seen) as string), kept(item, scrub(item, seen))]);
		return changed ? Object.fromEntries(entries) : value;
	};
	return (value) => (holdsSecret(value) ? (scrub(value, new WeakSet()) as typeof value) : value);
}

/** Each credential's withholding, made at its first answer: a node run reads its credential once (params.ts `credentialOfRun`). */
const withholds = new WeakMap<ICredentialDataDecryptedObject, Withhold>();
const withholdNothing: Withhold = (value) => value;

export function withholdingOf(credentials: ICredentialDataDecryptedObject | undefined): Withhold {
	if (!credentials) return withholdNothing;
	let withhold = withholds.get(credentials);
	if (!withhold) withholds.set(credentials, (withhold = withholding(credentials)));
	return withhold;
}

/** The answer with its secrets withheld: the response's body and headers, or every text of the error (not its node). */
export function withheldFrom<A extends { response: IN8nHttpFullResponse } | { error: unknown } | object>(answer: A, withhold: Withhold): A {
	const response = 'response' in answer ? (answer.response as IN8nHttpFullResponse | undefined) : undefined;
	const error = 'error' in answer ? answer.error : undefined;
	if (error && typeof error === 'object') {
		const e = error as Record<string, unknown>;
		for (const key of new Set([...Object.keys(e), 'message', 'stack'])) if (key !== 'node' && e[key] !== undefined) e[key] = withhold(e[key]);
	}
	if (!response) return answer;
	// n8n's headers are an AxiosHeaders object: its own properties are the headers
	const plain = { ...response.headers };
	const headers = withhold(plain);
	const body = withhold(response.body);
	// nothing withheld: the answer as it came, uncopied
	if (headers === plain && body === response.body) return answer;
	const cleaned: IN8nHttpFullResponse = { ...response, body, headers: headers !== plain ? headers : response.headers };
	return { ...answer, response: cleaned };
}
