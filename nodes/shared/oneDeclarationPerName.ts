import type { IDisplayOptions, INodeProperties } from 'n8n-workflow';

import { REQUIRED_ON_VALUE, valueConditions } from './requiredOnValue';

/**
 * Why: RoutingNode evaluates a mapped value once per property of its name in each of its two
 * passes, so a name declared k times costs 2k + 1 evaluations per item, one declaration 3
 * (docs/performance.md). This pass turns a node's plain properties (assembly.ts) into one
 * declaration per data field, shown exactly where the plain ones were. Skip it and every
 * operation still reads as plain n8n; it is the only place the description differs from that form.
 */
export function oneDeclarationPerName(plain: INodeProperties[]): INodeProperties[] {
	const all = operationsByResource(plain);
	const byName = new Map<string, INodeProperties[]>();
	for (const p of plain) byName.set(p.name, [...(byName.get(p.name) ?? []), p]);
	checkAlike(byName);
	const replaced = new Map<INodeProperties, INodeProperties[]>();
	for (const [name, copies] of byName) {
		if (copies.length === 1 || name === 'resource' || name === 'operation') continue;
		if (isSetting(copies)) for (const [copy, declaration] of settingsByRectangle(all, copies)) replaced.set(copy, [declaration]);
		else oneField(all, plain, name, copies).forEach((declarations, copy) => replaced.set(copy, declarations));
	}
	return inEachOperationsOrder(all, plain, (p) => replaced.get(p) ?? [p]);
}

/** Types a user may map but that hold settings, not data (menus, toggles, notices): alike copies merge per rectangle, unlike ones stay. */
const SETTING_TYPES = ['options', 'multiOptions', 'boolean', 'notice', 'hidden'];
const isSetting = (copies: INodeProperties[]) => copies.every((c) => SETTING_TYPES.includes(c.type) || c.noDataExpression);

/** resource → its operations, read from the Operation menus. */
type Operations = Map<string, string[]>;
function operationsByResource(plain: INodeProperties[]): Operations {
	const menus = plain.filter((p) => p.name === 'operation');
	return new Map(menus.map((m) => [(m.displayOptions!.show!.resource as string[])[0], (m.options as Array<{ value: string }>).map((o) => String(o.value))]));
}

/** The places (`resource:operation`) a field shows on, by its resource and operation conditions. */
function placesOf(all: Operations, field: INodeProperties): string[] {
	const show = field.displayOptions?.show as { resource?: string[]; operation?: string[] } | undefined;
	if (!show?.resource) return [];
	return show.resource.flatMap((r) => (show.operation ?? all.get(r) ?? []).filter((op) => all.get(r)?.includes(op)).map((op) => `${r}:${op}`));
}

/** resource → operations of a set of places. */
function usesOf(places: string[]): Map<string, Set<string>> {
	const uses = new Map<string, Set<string>>();
	for (const place of places) {
		const [r, op] = place.split(':');
		uses.set(r, new Set([...(uses.get(r) ?? []), op]));
	}
	return uses;
}

/** A declaration as JSON without what may differ between declarations of one name. */
function withoutDisplay(field: INodeProperties, children = true): string {
	const rest: Partial<INodeProperties> = { ...field };
	delete rest.displayOptions;
	delete rest.required;
	if (!children) delete rest.options;
	return JSON.stringify(rest);
}

/** Data fields of one name must agree (but for collections' options), `required` included: one declaration cannot be required on some operations only. */
function checkAlike(byName: Map<string, INodeProperties[]>) {
	const data = [...byName].filter(([, copies]) => copies.length > 1 && !isSetting(copies));
	const unlike = data.filter(([, copies]) => new Set(copies.map((c) => withoutDisplay(c, c.type !== 'collection'))).size > 1).map(([name]) => name);
	if (unlike.length)
		throw new Error(`Declared several times with different settings: ${unlike.join(', ')}. Declare each alike: one declaration per name keeps a mapped value at 3 evaluations`);
	const need = (c: INodeProperties) => (c.required ? 'required' : REQUIRED_ON_VALUE.has(c) ? 'on a value' : 'optional');
	const mixed = data.filter(([, copies]) => new Set(copies.map(need)).size > 1).map(([name]) => name);
	if (mixed.length)
		throw new Error(
			`Required on some operations and not on others: ${mixed.join(', ')}. One declaration per name would drop n8n's required mark everywhere: give the other uses a name of their own (an option in Options, or a field of that network)`,
		);
}

/** The hidden marker that shows a field where one of its declarations was: present (true) only there. */
function markerOf(name: string, displayOptions: INodeProperties['displayOptions']): INodeProperties {
	return { displayName: '', name, type: 'hidden', default: true, displayOptions };
}

