import type { INodePropertyOptions } from 'n8n-workflow';

/**
 * Words that point at another action name it as the nodes panel and the canvas show it: its
 * resource and its action, "Post → Get many posts ranked for boosting", read from the operation's
 * own option, so renaming an action renames every reference to it.
 *
 * A field's description is made while the operation files load, before the node knows its
 * actions: there `actionName` gives a stand-in that the node replaces when it assembles its
 * description (assembly.ts). Called while a node runs, it gives the words at once.
 */

/** `resource:operation` → "Post → Get many posts ranked for boosting", as each node registers them when it loads. */
const ACTIONS = new Map<string, string>();

const STAND_IN = /⟦(\w+):(\w+)⟧/g;

/** How the panel names operation `operation` of resource `resource` (values, e.g. `actionName('post', 'getBest')`). */
export function actionName(resource: string, operation: string): string {
	return ACTIONS.get(`${resource}:${operation}`) ?? `⟦${resource}:${operation}⟧`;
}

/** Registers a node's actions: each resource's name and each of its operations' `action`. */
export function registerActions(resources: Array<{ name: string; value: string; options: INodePropertyOptions[] }>) {
	for (const resource of resources)
		for (const option of resource.options) ACTIONS.set(`${resource.value}:${String(option.value)}`, `${resource.name} → ${option.action ?? option.name}`);
}

/** A text with every stand-in replaced; a stand-in of no registered action fails the node's load. */
export function withActionNames(text: string): string {
	return text.replace(STAND_IN, (stand, resource: string, operation: string) => {
		const name = ACTIONS.get(`${resource}:${operation}`);
		if (!name) throw new Error(`${stand}: no operation "${operation}" of resource "${resource}" is registered`);
		return name;
	});
}

/** A value (a field's declaration) with the stand-ins of its strings replaced: the same object when it holds none. */
export function withActionNamesIn<T>(value: T): T {
	if (typeof value === 'string') return withActionNames(value) as T;
	if (Array.isArray(value)) {
		const mapped = value.map((v: unknown) => withActionNamesIn(v));
		return (mapped.some((v, i) => v !== value[i]) ? mapped : value) as T;
	}
	if (value && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
		const entries = Object.entries(value).map(([k, v]) => [k, withActionNamesIn(v)] as const);
		return (entries.some(([k, v]) => v !== (value as Record<string, unknown>)[k]) ? Object.fromEntries(entries) : value) as T;
	}
	return value;
}
