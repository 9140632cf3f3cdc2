import { isDeepStrictEqual } from 'node:util';
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { nodeType } from '../../harness';
import { useFakeApi } from '../../harness/context';
import { everyOperation } from '../reliability/operations';
import type { RecordedRequest } from '../../fake-api';
import { AREAS, ENDPOINTS, operationKey, referenceOperations } from './reference';
import { SEEDS, type Tokens } from './reference/seeds';
import type { Endpoint, RequestField } from './reference/types';

/**
 * The reference's endpoint tables, as data (test/contract/reference/), run through the nodes in
 * n8n's own engine against the fake API. For every endpoint:
 * - request: each field, set from the node as the data says, reaches the API under the
 *   reference's name, in its location, with its type, allowed values and limits;
 * - required: leaving the node parameter empty is refused before the call (or the node always
 *   sends the field anyway);
 * - response: each field of the answer (each row field, for lists) is in the output items.
 * Every row is its own test, so a run lists exactly what is missing. Totals are printed at the end.
 */

// ---- totals ------------------------------------------------------------------

type Kind = 'request' | 'required' | 'response';
const totals = new Map<string, Record<Kind, { checked: number; passed: number }>>();
function tally(area: string, kind: Kind, passed: boolean) {
	if (!totals.has(area)) totals.set(area, { request: { checked: 0, passed: 0 }, required: { checked: 0, passed: 0 }, response: { checked: 0, passed: 0 } });
	const t = totals.get(area)![kind];
	t.checked += 1;
	if (passed) t.passed += 1;
}
/** Runs a row's check, counting it, and fails the test with every problem found. */
async function row(area: string, kind: Kind, check: () => Promise<string[]>) {
	let problems: string[];
	try {
		problems = await check();
	} catch (error) {
		problems = [`check crashed: ${(error as Error).message}`];
	}
	tally(area, kind, problems.length === 0);
	if (problems.length) throw new Error(problems.join('\n'));
}

afterAll(() => {
	const lines = [
		'| Area     | Endpoints | Request fields checked | reachable | Required fields | enforced | Response fields | kept |',
		'|----------|-----------|------------------------|-----------|-----------------|----------|-----------------|------|',
	];
	const sum = { request: { checked: 0, passed: 0 }, required: { checked: 0, passed: 0 }, response: { checked: 0, passed: 0 } };
	const cell = (v: number, w: number) => String(v).padStart(w);
	const line = (name: string, endpoints: number, t: typeof sum) =>
		`| ${name.padEnd(8)} | ${cell(endpoints, 9)} | ${cell(t.request.checked, 22)} | ${cell(t.request.passed, 9)} | ${cell(t.required.checked, 15)} | ${cell(t.required.passed, 8)} | ${cell(t.response.checked, 15)} | ${cell(t.response.passed, 4)} |`;
	let endpoints = 0;
	for (const [area, list] of AREAS) {
		const t = totals.get(area);
		if (!t) continue;
		endpoints += list.length;
		lines.push(line(area, list.length, t));
		for (const k of ['request', 'required', 'response'] as const) {
			sum[k].checked += t[k].checked;
			sum[k].passed += t[k].passed;
		}
	}
	lines.push(line('Total', endpoints, sum));
	const paging = ENDPOINTS.reduce((n, e) => n + (e.response.paging?.length ?? 0), 0);
	lines.push(`(${paging} paging fields such as nextCursor, pagination and has_more are consumed by Return All and not required in the output)`);
	console.log(`Reference table test totals:\n${lines.join('\n')}`);
});

// ---- parameters ----------------------------------------------------------------

let bases: Map<string, INodeParameters> | undefined;
/** Working parameters of every operation (test/reliability/operations.ts), generated from the node descriptions. */
function baseOf(ep: Endpoint): INodeParameters {
	if (!bases) {
		bases = new Map();
		try {
			for (const c of everyOperation()) bases.set(`${c.node} ${c.resource}.${c.operation}`, c.parameters);
		} catch {
			// a node that does not load yields no generated parameters; the rows then say what fails
		}
	}
	return structuredClone(bases.get(`${ep.node} ${ep.resource}.${ep.operation}`) ?? { resource: ep.resource, operation: ep.operation });
}