/**
 * One data field for all copies of a name. n8n shows a field when every `show` key matches: one
 * rectangle of resources × operations. Where the copies are not one rectangle (operation values
 * repeat across resources), the fewest rectangles of their places each become a `hidden` marker
 * `<name>Shown` holding its display conditions (a constant, never evaluated; one per rectangle,
 * not per copy: every property costs a display check per item), and the one field shows where a
 * marker is.
 */
function oneField(all: Operations, plain: INodeProperties[], name: string, copies: INodeProperties[]) {
	const gate = oneRectangle(all, copies) ?? existingGate(all, plain, copies);
	const marker = `${name}Shown`;
	const field: INodeProperties = { ...copies[0], displayOptions: { show: gate ?? { [marker]: [true] } } };
	if (REQUIRED_ON_VALUE.has(copies[0])) REQUIRED_ON_VALUE.add(field);
	if (copies[0].type === 'collection') field.options = mergedOptions(all, copies);
	if (gate) return new Map(copies.map((c) => [c, [field]]));
	const markers = new Map<string, INodeProperties>();
	const markerFor = (displayOptions: IDisplayOptions) => {
		const key = JSON.stringify(displayOptions);
		if (!markers.has(key)) markers.set(key, markerOf(marker, displayOptions));
		return markers.get(key)!;
	};
	const displays = displaysByRectangle(all, copies, (c) => JSON.stringify({ ...c.displayOptions, show: otherConditions(c) }));
	return new Map(copies.map((c) => [c, [markerFor(displays.get(c)!), field]]));
}

/** Alike copies of a setting, one declaration per rectangle of their places. */
function settingsByRectangle(all: Operations, copies: INodeProperties[]): Map<INodeProperties, INodeProperties> {
	const others = (c: INodeProperties) => JSON.stringify({ ...c, displayOptions: { ...c.displayOptions, show: otherConditions(c) } });
	const displays = displaysByRectangle(all, copies, others);
	const declarations = new Map<string, INodeProperties>();
	return new Map(
		copies.map((c) => {
			const displayOptions = displays.get(c)!;
			const key = others(c) + JSON.stringify(displayOptions);
			if (!declarations.has(key)) declarations.set(key, { ...c, displayOptions });
			return [c, declarations.get(key)!];
		}),
	);
}

/** A copy's `show` conditions beyond its resource and operation. */
const otherConditions = (c: INodeProperties) => Object.fromEntries(Object.entries(c.displayOptions?.show ?? {}).filter(([key]) => key !== 'resource' && key !== 'operation'));

/**
 * Each copy's display conditions, merged with those of the copies alike in `others` into the
 * fewest rectangles of resources × operations (resource and operation first, then the copies'
 * other conditions). A copy with `hide` conditions keeps its own.
 */
function displaysByRectangle(all: Operations, copies: INodeProperties[], others: (c: INodeProperties) => string): Map<INodeProperties, IDisplayOptions> {
	const result = new Map<INodeProperties, IDisplayOptions>();
	const groups = new Map<string, INodeProperties[]>();
	for (const c of copies) groups.set(others(c), [...(groups.get(others(c)) ?? []), c]);
	for (const group of groups.values()) {
		if (group.some((c) => c.displayOptions?.hide)) continue;
		for (const { show } of rectangles(usesOf(group.flatMap((c) => placesOf(all, c))), all)) {
			const displayOptions: IDisplayOptions = { ...group[0].displayOptions, show: { ...show, ...otherConditions(group[0]) } };
			const mine = new Set(placesOf(all, { ...group[0], displayOptions }));
			for (const c of group) if (!result.has(c) && placesOf(all, c).every((p) => mine.has(p))) result.set(c, displayOptions);
		}
	}
	// a copy no rectangle covers (hide conditions) keeps its own conditions
	for (const c of copies) if (!result.has(c)) result.set(c, c.displayOptions ?? {});
	return result;
}

/** The copies' places as one rectangle of resources × operations, when they are one (and agree on any other condition). */
function oneRectangle(all: Operations, copies: INodeProperties[]): IDisplayOptions['show'] {
	const others = (c: INodeProperties) => JSON.stringify({ ...c.displayOptions, show: otherConditions(c) });
	if (new Set(copies.map(others)).size > 1 || copies.some((c) => c.displayOptions?.hide)) return undefined;
	const displays = rectangles(usesOf(copies.flatMap((c) => placesOf(all, c))), all);
	if (displays.length !== 1) return undefined;
	return { ...displays[0].show, ...otherConditions(copies[0]) };
}

/**
 * A condition all copies share on a parameter shown on exactly their places (Limit on Return All:
 * false), which then shows the one field without markers.
 */
