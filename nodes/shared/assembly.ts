import type {
	IDataObject,
	IDisplayOptions,
	IExecuteSingleFunctions,
	IHttpRequestOptions,
	INodeParameters,
	INodeProperties,
	INodePropertyOptions,
	PreSendAction,
} from 'n8n-workflow';
import { NodeHelpers } from 'n8n-workflow';

import { preSendActions, wiredParameters } from './operation';
import { isEmpty, locatorValue, param } from './params';
import { failItem } from './requestActions';
import { toolDescriptionField } from './toolDescription';

/**
 * Assembling a node's properties from its resources' operation modules: the Resource and
 * Operation menus, the node's shared fields and each operation's own fields, each declared once
 * per name (see oneDeclarationPerName) and wired checks (a `send` key that is no field fails at load).
 */

export interface OperationModule {
	option: INodePropertyOptions;
	/** The operation's own fields (shown only for it). */
	properties: INodeProperties[];
	/** Names of the node's shared fields this operation shows. */
	uses?: string[];
	/** Own fields shown before the shared ones (what the user decides first, e.g. the network that filters the connection list). */
	leading?: INodeProperties[];
}

export interface ResourceSpec {
	name: string;
	value: string;
	operations: OperationModule[];
	defaultOperation: string;
}

/** The Resource menu of a node. */
export function resourceSelector(options: Array<{ name: string; value: string }>, defaultValue: string): INodeProperties {
	return {
		displayName: 'Resource',
		name: 'resource',
		type: 'options',
		noDataExpression: true,
		options: [...options].sort((a, b) => a.name.localeCompare(b.name)),
		default: defaultValue,
	};
}

/** Conditions of a field on parameter values (e.g. a Network), beyond the resource and operation that show it. */
const valueConditions = (field: INodeProperties) =>
	[...Object.keys(field.displayOptions?.show ?? {}), ...Object.keys(field.displayOptions?.hide ?? {})].filter(
		(key) => !['resource', 'operation', '@tool', '@version'].includes(key),
	);

/**
 * preSend: fields n8n cannot require statically, checked when the operation runs, naming the
 * missing field: those required only on a value known at run time (a Network an expression or a
 * model chooses; n8n's static check shows every field whose condition is an expression).
 */