function setPath(target: IDataObject, path: string, value: unknown) {
	const parts = path.split('.');
	let at = target;
	for (const part of parts.slice(0, -1)) {
		if (typeof at[part] !== 'object' || at[part] === null || Array.isArray(at[part])) at[part] = {};
		at = at[part] as IDataObject;
	}
	at[parts[parts.length - 1]] = structuredClone(value) as never;
}

function deletePath(target: IDataObject, path: string) {
	const parts = path.split('.');
	let at: IDataObject | undefined = target;
	for (const part of parts.slice(0, -1)) at = at?.[part] as IDataObject | undefined;
	if (at) delete at[parts[parts.length - 1]];
}

/** Replaces `$token`s in every string by the seeded ids. */
function resolve<T>(value: T, tokens: Tokens): T {
	if (typeof value === 'string') return value.replace(/\$([A-Za-z]+)/g, (m, name: string) => tokens[name] ?? m) as T;
	if (Array.isArray(value)) return value.map((v) => resolve(v, tokens)) as T;
	if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, resolve(v, tokens)])) as T;
	return value;
}

const runOf = (field: RequestField) => field.node?.run ?? 'default';

// ---- the request the API received ----------------------------------------------------

function pathPattern(template: string) {
	const names: string[] = [];
	const source = template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{(\w+)\}/g, (_m, name: string) => (names.push(name), '([^/]+)'));
	return { regex: new RegExp(`^${source}$`), names };
}

function matching(ep: Endpoint, requests: RecordedRequest[]) {
	const { regex } = pathPattern(ep.path);
	// a static path wins over a parameter: /v1/ads/{adId} is not /v1/ads/boost
	const statics = new Set(ENDPOINTS.filter((e) => !e.path.includes('{') && e.method === ep.method).map((e) => e.path));
	return requests.filter((r) => r.method === ep.method && regex.test(r.path) && (ep.path === r.path || !statics.has(r.path)));
}

function valueAt(ep: Endpoint, request: RecordedRequest, where: RequestField['in'], name: string): unknown {
	if (where === 'body') return request.body && typeof request.body === 'object' ? (request.body as IDataObject)[name] : undefined;
	if (where === 'query') return request.query[name];
	if (where === 'header') return request.headers[name.toLowerCase()];
	const { regex, names } = pathPattern(ep.path);
	const m = regex.exec(request.path);
	const i = names.indexOf(name);
	return m && i >= 0 ? decodeURIComponent(m[i + 1]) : undefined;
}

const isObject = (v: unknown) => typeof v === 'object' && v !== null && !Array.isArray(v);

function typeProblem(field: RequestField, actual: unknown): string | undefined {
	const show = JSON.stringify(actual);
	if (actual === null && field.nullable) return undefined;
	if (field.in === 'query') {
		const text = Array.isArray(actual) ? actual.join(',') : String(actual);
		if (field.type === 'integer' && !/^-?\d+$/.test(text)) return `${show} is not an integer`;
		if (field.type === 'number' && !Number.isFinite(Number(text))) return `${show} is not a number`;
		if (field.type === 'boolean' && !['true', 'false'].includes(text)) return `${show} is not a boolean`;
		return undefined;
	}
	const ok: Record<RequestField['type'], (v: unknown) => boolean> = {
		string: (v) => typeof v === 'string',
		number: (v) => typeof v === 'number' && Number.isFinite(v),
		integer: (v) => Number.isInteger(v),
		boolean: (v) => typeof v === 'boolean',
		'string[]': (v) => Array.isArray(v) && v.every((x) => typeof x === 'string'),
		object: isObject,
		'object[]': (v) => Array.isArray(v) && v.every(isObject),
	};
	return ok[field.type](actual) ? undefined : `${show} is not of type ${field.type}`;
}