function existingGate(all: Operations, plain: INodeProperties[], copies: INodeProperties[]): IDisplayOptions['show'] {
	const places = (fields: INodeProperties[]) => new Set(fields.flatMap((f) => placesOf(all, f)));
	const same = (a: Set<string>, b: Set<string>) => a.size === b.size && [...a].every((x) => b.has(x));
	const mine = places(copies);
	for (const [key, values] of Object.entries(copies[0].displayOptions?.show ?? {})) {
		if (['resource', 'operation'].includes(key) || key.startsWith('/') || key.startsWith('@')) continue;
		if (!copies.every((c) => JSON.stringify(c.displayOptions?.show?.[key]) === JSON.stringify(values))) continue;
		const gates = plain.filter((p) => p.name === key);
		if (gates.length && gates.every((g) => valueConditions(g).length === 0) && same(places(gates), mine)) return { [key]: values };
	}
	return undefined;
}

/**
 * The new properties in an order that keeps each operation's fields in their declared order: n8n
 * lists a node's fields in property order, and one declaration serving several operations must
 * come after what precedes it in each of them (a topological order, earliest declaration first).
 */
function inEachOperationsOrder(all: Operations, plain: INodeProperties[], replace: (p: INodeProperties) => INodeProperties[]): INodeProperties[] {
	const result = [...new Set(plain.flatMap(replace))];
	const rank = new Map<INodeProperties, number>();
	plain.forEach((p, i) => replace(p).forEach((q) => rank.set(q, Math.min(rank.get(q) ?? i, i))));
	const after = new Map<INodeProperties, Set<INodeProperties>>(result.map((q) => [q, new Set()]));
	for (const place of [...all].flatMap(([r, ops]) => ops.map((op) => `${r}:${op}`))) {
		const shown = plain.filter((p) => placesOf(all, p).includes(place)).flatMap(replace);
		shown.forEach((q, i) => i > 0 && q !== shown[i - 1] && after.get(q)!.add(shown[i - 1]));
	}
	const ordered: INodeProperties[] = [];
	const placed = new Set<INodeProperties>();
	while (ordered.length < result.length) {
		const left = result.filter((q) => !placed.has(q)).sort((a, b) => rank.get(a)! - rank.get(b)!);
		// a cycle (two fields in opposite orders in two operations) takes the earliest
		const next = left.find((q) => [...after.get(q)!].every((p) => placed.has(p) || p === q)) ?? left[0];
		ordered.push(next);
		placed.add(next);
	}
	return ordered;
}

/**
 * A collection's options from each of its copies, alike ones once, each shown on the places whose
 * copy had it (by resource and operation, not by the marker's value: n8n keeps a parameter's value
 * by name, so a marker's value may be left from another operation).
 */
function mergedOptions(all: Operations, copies: INodeProperties[]): INodeProperties[] {
	if (copies.some((c) => valueConditions(c).length)) throw new Error(`Collection "${copies[0].name}" is shown on a parameter value: declare it per operation only`);
	const options: Array<{ option: INodeProperties; places: string[] }> = [];
	for (const copy of copies)
		for (const option of copy.options as INodeProperties[]) {
			let entry = options.find((o) => JSON.stringify(o.option) === JSON.stringify(option));
			if (!entry) options.push((entry = { option, places: [] }));
			entry.places.push(...placesOf(all, copy));
		}
	const everywhere = new Set(copies.flatMap((c) => placesOf(all, c)));
	return options
		.flatMap(({ option, places }) =>
			new Set(places).size === everywhere.size
				? [option]
				: rectangles(usesOf(places), all).map(({ show }) => {
						const where = { '/resource': show.resource, ...(show.operation ? { '/operation': show.operation } : {}) };
						return { ...option, displayOptions: { ...option.displayOptions, show: { ...option.displayOptions?.show, ...where } } };
					}),
		)
		.sort((a, b) => a.displayName.localeCompare(b.displayName));
}

/**
 * The `show` conditions of places given as resource → operations: the fewest rectangles of
 * resources × operations (the resources, with the operations unless it is all of theirs).
 */
export function rectangles(uses: Map<string, Set<string>>, all: Operations): Array<{ show: { resource: string[]; operation?: string[] } }> {
	const exact = (resources: string[], operations: Set<string>) =>
		resources.every((r) => (all.get(r) ?? []).every((op) => operations.has(op) === uses.get(r)!.has(op)));
	const groups: Array<{ resources: string[]; operations: Set<string> }> = [];
	for (const [resource, ops] of uses) {
		const group = groups.find((g) => exact([...g.resources, resource], new Set([...g.operations, ...ops])));
		if (group) {
			group.resources.push(resource);
			for (const op of ops) group.operations.add(op);
		} else groups.push({ resources: [resource], operations: new Set(ops) });
	}
	return groups.map((g) => {
		const everyOp = g.resources.every((r) => (all.get(r) ?? []).every((op) => uses.get(r)!.has(op)));
		return { show: everyOp ? { resource: g.resources } : { resource: g.resources, operation: [...g.operations] } };
	});
}
