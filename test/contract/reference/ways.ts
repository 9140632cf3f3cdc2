import type { INodeParameters, INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import type { ResourceSpec } from '../../../nodes/shared/assembly';
import { fieldsOf } from '../../../nodes/shared/operation';
import { statedRequests } from '../../../scripts/lib/statedRequests';
import { plausibleValue } from '../../reliability/operations';
import type { ReferenceEndpoint, ReferenceField } from './parse';
import { SEEDS } from './seeds';
import { rl, type Endpoint, type NodeName, type NodeWay, type RequestField, type ResponseSpec, type RunSpec } from './types';

/**
 * How a node expresses the endpoints the API's text states (parse.ts): test data of ours, by
 * endpoint (`METHOD path`), kept in the area files (commerce.ts, webhooks.ts). An endpoint without
 * an entry, or a field without a way, gets one found here: the operation whose file declares the
 * method and path, the seed its path IDs name, and for each field the operation's parameter of that
 * name (its own, or an option of one of its collections) set to a plausible value. A field the
 * operation has no parameter for is a failing row of the contract suite, naming it.
 */
export interface Ways {
	/** The node's runs and data (types.ts `Endpoint`); without `seed`, the seeds its path IDs name. */
	seed?: string[];
	base?: INodeParameters;
	runs?: Record<string, RunSpec>;
	/** How the node sets each request field, by its name: `set` the parameters, the API then receives `sends`. */
	fields?: Record<string, NodeWay>;
	/** What the output needs beyond the answer's fields: the run checked, other runs' answers, a list-level field the node renames. */
	output?: Pick<ResponseSpec, 'run' | 'more' | 'as'>;
	/**
	 * What the API's text says in words parse.ts does not read (or says in contract.md's prose),
	 * each with why: attributes over a parsed field's, fields the text gives as a variant, the
	 * answer's fields. test/contract/parse.test.ts fails on one that repeats what is parsed.
	 */
	reference?: {
		fields?: Record<string, Partial<ReferenceField>>;
		extra?: RequestField[];
		response?: ResponseSpec;
	};
}

/** An area's ways by endpoint, and attributes its text gives every field of a name (`limit` of the store's cursor lists). */
export interface AreaWays {
	node: NodeName;
	resources: ResourceSpec[];
	/** The area's endpoints: those of the text whose path this matches. */
	paths: RegExp;
	byName?: Record<string, Partial<ReferenceField>>;
	endpoints: Record<string, Ways>;
	/**
	 * Rows written out whole, for endpoints whose text parse.ts does not read (the Ads rows: ads.ts
	 * says why); test/contract/parse.test.ts refuses one the text reads as it says.
	 */
	written?: Endpoint[];
}

export const endpointKey = (e: { method: string; path: string }) => `${e.method} ${e.path}`;

/** The operation whose file states this method and path. */
function operationOf(area: AreaWays, stated: Map<string, { method: string; path: string }>, ep: ReferenceEndpoint): { resource: string; option: INodePropertyOptions } | undefined {
	for (const r of area.resources) {
		for (const o of r.operations) {
			const declared = stated.get(`${r.value}.${String(o.option.value)}`);
			if (declared?.method === ep.method && declared.path === ep.path) return { resource: r.value, option: o.option };
		}
	}
	return undefined;
}

/** A path ID's seed token: `pageId` is the `page` seed's `$page`. */
const tokenOf = (pathName: string) => pathName.replace(/Id$/, '');

/** The way the operation's own parameter of the field's name sets it, or why there is none. */
function foundWay(area: AreaWays, found: { resource: string; option: INodePropertyOptions } | undefined, field: ReferenceField): Pick<RequestField, 'node' | 'why'> {
	if (field.in === 'path') {
		const token = tokenOf(field.name);
		if (!SEEDS[token]) return { node: null, why: `no seed "${token}" in test/contract/reference/seeds.ts makes the ${field.name} this endpoint needs` };
		return { node: { set: { [field.name]: rl(`$${token}`) }, sends: `$${token}` } };
	}
	const fields = (found && fieldsOf(found.option)) ?? [];
	const own = fields.find((p) => p.name === field.name);
	const collection = fields.find((p) => p.type === 'collection' && (p.options as INodeProperties[]).some((o) => o.name === field.name));
	const parameter = own ?? (collection?.options as INodeProperties[] | undefined)?.find((o) => o.name === field.name);
	if (!parameter) return { node: null, why: `the operation has no parameter named "${field.name}": say how it sets it in its area file (test/contract/reference/)` };
	const value = plausibleValue(parameter, { resource: found?.resource ?? '' }, area.node);
	const sends = typeof value === 'object' && value !== null && 'value' in value ? (value as { value: unknown }).value : value;
	return { node: { set: { [own ? field.name : `${collection!.name}.${field.name}`]: value as never }, sends } };
}

/** The area's endpoints of the text, each with its node's ways (found where the area file has none) and the text's words the area file adds. */
export function endpointsOf(area: AreaWays, parsed: ReferenceEndpoint[]): Endpoint[] {
	const mine = parsed.filter((e) => area.paths.test(e.path));
	const written = new Map((area.written ?? []).map((e) => [endpointKey(e), e]));
	const stale = [...Object.keys(area.endpoints), ...written.keys()].filter((key) => !mine.some((e) => endpointKey(e) === key));
	if (stale.length) throw new Error(`${area.node}: rows for endpoints the reference does not state: ${stale.join(', ')}`);
	const twice = Object.keys(area.endpoints).filter((key) => written.has(key));
	if (twice.length) throw new Error(`${area.node}: both ways and a written row for ${twice.join(', ')}`);
	const stated = statedRequests(area.node[0].toUpperCase() + area.node.slice(1));
	return mine.map((ep) => {
		if (written.has(endpointKey(ep))) return written.get(endpointKey(ep))!;
		const ways = area.endpoints[endpointKey(ep)] ?? {};
		const found = operationOf(area, stated, ep);
		const request: RequestField[] = [
			...ep.request.map((parsedField) => {
				const field: ReferenceField = { ...parsedField, ...area.byName?.[parsedField.name], ...ways.reference?.fields?.[parsedField.name] };
				const way = ways.fields?.[field.name];
				return { ...field, ...(way ? { node: way } : foundWay(area, found, field)) };
			}),
			...(ways.reference?.extra ?? []),
		];
		const seeds = ep.request.filter((f) => f.in === 'path').map((f) => tokenOf(f.name)).filter((t) => SEEDS[t]);
		return {
			method: ep.method,
			path: ep.path,
			...(ep.source === 'contract' ? { source: 'contract' as const } : {}),
			node: area.node,
			resource: found?.resource ?? '(no operation declares this endpoint)',
			operation: String(found?.option.value ?? ''),
			...(ways.seed ? { seed: ways.seed } : seeds.length ? { seed: seeds } : {}),
			...(ways.base ? { base: ways.base } : {}),
			...(ways.runs ? { runs: ways.runs } : {}),
			request,
			response: { ...(ways.reference?.response ?? ep.response), ...ways.output },
		};
	});
}