function limitProblems(field: RequestField, actual: unknown): string[] {
	const problems: string[] = [];
	const list = field.in === 'query' && field.type !== 'string[]' ? [actual] : Array.isArray(actual) ? actual : [actual];
	if (field.values) for (const v of list) if (!field.values.includes(String(v))) problems.push(`${JSON.stringify(v)} is not one of ${field.values.join(', ')}`);
	const n = Number(actual);
	if (field.min !== undefined && !(n >= field.min)) problems.push(`${JSON.stringify(actual)} is below the minimum ${field.min}`);
	if (field.max !== undefined && !(n <= field.max)) problems.push(`${JSON.stringify(actual)} is above the maximum ${field.max}`);
	if (field.maxItems !== undefined && Array.isArray(actual) && actual.length > field.maxItems) problems.push(`${actual.length} items, more than ${field.maxItems}`);
	if (field.pattern && !(actual === null && field.nullable) && !field.pattern.test(String(actual))) problems.push(`${JSON.stringify(actual)} does not match ${field.pattern}`);
	return problems;
}

function isSubset(actual: unknown, expected: unknown): boolean {
	if (isObject(expected)) return isObject(actual) && Object.entries(expected as IDataObject).every(([k, v]) => isSubset((actual as IDataObject)[k], v));
	return isDeepStrictEqual(actual, expected);
}

function sameValue(field: RequestField, actual: unknown, expected: unknown): boolean {
	if (field.in === 'query') {
		const text = (v: unknown) => (Array.isArray(v) ? v.join(',') : String(v));
		return text(actual) === text(expected);
	}
	return field.node?.partial ? isSubset(actual, expected) : isDeepStrictEqual(actual, expected);
}

interface Outcome {
	requests: RecordedRequest[];
	json: IDataObject[];
	error?: string;
	tokens: Tokens;
}

function describeRequests(ep: Endpoint, outcome: Outcome) {
	const seen = outcome.requests.map((r) => `${r.method} ${r.path}`).join(', ') || 'none';
	return `no ${ep.method} ${ep.path} request was sent (requests: ${seen})${outcome.error ? `; the node stopped: ${outcome.error}` : ''}`;
}

/** Whether the node has a parameter at this dotted path (`additionalFields.handle`: an option of the collection). */
function parameterExists(ep: Endpoint, path: string): boolean {
	const [top, child] = path.split('.');
	return nodeType(ep.node).description.properties.some((p) => {
		if (p.name !== top) return false;
		if (!child || !['collection', 'fixedCollection'].includes(p.type)) return true;
		return (p.options ?? []).some((o) => 'name' in o && o.name === child);
	});
}

function requestProblems(ep: Endpoint, field: RequestField, outcome: Outcome): string[] {
	const requests = matching(ep, outcome.requests);
	if (!requests.length) return [describeRequests(ep, outcome)];
	const found = requests.map((r) => valueAt(ep, r, field.in, field.name)).find((v) => v !== undefined);
	if (found === undefined) {
		const elsewhere = (['path', 'query', 'body', 'header'] as const).filter((w) => w !== field.in && requests.some((r) => valueAt(ep, r, w, field.name) !== undefined));
		const bodyKeys = requests[0].body && typeof requests[0].body === 'object' ? Object.keys(requests[0].body as object).join(', ') : '';
		const params = Object.keys(field.node!.set);
		const absent = params.every((path) => !parameterExists(ep, path)) ? ` — the node has no parameter ${params.join(' or ')}` : '';
		return [
			`${field.in} field "${field.name}" was not sent` +
				(elsewhere.length ? ` (it went in the ${elsewhere.join(' and ')} instead)` : '') +
				`${absent} — query: ${JSON.stringify(requests[0].query)}${bodyKeys ? `, body keys: ${bodyKeys}` : ''}${outcome.error ? `; the node stopped: ${outcome.error}` : ''}`,
		];
	}
	const problems: string[] = [];
	const type = typeProblem(field, found);
	if (type) problems.push(type);
	problems.push(...limitProblems(field, found));
	const expected = resolve(field.node!.sends, outcome.tokens);
	if (expected !== undefined && !sameValue(field, found, expected)) {
		problems.push(`sent ${JSON.stringify(found)}, expected ${JSON.stringify(expected)}${field.node!.partial ? ' (at least)' : ''}`);
	}
	return problems.map((p) => `${field.in} field "${field.name}": ${p}`);
}

