import type { ICredentialDataDecryptedObject, IN8nHttpFullResponse } from 'n8n-workflow';

import type { Answer } from './answer';

/**
 * docs/reference/contract.md: the API never repeats a secret it was sent; a client that finds one in an answer,
 * success or error, does not pass it on. Every answer of either door (requestHook.ts,
 * apiRequest.ts) passes here in send.ts before anything reads it: its body and headers, and the
 * texts of an error thrown instead, hold `[withheld]` where a secret of the credential was. What
 * the node outputs, a model reads, and every error is made from that.
 */

/** The credential's fields that hold secrets (its password fields): the key, and the ad networks' secrets it sends. */
export const SECRET_FIELDS = ['apiKey', 'chatnetApiKey', 'sparkAuthCodeSecret'] as const;

const WITHHELD = '[withheld]';

/** Shorter values are not looked for: no real secret is that short, and replacing them would garble answers. */
const MIN_SECRET_LENGTH = 8;

export type Withhold = <T>(value: T) => T;

const isPlain = (value: object) => [Object.prototype, Array.prototype, null].includes(Object.getPrototypeOf(value));

/** Replaces every secret of the credential in a value: a string, a Buffer, plain JSON data (keys too), deep; other objects as they are. */
export function withholding(credentials: ICredentialDataDecryptedObject | undefined): Withhold {
	const secrets = SECRET_FIELDS.map((name) => credentials?.[name])
		.filter((v): v is string => typeof v === 'string')
		.map((v) => v.trim())
		.filter((v) => v.length >= MIN_SECRET_LENGTH);
	if (!secrets.length) return (value) => value;
	const inText = (text: string) => secrets.some((secret) => text.includes(secret));
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
	return (value) => scrub(value, new WeakSet()) as typeof value;
}

/** The answer with its secrets withheld: the response's body and headers, or every text of the error (not its node). */
export function withheldFrom(answer: Answer, withhold: Withhold): Answer {
	const response = 'response' in answer ? answer.response : undefined;
	const error = 'error' in answer ? answer.error : undefined;
	if (error && typeof error === 'object') {
		const e = error as Record<string, unknown>;
		for (const key of new Set([...Object.keys(e), 'message', 'stack'])) if (key !== 'node' && e[key] !== undefined) e[key] = withhold(e[key]);
	}
	if (!response) return answer;
	// n8n's headers are an AxiosHeaders object: its own properties are the headers
	const plain = { ...response.headers };
	const headers = withhold(plain);
	const cleaned: IN8nHttpFullResponse = { ...response, body: withhold(response.body), headers: headers !== plain ? headers : response.headers };
	return { ...answer, response: cleaned } as Answer;
}
