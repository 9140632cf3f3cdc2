/**
 * Evaluation budget for every operation of the three action nodes, on the engine n8n runs.
 *
 * Counts n8n's expression evaluations (calls of Expression.resolveSimpleParameterValue with an
 * `=`-expression) while each operation runs on 3 items:
 *  - all parameters constant            → 0 evaluations: nothing spent on our plumbing
 *    (base URL, auth, URLs, constants);
 *  - every user-facing value mapped as `={{ $json.<key> }}` (top-level strings, numbers,
 *    resource-locator values, values inside collections, and Limit) → per item at most
 *    RoutingNode's floor: 3 per mapped value (5 inside a fixedCollection).
 * Why that floor: RoutingNode evaluates every top-level property's value in each of its two
 * passes (the request pass and resolveBaseUrl), once per property with that name, and our
 * operation reads each mapped value once more through a per-item memo (nodes/shared/params.ts).
 * A name declared k times would cost 2k + 1; each node declares each data field once
 * (nodes/shared/oneDeclarationPerName.ts), so every value is at the floor. A
 * fixedCollection's values are evaluated once more in each pass (n8n's own cost of that type).
 * Operations that read all items at once (batch inputs) are reported per item on average
 * (evaluations of the whole execution / items), the same assertion.
 */
import { Expression, NodeHelpers, type INodeParameters, type INodeProperties, type NodeParameterValue } from 'n8n-workflow';

import { nodeType } from '../../harness';
import { useFakeApi } from '../../harness/context';
import { operationKey, referenceOperations } from '../contract/reference';
import { everyOperation, type OperationCase } from '../reliability/operations';

const ITEMS = 3;
const UNMAPPED_TYPES = ['options', 'multiOptions', 'boolean', 'notice', 'hidden', 'credentialsSelect'];

let evaluations = 0;
const original = Expression.prototype.resolveSimpleParameterValue;
beforeAll(() => {
	Expression.prototype.resolveSimpleParameterValue = function (this: Expression, value: NodeParameterValue, ...rest: never[]) {
		if (typeof value === 'string' && value.charAt(0) === '=') evaluations++;
		return (original as (...a: unknown[]) => ReturnType<typeof original>).call(this, value, ...rest);
	} as typeof original;
});
afterAll(() => {
	Expression.prototype.resolveSimpleParameterValue = original;
});

interface Mapped {
	parameters: INodeParameters;
	item: Record<string, unknown>;
	/** top-level name of each mapped value */
	names: string[];
}

/** Replaces every user-facing value by `={{ $json.<key> }}`; the item carries the constants. */
function mapValues(c: OperationCase, props: INodeProperties[]): Mapped {
	const item: Record<string, unknown> = {};
	const names: string[] = [];
	const leaf = (top: string, key: string, v: unknown) => {
		item[key] = v;
		names.push(top);
		return `={{ $json[${JSON.stringify(key)}] }}`;
	};
	const deep = (top: string, key: string, v: unknown): unknown => {
		if (typeof v === 'string' || typeof v === 'number') return leaf(top, key, v);
		if (Array.isArray(v)) return v.map((x, i) => deep(top, `${key}_${i}`, x));
		if (v && typeof v === 'object') {
			const o = v as Record<string, unknown>;
			if (o.__rl) return { ...o, value: typeof o.value === 'string' || typeof o.value === 'number' ? leaf(top, key, o.value) : o.value };
			return Object.fromEntries(Object.entries(o).map(([k, x]) => [k, deep(top, `${key}_${k}`, x)]));
		}
		return v;
	};
	const parameters: INodeParameters = {};
	// the node's parameters as n8n fills them (defaults, the hidden markers of oneDeclarationPerName)
	const full = NodeHelpers.getNodeParameters(props, c.parameters, true, false, { typeVersion: 1 } as never, null)!;
	for (const [name, value] of Object.entries(c.parameters)) {
		// the declaration of that name shown for this operation
		const shown = props.filter((p) => p.name === name && NodeHelpers.displayParameter(full, p, { typeVersion: 1 } as never, null, full));
		const mappable = shown.length > 0 && shown.every((p) => !UNMAPPED_TYPES.includes(p.type) && !p.noDataExpression);
		parameters[name] = (mappable ? deep(name, name, value) : value) as never;
	}
	return { parameters, item, names };
}

/** A Get Many case with Return All off maps its Limit too (one name that many operations show). */
function withLimit(c: OperationCase, props: INodeProperties[]): OperationCase {
	if (c.parameters.returnAll !== false || 'limit' in c.parameters || !props.some((p) => p.name === 'limit')) return c;
	return { ...c, parameters: { ...c.parameters, limit: 2 } };
}

const cases = everyOperation().map((c) => ({ ...c, label: operationKey(c) }));
const rows: string[] = [];

const constants = useFakeApi('storefrontCommerce');
const mapped = useFakeApi('storefrontCommerce');

test('one case per endpoint of the reference tables (test/contract/reference), none missing, none extra', () => {
	expect(cases.map((c) => c.label).sort()).toEqual(referenceOperations());
});

test.each(cases)('$label', async (c) => {
	const props = nodeType(c.node).description.properties;
	// RoutingNode evaluates a fixedCollection's values once more in each of its two passes, so
	// such a property counts twice
	const copies = (name: string) => props.filter((p) => p.name === name).reduce((n, p) => n + (p.type === 'fixedCollection' ? 2 : 1), 0);
	const run = async (ctx: typeof constants, parameters: INodeParameters, items: Array<Record<string, unknown>>) => {
		evaluations = 0;
		const r = await runAs(ctx, c, parameters, items);
		return { ...r, evaluations };
	};

	const limited = withLimit(c, props);
	const base = await run(constants, limited.parameters, Array.from({ length: ITEMS }, () => ({})));
	const m = mapValues(limited, props);
	const withMaps = await run(mapped, m.parameters, Array.from({ length: ITEMS }, () => m.item));

	const perItem = withMaps.evaluations / ITEMS;
	const floor = m.names.reduce((sum, name) => sum + 2 * copies(name) + 1, 0);
	rows.push([c.label.padEnd(48), String(m.names.length).padStart(6), String(perItem).padStart(8), String(floor).padStart(6)].join(' '));

	// the mapped run makes the same calls as the constant one
	const calls = (r: typeof base) => r.requests.map((q) => [q.method, q.path, q.query, q.body]);
	expect(calls(withMaps)).toEqual(calls(base));
	expect({ constantEvaluations: base.evaluations }).toEqual({ constantEvaluations: 0 });
	expect(perItem).toBeLessThanOrEqual(floor);
	// one declaration per data field: a mapped value costs 3 (5 in a fixedCollection), never 2k + 1
	expect(m.names.filter((name) => copies(name) !== (props.find((p) => p.name === name)!.type === 'fixedCollection' ? 2 : 1))).toEqual([]);
});

afterAll(() => {
	rows.sort();
	console.log(
		['evaluations per item (3 items) — operation, mapped values, evaluations/item, floor (3 per value, 5 in a fixedCollection)', ...rows].join('\n'),
	);
});

async function runAs(ctx: typeof constants, c: OperationCase, parameters: INodeParameters, items: Array<Record<string, unknown>>) {
	const { runNode } = await import('../../harness');
	ctx.api.clearRequests();
	const result = await runNode({
		node: c.node,
		parameters,
		items: items as never,
		continueOnFail: true,
		credentials: { apiKey: ctx.apiKey, baseUrl: ctx.api.url, limitSpending: false, ...c.credentials },
	});
	return { ...result, requests: [...ctx.api.requests] };
}