function requiredProblems(ep: Endpoint, field: RequestField, outcome: Outcome): string[] {
	const requests = matching(ep, outcome.requests);
	if (!requests.length) return outcome.error ? [] : ['no request and no error: the node neither called the API nor refused'];
	const request = requests.find((r) => valueAt(ep, r, field.in, field.name) !== undefined);
	const sent = request ? valueAt(ep, request, field.in, field.name) : undefined;
	// an empty list the API accepts is a value (a menu with no items); an empty string or object is not
	const acceptedList = Array.isArray(sent) && (request?.status ?? 500) < 400;
	const empty = sent === undefined || sent === '' || (Array.isArray(sent) && sent.length === 0 && !acceptedList) || (isObject(sent) && Object.keys(sent as object).length === 0);
	if (empty) return [`with ${Object.keys(field.node!.set).join(', ')} left empty the node still called the API, ${sent === undefined ? 'without' : `with an empty`} ${field.in} field "${field.name}"`];
	return [];
}

// ---- the answer in the output ----------------------------------------------------------

function kept(item: IDataObject, path: string): boolean {
	const parts = path.split('.');
	let at: unknown = item;
	for (const part of parts) at = isObject(at) && part in (at as IDataObject) ? (at as IDataObject)[part] : undefined;
	if (at !== undefined) return true;
	const leaf = parts[parts.length - 1];
	if (leaf in item) return true;
	return Object.values(item).some((v) => isObject(v) && leaf in (v as IDataObject));
}

interface ResponseRow {
	label: string;
	path: string;
	run: string;
	every: boolean;
	/** Row fields: also kept when an item holds the whole array with the field on every row. */
	rowsKey?: string;
}

function responseRows(ep: Endpoint): ResponseRow[] {
	const r = ep.response;
	const run = r.run ?? 'default';
	return [
		...(r.fields ?? []).map((path) => ({ label: path, path, run, every: true })),
		...(r.rows?.fields ?? []).map((path) => ({ label: `${r.rows!.key}[].${path}`, path, run, every: true, rowsKey: r.rows!.key })),
		...(r.extra ?? []).map((path) => ({ label: path, path, run, every: false })),
		...(r.more ?? []).flatMap((m) => m.fields.map((path) => ({ label: `(${m.run}) ${path}`, path, run: m.run, every: true }))),
	];
}

// ---- the table ------------------------------------------------------------------------

test('each endpoint of the tables is one operation of the nodes, and each operation of the nodes one endpoint', () => {
	const twice = (keys: string[]) => keys.filter((k, i) => keys.indexOf(k) !== i);
	expect(twice(ENDPOINTS.map((e) => `${e.method} ${e.path}`))).toEqual([]);
	expect(twice(ENDPOINTS.map(operationKey))).toEqual([]);
	for (const [area, list] of AREAS) expect([area, [...new Set(list.map((e) => e.node))]]).toEqual([area, [list[0].node]]);
	expect(everyOperation().map(operationKey).sort()).toEqual(referenceOperations());
});

