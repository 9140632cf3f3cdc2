import { isDeepStrictEqual } from 'node:util';

import { ENDPOINTS } from './reference';
import { adsWays } from './reference/ads';
import { commerceWays } from './reference/commerce';
import { parseReference, referenceEndpoints, type ReferenceEndpoint } from './reference/parse';
import { DAY, HTTPS_URL } from './reference/types';
import { endpointKey, type AreaWays } from './reference/ways';
import { webhookWays } from './reference/webhooks';

/**
 * The endpoint tables the suites read (test/contract/reference/) are the API's own text
 * (docs/reference/api-reference.md, and contract.md where it says "not shown"), read by parse.ts:
 * every endpoint the text states is one row, and every row one it states. A row is the parse, with
 * its area file's overrides where the text says something in words the parser does not read; an
 * override that repeats the parse is refused (keep them few). Most Ads rows are written out whole
 * in ads.ts (the reference states them in prose: see its header); one the parse reads is refused.
 */

const AREAS: AreaWays[] = [commerceWays, adsWays, webhookWays];
const parsed = referenceEndpoints();

test('every endpoint the text states is a row of the tables, and every row an endpoint it states', () => {
	const stated = [...new Set(parsed.map(endpointKey))].sort();
	expect(ENDPOINTS.map(endpointKey).sort()).toEqual(stated);
});

/** What a row says of the API (no test data): each request field's words and the answer's fields. */
const stated = (e: { request: object[]; response: object; source?: string }) => ({
	request: e.request.map((f) => Object.fromEntries(Object.entries(f).filter(([k]) => !['node', 'why'].includes(k)))).sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b))),
	response: Object.fromEntries(Object.entries(e.response).filter(([k]) => !['run', 'more', 'as'].includes(k))),
});

describe.each(AREAS.map((area) => [area.node, area] as const))('%s: read from the text', (_node, area) => {
	const written = new Set((area.written ?? []).map(endpointKey));
	const mine = parsed.filter((e) => area.paths.test(e.path) && !written.has(endpointKey(e)));
	const at = (key: string) => mine.find((e) => endpointKey(e) === key)!;

	test('every word of its rows is read, or its area file says what it means', () => {
		const unread = mine.filter((e) => e.unread.length && !area.endpoints[endpointKey(e)]?.reference).map((e) => `${endpointKey(e)}: ${e.unread.join('; ')}`);
		expect(unread).toEqual([]);
	});

	test('no override repeats what the text says as parse.ts reads it', () => {
		const repeated: string[] = [];
		for (const [key, ways] of Object.entries(area.endpoints)) {
			const ep = at(key);
			for (const [name, over] of Object.entries(ways.reference?.fields ?? {})) {
				const field = ep.request.find((f) => f.name === name);
				if (!field) repeated.push(`${key}: ${name} is no field of the text (an extra field goes in reference.extra)`);
				for (const [attribute, value] of Object.entries(over)) if (field && isDeepStrictEqual((field as Record<string, unknown>)[attribute], value)) repeated.push(`${key}: ${name}.${attribute}`);
			}
			if (ways.reference?.response && isDeepStrictEqual(ways.reference.response, ep.response)) repeated.push(`${key}: response`);
			for (const extra of ways.reference?.extra ?? []) if (ep.request.some((f) => f.name === extra.name && f.in === extra.in && !extra.on)) repeated.push(`${key}: extra ${extra.name} is a field of the text`);
		}
		for (const [name, over] of Object.entries(area.byName ?? {})) {
			const fields = mine.flatMap((e) => e.request.filter((f) => f.name === name));
			if (fields.every((f) => Object.entries(over).every(([attribute, value]) => isDeepStrictEqual((f as Record<string, unknown>)[attribute], value)))) repeated.push(`byName ${name}`);
		}
		expect(repeated).toEqual([]);
	});

	test('a row written out is one whose text parse.ts does not read as the row says it', () => {
		const readable = (area.written ?? []).filter((row) => {
			const ep = parsed.find((e) => endpointKey(e) === endpointKey(row))!;
			return !ep.unread.length && isDeepStrictEqual(stated(row), stated(ep));
		});
		expect(readable.map(endpointKey)).toEqual([]);
	});
});

