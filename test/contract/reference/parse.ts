import fs from 'node:fs';
import path from 'node:path';

import { DAY, HTTPS_URL, ISO_TIME, type Endpoint, type FieldType, type Location, type RequestField, type ResponseSpec } from './types';

/**
 * The API's endpoint tables read from its own text: docs/reference/api-reference.md (sections
 * "Endpoints" and "Resources and their fields") and, for the endpoints it leaves "not shown",
 * docs/reference/contract.md ("Endpoints whose shapes are not shown"). Each row gives an
 * endpoint's method, path, request fields (where, type, required, allowed values, limits) and the
 * fields of its answer, as the text states them; index.ts joins them with how our nodes express
 * each field (the area files). What a row's text does not state in a form read here is listed in
 * the endpoint's `unread`, with the words, and the area file must then say it (an override).
 *
 * The reading rules, in the text's own notation:
 * - `(p)`, `(q)`, `(b)` start the path, query and body fields; `;` separates groups, a group
 *   without a marker keeps the previous one; `none` is no field;
 * - a field's words in parentheses (or after it) give its type (`string`, `integer`, `number`,
 *   `boolean`, `object`, `object[]`, `string[]`, `url`, `HTTPS url`, `ISO 8601`, `YYYY-MM-DD`),
 *   `required` / `optional`, allowed values (backticked, `` `a` or `b` ``), `up to N` items,
 *   `from N`, `integer A to B`; words that name several (`strings, required`, `all required`,
 *   `both required`) hold for the names before them in the group;
 * - a field without a stated type takes the type of the same field in its resource's table
 *   (`### Page`…), else string; a path field is a required string;
 * - the store conventions (section "Store endpoints: conventions"): `accountId` is a required
 *   string; cursor lists take `limit` (integer) and `cursor` (string) and answer `nextCursor`;
 * - `see <Resource> fields` / `see <Resource>` takes that resource's table as the body;
 * - the answer: the first `{…}` of the Response cell; a key alone that names a resource is that
 *   resource's fields under the key, `{key: [resource]}` or `{key: [{a, b}]}` are list rows,
 *   `{key: {a, b}}` fields under the key, other keys plain fields; `nextCursor`, `has_more` and
 *   `pagination` beside rows are paging; without braces, a resource's name (`webhook endpoint`,
 *   `delivery record`) is its fields, `including` / `without` a field adding or removing it.
 */

export type ReferenceField = Omit<RequestField, 'node' | 'why' | 'on'>;

export interface ReferenceEndpoint {
	method: Endpoint['method'];
	path: string;
	source: 'reference' | 'contract';
	/** The section (or table) the row is in. */
	section: string;
	request: ReferenceField[];
	response: ResponseSpec;
	/** Words of the row that are not read into `request` or `response` (the area file must state what they say). */
	unread: string[];
}

const ROOT = path.join(__dirname, '..', '..', '..');
export const REFERENCE_FILE = path.join(ROOT, 'docs', 'reference', 'api-reference.md');
export const CONTRACT_FILE = path.join(ROOT, 'docs', 'reference', 'contract.md');

// ---- text -----------------------------------------------------------------------------

/** Splits at `sep` outside parentheses, braces, brackets and backticks. */
function splitTop(text: string, sep: string): string[] {
	const parts: string[] = [];
	let depth = 0;
	let tick = false;
	let current = '';
	for (let i = 0; i < text.length; i++) {
		const c = text[i];
		if (c === '`') tick = !tick;
		else if (!tick && '([{'.includes(c)) depth++;
		else if (!tick && ')]}'.includes(c)) depth--;
		// "10,000" is one number
		const digits = c === ',' && /\d/.test(text[i - 1] ?? '') && /^\d{3}\b/.test(text.slice(i + 1));
		if (c === sep && depth === 0 && !tick && !digits) {
			parts.push(current);
			current = '';
		} else current += c;
	}
	parts.push(current);
	return parts.map((p) => p.trim()).filter((p) => p !== '');
}