for (const [area, list] of AREAS) {
	describe(area, () => {
		describe.each(list.map((ep) => [`${ep.method} ${ep.path}`, ep] as const))('%s', (_name, ep) => {
			const ctx = useFakeApi(ep.node);
			const runs = new Map<string, Promise<Outcome>>();

			/** One run of the node: base parameters, the run's own, then (mode `fields`) every field of that run; `omit` leaves one field's parameters out. */
			async function execute(runName: string, mode: 'fields' | 'plain', omit?: RequestField): Promise<Outcome> {
				const spec = ep.runs?.[runName] ?? {};
				const tokens: Tokens = {};
				for (const seed of [...(ep.seed ?? []), ...(spec.seed ?? [])]) Object.assign(tokens, await SEEDS[seed](ctx.api));
				const params = baseOf(ep) as IDataObject;
				// every response field is kept with Simplify off (on by default, it keeps 10 of them: issue 68)
				Object.assign(params, { simplify: false }, structuredClone(ep.base ?? {}), structuredClone(spec.params ?? {}));
				for (const field of ep.request) {
					// path ids are part of every run; the other fields only of `fields` runs
					if (!field.node || runOf(field) !== runName || (mode === 'plain' && field.in !== 'path')) continue;
					for (const [path, value] of Object.entries(field.node.set)) setPath(params, path, value);
				}
				if (omit?.node) for (const path of Object.keys(omit.node.set)) deletePath(params, path);
				try {
					// `credential.<field>`: a field of the credential, not of the node (the ad network secrets)
					const { credential, ...parameters } = resolve(params, tokens);
					const credentials = { apiKey: ctx.apiKey, baseUrl: ctx.api.url, limitSpending: false, ...(credential as IDataObject) };
					const result = await ctx.run(parameters as INodeParameters, { credentials });
					const error = result.error ? `${result.error.message}${result.error.description ? ` — ${result.error.description}` : ''}` : undefined;
					return { requests: result.requests, json: result.json, error, tokens };
				} catch (error) {
					// n8n refuses to start a node with parameter issues (a required parameter left empty)
					return { requests: [...ctx.api.requests], json: [], error: (error as Error).message, tokens };
				}
			}
			/** Runs shared by the rows of this endpoint: made once, by whichever row needs them first. */
			const shared = (runName: string, mode: 'fields' | 'plain') => {
				const key = `${runName} ${mode}`;
				if (!runs.has(key)) runs.set(key, execute(runName, mode));
				return runs.get(key)!;
			};

			const requestRows = ep.request.map((field) => {
				const where = field.node ? Object.keys(field.node.set).join(' + ') : 'cannot be set';
				return [`request ${field.in} ${field.name}${field.on ? ` [${field.on}]` : ''} ← ${where}`, field] as const;
			});
			if (requestRows.length) {
				test.each(requestRows)('%s', async (_label, field) =>
					row(area, 'request', async () => {
						if (!field.node) return [`the node cannot express ${field.in} field "${field.name}"${field.why ? `: ${field.why}` : ''}`];
						return requestProblems(ep, field, await shared(runOf(field), 'fields'));
					}),
				);
			}

			const required = ep.request.filter((field) => field.required);
			if (required.length) {
				test.each(required.map((field) => [`required ${field.in} ${field.name}${field.on ? ` [${field.on}]` : ''}`, field] as const))('%s', async (_label, field) =>
					row(area, 'required', async () => {
						if (!field.node) return [`the node cannot express required ${field.in} field "${field.name}"`];
						const problems = requiredProblems(ep, field, await execute(runOf(field), 'fields', field));
						// a refusal counts only if the same run with the field set does call the API
						const complete = await shared(runOf(field), 'fields');
						if (!problems.length && !matching(ep, complete.requests).length) return [`cannot tell: the run stops even with "${field.name}" set (${describeRequests(ep, complete)})`];
						return problems;
					}),
				);
			}

			test.each(responseRows(ep).map((r) => [`response ${r.label}`, r] as const))('%s', async (_label, r) =>
				row(area, 'response', async () => {
					const outcome = await shared(r.run, 'plain');
					if (outcome.error) return [`the node stopped: ${outcome.error}`];
					if (!outcome.json.length) return ['the node returned no items'];
					const inRows = (item: IDataObject) => {
						const rows = r.rowsKey ? item[r.rowsKey] : undefined;
						return Array.isArray(rows) && rows.length > 0 && rows.every((x) => isObject(x) && kept(x as IDataObject, r.path));
					};
					const value = r.every ? undefined : ep.response.values?.[r.path];
					const key = r.every ? r.path : (ep.response.as?.[r.path] ?? r.path);
					const has = (item: IDataObject) => (value === undefined ? kept(item, key) : isDeepStrictEqual(item[key], value));
					const missing = outcome.json.filter((item) => !has(item) && !inRows(item));
					if (r.every ? missing.length === 0 : missing.length < outcome.json.length) return [];
					return [`"${r.path}" is not in ${r.every ? `${missing.length} of ${outcome.json.length} output items` : 'any output item'}; first item keys: ${Object.keys(outcome.json[0]).join(', ')}`];
				}),
			);
		});
	});
}