describe('the reference notation parse.ts reads', () => {
	const reference = (rows: string) => `# API

## Resources and their fields

### Page

| Field | Type |
|---|---|
| id | string |
| title | string |
| isPublished | boolean |

### Webhook endpoint

| Field | Type | Notes |
|---|---|---|
| id | string (UUID) | |
| url | string, HTTPS URL | |
| secret | string | only in the create response |

### Metaobject

\`id\`, \`type\`, \`fields\`: array of \`{key, value}\` (strings). More words.

## Endpoints

### Store endpoints: conventions

### Things

| Method | Path | Request | Response |
|---|---|---|---|
${rows}

## Authentication
`;
	const one = (row: string): ReferenceEndpoint => parseReference(reference(row), '')[0];

	test('(p), (q), (b) and groups: words that name several hold for the names before them; conventions and the resource table type the rest', () => {
		const ep = one('| POST | /v1/commerce/pages | (b) accountId, title, handle (strings, required), items (object[], required, up to 100); isPublished | 201 `{page}` |');
		expect(ep.request).toEqual([
			{ name: 'accountId', in: 'body', type: 'string', required: true },
			{ name: 'title', in: 'body', type: 'string', required: true },
			{ name: 'handle', in: 'body', type: 'string', required: true },
			{ name: 'items', in: 'body', type: 'object[]', required: true, maxItems: 100 },
			{ name: 'isPublished', in: 'body', type: 'boolean' },
		]);
		expect(ep.response).toEqual({ fields: ['page.id', 'page.title', 'page.isPublished'] });
		expect(ep.unread).toEqual([]);
	});

	test('a path field named otherwise on a path with one ID is that ID; values, counts with commas, "all required", "both required"', () => {
		expect(one('| PATCH | /v1/commerce/metaobjects/{metaobjectId} | (p) id; (b) fields (required) | 200 `{deleted, metaobjectId}` |').request).toEqual([
			{ name: 'metaobjectId', in: 'path', type: 'string', required: true },
			{ name: 'fields', in: 'body', type: 'object[]', required: true },
		]);
		expect(one('| PUT | /v1/ads/x | (b) status (`active` or `paused`), users (object[], up to 10,000), a, b, all required | 200 `{success: true}` |').request).toEqual([
			{ name: 'status', in: 'body', type: 'string', required: true, values: ['active', 'paused'] },
			{ name: 'users', in: 'body', type: 'object[]', required: true, maxItems: 10000 },
			{ name: 'a', in: 'body', type: 'string', required: true },
			{ name: 'b', in: 'body', type: 'string', required: true },
		]);
		expect(one('| GET | /v1/ads/y | (q) accountId, adAccountId (both required); fromDate (YYYY-MM-DD); page (from 1) | 200 `{ok: true}` |').request).toEqual([
			{ name: 'accountId', in: 'query', type: 'string', required: true },
			{ name: 'adAccountId', in: 'query', type: 'string', required: true },
			{ name: 'fromDate', in: 'query', type: 'string', pattern: DAY },
			{ name: 'page', in: 'query', type: 'string', min: 1 },
		]);
	});

	test('answers: list rows of a resource or of named fields, paging beside them, fields under a key, a resource named in words', () => {
		expect(one('| GET | /v1/commerce/pages | (q) accountId, limit, cursor | 200 `{pages: [page], nextCursor}` |')).toMatchObject({
			request: [
				{ name: 'accountId', in: 'query', type: 'string', required: true },
				{ name: 'limit', in: 'query', type: 'integer' },
				{ name: 'cursor', in: 'query', type: 'string' },
			],
			response: { rows: { key: 'pages', fields: ['id', 'title', 'isPublished'] }, paging: ['nextCursor'] },
		});
		expect(one('| GET | /v1/things | none | 200 `{things: [{id, name}], has_more}` |').response).toEqual({ rows: { key: 'things', fields: ['id', 'name'] }, paging: ['has_more'] });
		expect(one('| PUT | /v1/things | none | 200 `{thing: {id, remoteId}}`; words |').response).toEqual({ fields: ['thing.id', 'thing.remoteId'] });
		const created = one('| POST | /v1/webhooks | (b) url (HTTPS url, required) | 201 webhook endpoint including `secret`; the secret is returned only here |');
		expect(created.request).toEqual([{ name: 'url', in: 'body', type: 'string', required: true, pattern: HTTPS_URL }]);
		expect(created.response).toEqual({ fields: ['id', 'url', 'secret'] });
		expect(one('| PATCH | /v1/webhooks/{webhookId} | (p) webhookId; (b) url | 200 endpoint; secret unchanged |')).toMatchObject({
			request: [{ name: 'webhookId' }, { name: 'url', type: 'string', pattern: HTTPS_URL }],
			response: { fields: ['id', 'url'] },
		});
	});

	test('what it does not read, it lists: a response in words, a group without (p), (q) or (b)', () => {
		expect(one('| PUT | /v1/things/{thingId}/status | status `active` or `paused` | pauses or resumes it |').unread).toEqual([
			'request "status `active` or `paused`": no (p), (q) or (b) before it',
			'response "pauses or resumes it"',
		]);
	});
});