/** The cells of a markdown table row (`\|` is a pipe inside a cell). */
const cells = (line: string) =>
	line
		.trim()
		.replace(/^\||\|$/g, '')
		.split(/(?<!\\)\|/)
		.map((c) => c.replace(/\\\|/g, '|').trim());

interface Section {
	level: number;
	title: string;
	lines: string[];
}

function sections(markdown: string): Section[] {
	const out: Section[] = [];
	for (const line of markdown.split('\n')) {
		const heading = /^(#{2,3}) (.*)$/.exec(line);
		if (heading) out.push({ level: heading[1].length, title: heading[2].trim(), lines: [] });
		else out[out.length - 1]?.lines.push(line);
	}
	return out;
}

/** The tables of a section: the header's cells and each row's. */
function tables(lines: string[]): Array<{ header: string[]; rows: string[][]; before: string; after: string }> {
	const out: Array<{ header: string[]; rows: string[][]; before: string; after: string }> = [];
	for (let i = 0; i < lines.length; i++) {
		if (!lines[i].startsWith('|') || !lines[i + 1]?.startsWith('|---')) continue;
		const before = lines.slice(0, i).reverse().find((l) => l.trim() !== '') ?? '';
		const rows: string[][] = [];
		let j = i + 2;
		for (; j < lines.length && lines[j].startsWith('|'); j++) rows.push(cells(lines[j]));
		const after = lines.slice(j).join(' ');
		out.push({ header: cells(lines[i]), rows, before, after });
		i = j;
	}
	return out;
}

const singular = (word: string) => word.replace(/ies$/, 'y').replace(/s$/, '');

// ---- resources ----------------------------------------------------------------------------

interface Resource {
	title: string;
	fields: ReferenceField[];
	/** Fields the table says appear only in one answer (`secret`: "only in the create response"). */
	only: string[];
}

/** "### Page", "### Catalog sync"…: their fields, from a Field | Type table or a sentence listing backticked names. */
function resources(markdown: string): Resource[] {
	const all = sections(markdown);
	const from = all.findIndex((s) => s.title === 'Resources and their fields');
	const to = all.findIndex((s, i) => i > from && s.level === 2);
	return all.slice(from + 1, to).map((s) => {
		const table = tables(s.lines)[0];
		if (table && table.header[0] === 'Field') {
			const column = (name: string) => table.header.indexOf(name);
			const words = (row: string[]) => [row[column('Type')], row[column('Required')] === 'yes' ? 'required' : ''].filter(Boolean).join(', ');
			return {
				title: s.title,
				fields: fieldList(table.rows.map((row) => `${row[0]} (${words(row)})`).join(', '), 'body', []),
				only: column('Notes') > 0 ? table.rows.filter((r) => /^only in /.test(r[column('Notes')])).map((r) => r[0]) : [],
			};
		}
		// a sentence: `id`, `type`, … `fields`: array of … (the first sentence; backticks gone, `name: words` as `name (words)`)
		const sentence = s.lines.join(' ').trim().split(/\.\s+(?=[A-Z])/)[0];
		const listed = sentence
			.replace(/`\{[^`]*\}`/g, '')
			.replace(/`(\w+)`:\s*([^,(]+)(\([^)]*\))?/g, (_m, name: string, words: string) => `${name} (${words.trim()})`)
			.replace(/`(\w+)`/g, '$1');
		return { title: s.title, fields: fieldList(listed, 'body', []), only: [] };
	});
}

/** The resource a word names: "catalogSync", "catalog sync", "menu", "metaobjects", "webhook endpoint"… */
function resourceNamed(all: Resource[], word: string): Resource | undefined {
	const w = singular(word.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase().replace(/-/g, ' ').trim());
	const title = (r: Resource) => r.title.toLowerCase().replace(/ \(.*\)$/, '');
	const shortest = (list: Resource[]) => list.sort((a, b) => a.title.length - b.title.length)[0];
	return all.find((r) => title(r) === w) ?? shortest(all.filter((r) => title(r).endsWith(` ${w}`))) ?? shortest(all.filter((r) => title(r).startsWith(`${w} `)));
}

// ---- types and annotations ------------------------------------------------------------------------

function typeOf(words: string): FieldType | undefined {
	const w = words.toLowerCase().trim();
	if (/\bobject\[\]/.test(w) || /^array\b/.test(w)) return 'object[]';
	if (/\bstring\[\]/.test(w)) return 'string[]';
	if (/^objects?\b/.test(w)) return 'object';
	if (/^integers?\b/.test(w)) return 'integer';
	if (/^numbers?\b/.test(w)) return 'number';
	if (/^booleans?\b/.test(w)) return 'boolean';
	if (/^(strings?|url|https url|iso 8601|timestamp|decimal string)\b/.test(w)) return 'string';
	return undefined;
}

interface Annotation {
	type?: FieldType;
	required?: boolean;
	values?: string[];
	min?: number;
	max?: number;
	maxItems?: number;
	pattern?: RegExp;
	/** Said of every name before it in the group ("strings, required", "all required", "both required"). */
	group: { type?: FieldType; required?: boolean };
}

/** What the words about one field say (its parentheses, or words after it). */
function annotate(words: string): Annotation {
	const a: Annotation = { group: {} };
	const inner = words.trim().replace(/^\((.*)\)$/s, '$1');
	let plural = false;
	for (const part of splitTop(inner, ',').flatMap((p) => splitTop(p, ';'))) {
		const w = part.replace(/^\(|\)$/g, '').trim();
		const lower = w.toLowerCase();
		if (/^(strings|integers)\b/.test(lower)) plural = true;
		const all = /^(all|both) (required|string|integer|number|boolean)\b/.exec(lower);
		if (all) {
			if (all[2] === 'required') a.group.required = true;
			else a.group.type = typeOf(all[2]);
			continue;
		}
		if (/^required\b/.test(lower) || /\brequired$/.test(lower)) a.required = true;
		if (/^optional\b/.test(lower)) a.required = false;
		a.type ??= typeOf(lower);
		if (/https url/.test(lower)) a.pattern = HTTPS_URL;
		else if (/^iso 8601/.test(lower)) a.pattern = ISO_TIME;
		else if (/^yyyy-mm-dd/.test(lower)) a.pattern = DAY;
		const range = /^integer (\d+) to (\d+)/.exec(lower);
		if (range) [a.min, a.max] = [Number(range[1]), Number(range[2])];
		const from = /^from (\d+)$/.exec(lower);
		if (from) a.min = Number(from[1]);
		const upTo = /up to ([\d,]+)/.exec(lower);
		if (upTo) a.maxItems = Number(upTo[1].replace(/,/g, ''));
		// `a` or `b`, `a`/`b`, `a`, `b`, `c`: allowed values (a lone example such as "e.g. `x`" is not)
		const values = /^(`[^`]+`(?:(?:\s*,\s*|\s+or\s+|\/)`[^`]+`)+)$/.exec(w);
		if (values) a.values = [...values[1].matchAll(/`([^`]+)`/g)].map((m) => m[1]);
	}
	// the values may span the parts split at commas: `a`, `b`, `c`
	const spanning = /^(`[^`]+`(?:(?:\s*,\s*|\s+or\s+|\/)`[^`]+`)+)(?:[,;]|$)/.exec(inner.trim());
	if (spanning) a.values = [...spanning[1].matchAll(/`([^`]+)`/g)].map((m) => m[1]);
	if (plural) a.group = { type: a.type, required: a.required };
	return a;
}

/**
 * The fields one group of a cell names: `name`, `name (words)`, `name = other`, `name words`;
 * `all required`… alone. Words that name several hold for the unannotated names before them.
 */
function fieldList(text: string, where: Location, unread: string[]): ReferenceField[] {
	const fields: ReferenceField[] = [];
	const typed = new Set<ReferenceField>();
	let pending: ReferenceField[] = [];
	const apply = (a: Annotation) => {
		for (const f of pending) {
			if (a.group.type && !typed.has(f)) {
				f.type = a.group.type;
				typed.add(f);
			}
			if (a.group.required) f.required = true;
		}
	};
	for (const item of splitTop(text, ',')) {
		const m = /^([A-Za-z_]\w*)(?:\s*=\s*\w+)?\s*(.*)$/s.exec(item);
		if (!m || /^(all|both) /i.test(item)) {
			// "all string", "all required" alone: every field of the group so far
			const a = annotate(item);
			if (a.group.type === undefined && a.group.required === undefined) unread.push(`"${item}"`);
			pending = [...fields];
			apply(a);
			continue;
		}
		const [, name, rest] = m;
		const a = annotate(rest);
		const field: ReferenceField = { name, in: where, type: a.type ?? 'string' };
		// "q (search text) required", "adAccountId (both required)": the names before it too
		if (/\)\s*required$/.test(rest.trim())) a.group.required = true;
		if (a.type) typed.add(field);
		if (a.required || a.group.required) field.required = true;
		if (a.values) field.values = a.values;
		if (a.min !== undefined) field.min = a.min;
		if (a.max !== undefined) field.max = a.max;
		if (a.maxItems !== undefined) field.maxItems = a.maxItems;
		if (a.pattern) field.pattern = a.pattern;
		apply(a);
		fields.push(field);
		pending = rest.trim() === '' ? [...pending, field] : [];
	}
	for (const f of fields) if (!typed.has(f)) UNTYPED.add(f);
	return fields;
}

/** Fields whose type no words stated (string until the conventions or their resource say otherwise). */
const UNTYPED = new WeakSet<ReferenceField>();

// ---- a request cell ---------------------------------------------------------------------------

const MARKER: Record<string, Location> = { p: 'path', q: 'query', b: 'body' };

interface Context {
	resources: Resource[];
	/** The resource of the endpoint's path (`/v1/commerce/pages/…`: Page), for fields without a type. */
	resource?: Resource;
	store: boolean;
	cursor: boolean;
	pathNames: string[];
}

function requestFields(cell: string, ctx: Context, unread: string[]): ReferenceField[] {
	const fields: ReferenceField[] = [];
	let where: Location | undefined;
	if (/^none$/i.test(cell.trim()) || cell.trim() === '') return fields;
	for (const group of splitTop(cell, ';')) {
		const marked = /^\(([pqb])\)\s*(.*)$/s.exec(group);
		if (marked) where = MARKER[marked[1]];
		const text = marked ? marked[2] : group;
		if (!where) {
			unread.push(`request "${group}": no (p), (q) or (b) before it`);
			continue;
		}
		const see = /^see (.+?)(?: fields)?$/i.exec(text);
		if (see) {
			const r = resourceNamed(ctx.resources, see[1]);
			if (r) fields.push(...r.fields.map((f) => ({ ...f, in: where! })));
			else unread.push(`request "${group}": no resource "${see[1]}"`);
			continue;
		}
		const misread: string[] = [];
		fields.push(...fieldList(text, where, misread));
		unread.push(...misread.map((m) => `request ${m}`));
	}
	for (const f of fields) complete(f, ctx);
	return fields;
}

/** What the conventions and the resource's table say of a field the row leaves untyped. */
function complete(f: ReferenceField, ctx: Context) {
	if (f.in === 'path') {
		// "(p) id" on a path with one `{name}`: that name
		if (!ctx.pathNames.includes(f.name) && ctx.pathNames.length === 1) f.name = ctx.pathNames[0];
		f.type = 'string';
		f.required = true;
	} else if (ctx.store && f.name === 'accountId') {
		f.type = 'string';
		f.required = true;
	} else if (UNTYPED.has(f)) {
		if (ctx.cursor && f.name === 'limit') f.type = 'integer';
		const own = ctx.resource?.fields.find((r) => r.name === f.name);
		if (own) Object.assign(f, { type: own.type }, own.pattern ? { pattern: own.pattern } : {}, own.values ? { values: own.values } : {});
	}
}

// ---- a response cell -------------------------------------------------------------------------------

const PAGING = ['nextCursor', 'has_more', 'pagination', 'paging'];

function keysOf(braces: string): Array<{ key: string; value?: string }> {
	return splitTop(braces.replace(/^\{|\}$/g, ''), ',').map((part) => {
		const m = /^([A-Za-z_]\w*)(?:\s*:\s*(.*)|\s*\(.*\))?$/s.exec(part.trim());
		return m ? { key: m[1], value: m[2]?.trim() } : { key: part.trim() };
	});
}

function responseOf(cell: string, ctx: Context, unread: string[]): ResponseSpec {
	const braces = /`(\{.*?\})`(?:;|\s|$)/.exec(cell)?.[1] ?? /`(\{.*\})`/.exec(cell)?.[1];
	const fieldsOf = (word: string) => {
		const r = resourceNamed(ctx.resources, word);
		return r ? r.fields.map((f) => f.name).filter((n) => !r.only.includes(n)) : undefined;
	};
	if (!braces) {
		// "webhook endpoint including `secret`", "endpoint; secret unchanged", "delivery record of the new attempt"
		const words = cell.replace(/^\d{3}\s*/, '').split(/[;:]/)[0].trim();
		const name = /^(?:the\s+)?([a-z]+(?: [a-z]+)?)/i.exec(words)?.[1] ?? '';
		const found = fieldsOf(name) ?? fieldsOf(name.split(' ')[0]);
		if (!found) {
			unread.push(`response "${cell}"`);
			return {};
		}
		const including = [...words.matchAll(/including `(\w+)`/g)].map((m) => m[1]);
		return { fields: [...found, ...including] };
	}
	const keys = keysOf(braces);
	const rowsAt = keys.findIndex((k) => k.value?.startsWith('['));
	if (rowsAt >= 0) {
		const { key, value } = keys[rowsAt];
		const inner = value!.replace(/^\[|\]$/g, '').trim();
		let fields: string[] | undefined;
		if (inner.startsWith('{')) fields = keysOf(inner).map((k) => k.key);
		else if (inner === '...') fields = fieldsOf(key);
		else fields = fieldsOf(inner.replace(/ without (\w+)$/, '')) ?? fieldsOf(key);
		const without = / without (\w+)$/.exec(inner)?.[1];
		if (!fields) unread.push(`response rows "${value}"`);
		const others = keys.filter((_k, i) => i !== rowsAt);
		const paging = others.filter((k) => PAGING.includes(k.key)).map((k) => k.key);
		const extra = others.filter((k) => !PAGING.includes(k.key)).map((k) => k.key);
		return {
			rows: { key, fields: (fields ?? []).filter((f) => f !== without) },
			...(extra.length ? { extra } : {}),
			...(paging.length ? { paging } : {}),
		};
	}
	const fields = keys.flatMap(({ key, value }) => {
		if (value?.startsWith('{')) return keysOf(value).map((k) => `${key}.${k.key}`);
		if (value === undefined && keys.length === 1) {
			const own = fieldsOf(key);
			if (own) return own.map((f) => `${key}.${f}`);
		}
		return [key];
	});
	return { fields };
}

// ---- the documents -------------------------------------------------------------------------------------

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];

function contextOf(all: Resource[], apiPath: string, storeConventions: boolean): Context {
	// the last segment that names a resource: /v1/webhooks/{webhookId}/deliveries is a delivery's, /v1/webhooks/{webhookId}/test an endpoint's
	const segments = apiPath.split('/').filter((x) => x && !x.startsWith('{') && !['v1', 'commerce', 'ads'].includes(x));
	const resource = segments.reverse().map((x) => resourceNamed(all, x)).find((r) => r !== undefined);
	return {
		resources: all,
		resource,
		store: storeConventions && apiPath.startsWith('/v1/commerce/'),
		cursor: storeConventions && /^\/v1\/commerce\/(metaobjects|pages|redirects)$/.test(apiPath),
		pathNames: [...apiPath.matchAll(/\{(\w+)\}/g)].map((m) => m[1]),
	};
}

/** Every endpoint row of the reference's "Endpoints" tables and of the contract's table of endpoints it leaves "not shown". */
export function parseReference(reference = fs.readFileSync(REFERENCE_FILE, 'utf8'), contract = fs.readFileSync(CONTRACT_FILE, 'utf8')): ReferenceEndpoint[] {
	const all = resources(reference);
	// "Event types (the list returned by GET /v1/webhooks)": the values of every `events` list
	const eventTypes = tables(sections(reference).find((s) => s.title === 'Events')?.lines ?? []).find((t) => t.header[0] === 'Event type')?.rows.map((r) => r[0]) ?? [];
	const out: ReferenceEndpoint[] = [];
	const add = (methods: string, apiPath: string, request: string, response: string, source: ReferenceEndpoint['source'], section: string) => {
		for (const method of methods.split(/,\s*/)) {
			if (!METHODS.includes(method)) continue;
			const ctx = contextOf(all, apiPath, source === 'reference');
			const unread: string[] = [];
			const fields = requestFields(request, ctx, unread);
			for (const f of fields) if (f.name === 'events' && f.type === 'string[]') f.values = eventTypes;
			const answer = responseOf(response, ctx, unread);
			if (answer.extra?.includes('events') && /events: \[all event types\]/.test(response)) answer.values = { events: eventTypes };
			// the store conventions: cursor lists page with nextCursor
			if (ctx.cursor && method === 'GET' && answer.rows && !answer.paging?.includes('nextCursor')) answer.paging = [...(answer.paging ?? []), 'nextCursor'];
			out.push({ method: method as Endpoint['method'], path: apiPath, source, section, request: fields, response: answer, unread });
		}
	};
	const endpoints = sections(reference);
	const from = endpoints.findIndex((s) => s.title === 'Endpoints');
	for (const s of endpoints.slice(from + 1).filter((x, i, list) => list.slice(0, i + 1).every((y) => y.level === 3))) {
		for (const t of tables(s.lines)) {
			if (t.header[0] === 'Method') for (const [method, apiPath, request, response] of t.rows) add(method, apiPath, request, response, 'reference', s.title);
			// "POST /v1/ads/create creates …" over a Body field | Type | Required table, "Response 200 `{…}`" after it
			const endpoint = /^(GET|POST|PUT|PATCH|DELETE) (\/\S+)/.exec(t.before);
			if (t.header[0] === 'Body field' && endpoint) {
				// a row may name several fields ("startDate, endDate | ISO 8601"): its type and Required are each one's
				const words = (row: string[]) => [row[1], row[2] === 'yes' ? 'required' : ''].filter(Boolean).join(', ');
				const request = `(b) ${t.rows.flatMap((row) => row[0].split(/,\s*/).map((name) => `${name} (${words(row)})`)).join(', ')}`;
				add(endpoint[1], endpoint[2], request, /Response (\d{3} `\{.*?\}`)/.exec(t.after)?.[1] ?? '', 'reference', s.title);
			}
		}
	}
	// an endpoint in both: the contract's row, which states what the reference leaves out, in the reference's place
	const byKey = new Map<string, number>();
	const keep = (e: ReferenceEndpoint) => {
		const key = `${e.method} ${e.path}`;
		if (byKey.has(key)) out[byKey.get(key)!] = e;
		else byKey.set(key, out.push(e) - 1);
	};
	out.splice(0).forEach(keep);
	for (const s of sections(contract)) {
		for (const t of tables(s.lines)) {
			if (t.header[0] !== 'Endpoint') continue;
			for (const [endpoint, request, response] of t.rows) {
				const [method, apiPath] = endpoint.split(' ');
				const before = out.length;
				add(method, apiPath, request, response, 'contract', s.title);
				out.splice(before).forEach(keep);
			}
		}
	}
	return out;
}

let read: ReferenceEndpoint[] | undefined;
/** parseReference() of the files in the repository, read once. */
export const referenceEndpoints = () => (read ??= parseReference());