function requireShown(fields: INodeProperties[]): PreSendAction {
	return async function (this: IExecuteSingleFunctions, request: IHttpRequestOptions) {
		for (const field of fields) {
			const keys = valueConditions(field);
			const values = Object.fromEntries(keys.map((key) => key.replace(/^\//, '')).map((name) => [name, param(this, name, undefined)])) as INodeParameters;
			const { show, hide } = field.displayOptions ?? {};
			const only = (conditions?: IDataObject) => conditions && Object.fromEntries(Object.entries(conditions).filter(([k]) => keys.includes(k)));
			const onValues = { ...field, displayOptions: { show: only(show), hide: only(hide) } } as INodeProperties;
			if (!NodeHelpers.displayParameter(values, onValues, this.getNode(), null, values)) continue;
			const value = field.type === 'resourceLocator' ? locatorValue(this, field.name) : param(this, field.name, undefined);
			if (!isEmpty(value)) continue;
			const on = Object.entries(values).map(([name, value]) => `${name} ${String(value)}`).join(', ');
			failItem(this, `"${field.displayName}" is required${on ? ` for ${on}` : ' for this operation'}`, `Set "${field.displayName}" (${field.description ?? field.displayName}).`);
		}
		return request;
	};
}

/** A field shown for an operation: resource and operation first, so that n8n's display check never shows it elsewhere. */
function shownFor(where: { resource: string[]; operation?: string[] }, field: INodeProperties): INodeProperties {
	// n8n shows a field as soon as one of its conditions, in order, is an expression: the resource
	// and operation must be checked before a condition a model may set (e.g. Network)
	return { ...field, displayOptions: { ...field.displayOptions, show: { ...where, ...field.displayOptions?.show, ...where } } };
}

/** The operations a field is shown for, by its resource and operation conditions. */
function operationsShowing(resources: ResourceSpec[], field: INodeProperties): INodePropertyOptions[] {
	const show = field.displayOptions?.show as { resource?: string[]; operation?: string[] } | undefined;
	if (!show?.resource) return [];
	return resources
		.filter((r) => show.resource!.includes(r.value))
		.flatMap((r) => r.operations.filter((o) => !show.operation || show.operation.includes(String(o.option.value))).map((o) => o.option));
}

/** The fields required only on a Network (or another value), made optional for n8n and checked when the operation runs (requireShown). */
export const REQUIRED_AT_RUN_TIME = new WeakSet<INodeProperties>();

type RunTimeChecks = Map<INodePropertyOptions, INodeProperties[]>;

/** Takes `required` off fields required only on run-time values; their operations check them. */
function runTimeRequired(resources: ResourceSpec[], properties: INodeProperties[], checks: RunTimeChecks): INodeProperties[] {
	return properties.map((field) => {
		if (!field.required || !valueConditions(field).length) return field;
		for (const option of operationsShowing(resources, field)) checks.set(option, [...(checks.get(option) ?? []), field]);
		const optional: INodeProperties = { ...field };
		delete optional.required;
		REQUIRED_AT_RUN_TIME.add(optional);
		return optional;
	});
}

/** Types a user may map but that hold settings, not data: they may repeat under one name. */
const SETTING_TYPES = ['options', 'multiOptions', 'boolean', 'notice', 'hidden'];

/** A declaration as JSON without what may differ between declarations of one name. */
function withoutDisplay(field: INodeProperties, children = true): string {
	const rest: Partial<INodeProperties> = { ...field };
	delete rest.displayOptions;
	delete rest.required;
	if (!children) delete rest.options;
	return JSON.stringify(rest);
}

/** The hidden marker that shows a field where one of its declarations was: present (true) only there. */
function markerOf(name: string, displayOptions: INodeProperties['displayOptions']): INodeProperties {
	return { displayName: '', name, type: 'hidden', default: true, displayOptions };
}

/**
 * One declaration per name. RoutingNode evaluates a mapped value once for every property of its
 * name in each of its two passes, so a name declared k times costs 2k + 1 evaluations per item
 * where one declaration costs 3 (README "Performance"). n8n shows a field when every `show` key
 * matches, one rectangle of resources × operations, and operation values repeat across resources
 * (Get, Delete…), so the operations using a name are rarely one rectangle. Each place a name was
 * declared becomes a `hidden` marker `<name>Shown` holding that place's display conditions (a
 * constant, never evaluated), and the one field shows where a marker is (n8n keeps a parameter
 * only where one of its declarations is shown). The
 * declarations must agree, `required` included (a field required on some operations only would
 * lose n8n's required mark everywhere: its optional uses take a name of their own, e.g. an option
 * in Options), but for collections' options (merged; each shown where its declaration was).
 * Settings (menus, toggles, notices) keep their copies.
 */
function oneDeclarationPerName(resources: ResourceSpec[], properties: INodeProperties[]): INodeProperties[] {
	const byName = new Map<string, INodeProperties[]>();
	for (const p of properties) byName.set(p.name, [...(byName.get(p.name) ?? []), p]);
	const merged = new Map<INodeProperties, INodeProperties[]>();
	const data = [...byName].filter(([, copies]) => copies.length > 1 && !copies.every((c) => SETTING_TYPES.includes(c.type) || c.noDataExpression));
	const unlike = data
		.filter(([, copies]) => new Set(copies.map((c) => withoutDisplay(c, c.type !== 'collection'))).size > 1)
		.map(([name]) => name);
	if (unlike.length)
		throw new Error(`Declared several times with different settings: ${unlike.join(', ')}. Declare each alike: one declaration per name keeps a mapped value at 3 evaluations`);
	// required by n8n (statically), checked at run time (on a Network), or optional: one of the three for all its declarations
	const need = (c: INodeProperties) => (c.required ? 'required' : REQUIRED_AT_RUN_TIME.has(c) ? 'run time' : 'optional');
	const mixed = data.filter(([, copies]) => new Set(copies.map(need)).size > 1).map(([name]) => name);
	if (mixed.length)
		throw new Error(
			`Required on some operations and not on others: ${mixed.join(', ')}. One declaration per name would drop n8n's required mark everywhere: give the other uses a name of their own (an option in Options, or a field of that network)`,
		);
	for (const [name, copies] of byName) {
		if (copies.length === 1 || copies.every((c) => SETTING_TYPES.includes(c.type) || c.noDataExpression)) continue;
		const isCollection = copies[0].type === 'collection';
		const marker = `${name}Shown`;
		const gate = oneRectangle(resources, copies) ?? existingGate(resources, properties, copies);
		const markers = gate ? [] : copies.map((c) => markerOf(marker, c.displayOptions));
		const field: INodeProperties = { ...copies[0], displayOptions: { show: gate ?? { [marker]: [true] } } };
		// each declaration's operations already check a field required on a Network (runTimeRequired)
		if (REQUIRED_AT_RUN_TIME.has(copies[0])) REQUIRED_AT_RUN_TIME.add(field);
		if (isCollection) field.options = mergedOptions(resources, copies);
		copies.forEach((c, i) => merged.set(c, [...(gate ? [] : [markers[i]]), field]));
	}
	return inEachOperationsOrder(resources, properties, (p) => merged.get(p) ?? [p]);
}

/** The declarations' operations as one rectangle of resources × operations, when they are one (and agree on any other condition). */
function oneRectangle(resources: ResourceSpec[], copies: INodeProperties[]): IDisplayOptions['show'] {
	const others = (c: INodeProperties) => JSON.stringify({ ...c.displayOptions, show: { ...c.displayOptions?.show, resource: undefined, operation: undefined } });
	if (new Set(copies.map(others)).size > 1) return undefined;
	const allOperations = new Map(resources.map((r) => [r.value, r.operations.map((o) => String(o.option.value))]));
	const uses = new Map<string, Set<string>>();
	for (const c of copies) {
		const { resource = [], operation } = (c.displayOptions?.show ?? {}) as { resource?: string[]; operation?: string[] };
		for (const r of resource) uses.set(r, new Set([...(uses.get(r) ?? []), ...(operation ?? allOperations.get(r) ?? [])]));
	}
	const displays = sharedFieldDisplays(uses, allOperations);
	if (displays.length !== 1 || copies.some((c) => c.displayOptions?.hide)) return undefined;
	const rest = Object.entries(copies[0].displayOptions?.show ?? {}).filter(([key]) => key !== 'resource' && key !== 'operation');
	return { ...displays[0]!.show, ...Object.fromEntries(rest) };
}

/**
 * A condition all declarations share on a parameter shown on exactly their operations (Limit on
 * Return All: false), which then shows the one field without markers.
 */
function existingGate(resources: ResourceSpec[], properties: INodeProperties[], copies: INodeProperties[]): IDisplayOptions['show'] {
	const operations = (fields: INodeProperties[]) => new Set(fields.flatMap((f) => operationsShowing(resources, f)));
	const same = (a: Set<INodePropertyOptions>, b: Set<INodePropertyOptions>) => a.size === b.size && [...a].every((x) => b.has(x));
	const mine = operations(copies);
	for (const [key, values] of Object.entries(copies[0].displayOptions?.show ?? {})) {
		if (['resource', 'operation'].includes(key) || key.startsWith('/') || key.startsWith('@')) continue;
		if (!copies.every((c) => JSON.stringify(c.displayOptions?.show?.[key]) === JSON.stringify(values))) continue;
		const gates = properties.filter((p) => p.name === key);
		if (gates.length && gates.every((g) => valueConditions(g).length === 0) && same(operations(gates), mine)) return { [key]: values };
	}
	return undefined;
}

/**
 * The new properties in an order that keeps each operation's fields in their declared order: n8n
 * lists a node's fields in property order, and one declaration serving several operations must
 * come after what precedes it in each of them (a topological order, earliest declaration first).
 */
function inEachOperationsOrder(
	resources: ResourceSpec[],
	declared: INodeProperties[],
	replace: (p: INodeProperties) => INodeProperties[],
): INodeProperties[] {
	const result = [...new Set(declared.flatMap(replace))];
	const rank = new Map<INodeProperties, number>();
	declared.forEach((p, i) => replace(p).forEach((q) => rank.set(q, Math.min(rank.get(q) ?? i, i))));
	const after = new Map<INodeProperties, Set<INodeProperties>>(result.map((q) => [q, new Set()]));
	for (const option of resources.flatMap((r) => r.operations.map((o) => o.option))) {
		const shown = declared.filter((p) => operationsShowing(resources, p).includes(option)).flatMap(replace);
		shown.forEach((q, i) => i > 0 && q !== shown[i - 1] && after.get(q)!.add(shown[i - 1]));
	}
	const ordered: INodeProperties[] = [];
	const placed = new Set<INodeProperties>();
	while (ordered.length < result.length) {
		const left = result.filter((q) => !placed.has(q)).sort((a, b) => rank.get(a)! - rank.get(b)!);
		// a cycle (two shared fields in opposite orders in two operations) takes the earliest
		const next = left.find((q) => [...after.get(q)!].every((p) => placed.has(p) || p === q)) ?? left[0];
		ordered.push(next);
		placed.add(next);
	}
	return ordered;
}

/**
 * A collection's options from each of its declarations, alike ones once, each shown on the
 * operations whose declaration had it (by resource and operation, not by the marker's value: n8n
 * keeps a parameter's value by name, so a marker's value may be left from another operation).
 */
function mergedOptions(resources: ResourceSpec[], copies: INodeProperties[]): INodeProperties[] {
	if (copies.some((c) => valueConditions(c).length)) throw new Error(`Collection "${copies[0].name}" is shown on a parameter value: declare it per operation only`);
	const allOperations = new Map(resources.map((r) => [r.value, r.operations.map((o) => String(o.option.value))]));
	const options: Array<{ option: INodeProperties; uses: Map<string, Set<string>> }> = [];
	// the resource → operations each declaration is shown on
	const places = copies.map((copy) => {
		const { resource, operation } = copy.displayOptions!.show as { resource: string[]; operation?: string[] };
		return resource.map((r) => [r, operation ?? allOperations.get(r)!] as const);
	});
	copies.forEach((copy, i) => {
		for (const option of copy.options as INodeProperties[]) {
			let entry = options.find((o) => JSON.stringify(o.option) === JSON.stringify(option));
			if (!entry) options.push((entry = { option, uses: new Map() }));
			for (const [r, ops] of places[i]) entry.uses.set(r, new Set([...(entry.uses.get(r) ?? []), ...ops]));
		}
	});
	const everywhere = (uses: Map<string, Set<string>>) => places.flat().every(([r, ops]) => ops.every((o) => uses.get(r)?.has(o)));
	return options
		.flatMap(({ option, uses }) =>
			everywhere(uses)
				? [option]
				: sharedFieldDisplays(uses, allOperations).map((d) => {
						const { resource, operation } = d!.show as { resource: string[]; operation?: string[] };
						const where = { '/resource': resource, ...(operation ? { '/operation': operation } : {}) };
						return { ...option, displayOptions: { ...option.displayOptions, show: { ...option.displayOptions?.show, ...where } } };
					}),
		)
		.sort((a, b) => a.displayName.localeCompare(b.displayName));
}

/**
 * The `displayOptions` that show a shared field on the operations that use it: the resources it
 * shows on, with the operations it is used by unless it is used by all of their operations
 * (a rectangle of resources × operations; where it is not one, oneDeclarationPerName splits the
 * display into markers).
 */
export function sharedFieldDisplays(
	uses: Map<string, Set<string>>,
	allOperations: Map<string, string[]>,
): Array<INodeProperties['displayOptions']> {
	const exact = (resources: string[], operations: Set<string>) =>
		resources.every((r) => (allOperations.get(r) ?? []).every((op) => operations.has(op) === uses.get(r)!.has(op)));
	const groups: Array<{ resources: string[]; operations: Set<string> }> = [];
	for (const [resource, ops] of uses) {
		const group = groups.find((g) => exact([...g.resources, resource], new Set([...g.operations, ...ops])));
		if (group) {
			group.resources.push(resource);
			for (const op of ops) group.operations.add(op);
		} else groups.push({ resources: [resource], operations: new Set(ops) });
	}
	return groups.map((g) => {
		const everyOp = g.resources.every((r) => (allOperations.get(r) ?? []).every((op) => uses.get(r)!.has(op)));
		return { show: everyOp ? { resource: g.resources } : { resource: g.resources, operation: [...g.operations] } };
	});
}

/**
 * A node's properties: the Resource menu, each resource's Operation menu, the node's shared
 * fields (each shown for exactly the operations listing it in `uses`), then each operation's
 * own fields, shown only for it; each name declared once (oneDeclarationPerName), the tool
 * description last.
 */
export function assembleNode(resources: ResourceSpec[], shared: INodeProperties[], defaultResource: string): INodeProperties[] {
	const allOperations = new Map(resources.map((r) => [r.value, r.operations.map((o) => String(o.option.value))]));
	const selectors: INodeProperties[] = resources.map(({ value, operations, defaultOperation }) => ({
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: [value] } },
		options: operations.map((o) => o.option).sort((a, b) => a.name.localeCompare(b.name)),
		default: defaultOperation,
	}));
	const sharedProperties = shared.flatMap((field) => {
		const uses = new Map<string, Set<string>>();
		for (const r of resources)
			for (const o of r.operations)
				if (o.uses?.includes(field.name)) {
					if (!uses.has(r.value)) uses.set(r.value, new Set());
					uses.get(r.value)!.add(String(o.option.value));
				}
		if (uses.size === 0) throw new Error(`Shared field ${field.name} is used by no operation`);
		// a shared field's own conditions on other parameters (e.g. an input mode) are kept beside resource and operation
		return sharedFieldDisplays(uses, allOperations).map((displayOptions) => shownFor(displayOptions!.show as { resource: string[] }, field));
	});
	for (const r of resources)
		for (const o of r.operations)
			for (const name of o.uses ?? [])
				if (!shared.some((f) => f.name === name)) throw new Error(`${r.value}.${o.option.value} uses unknown shared field ${name}`);
	// a misspelt `send` key or `{path}` name would read as empty and silently drop from the request
	for (const r of resources)
		for (const o of r.operations) {
			const own = [...(o.leading ?? []), ...o.properties];
			const shown = new Set([...(o.uses ?? []), ...own.map((f) => f.name)]);
			// an option of one of its collections by path (`options.accountId`)
			for (const f of own) if (f.type === 'collection') for (const c of f.options as INodeProperties[]) shown.add(`${f.name}.${c.name}`);
			for (const name of wiredParameters(o.option))
				if (!shown.has(name)) throw new Error(`${r.value}.${o.option.value} sends parameter "${name}", which is not a field of that operation`);
		}
	const ownFields = (pick: (o: OperationModule) => INodeProperties[] | undefined) =>
		resources.flatMap((r) =>
			r.operations.flatMap((o) => (pick(o) ?? []).map((field) => shownFor({ resource: [r.value], operation: [String(o.option.value)] }, field))),
		);
	const checks: RunTimeChecks = new Map();
	const declared = runTimeRequired(
		resources,
		[
			resourceSelector(resources.map((r) => ({ name: r.name, value: r.value })), defaultResource),
			...selectors,
			...ownFields((o) => o.leading),
			...sharedProperties,
			...ownFields((o) => o.properties),
		],
		checks,
	);
	const properties = oneDeclarationPerName(resources, declared);
	for (const [option, fields] of checks) preSendActions(option).unshift(requireShown(fields));
	// the tool description reads each operation's fields by their resource and operation conditions
	return [...properties, toolDescriptionField(declared)];
}
