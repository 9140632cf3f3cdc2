/**
 * Every list of operations in the docs, generated from the code: each operation file (its name,
 * action, method and path, and for Ads what it `spends`), its resource's index (which operations a
 * resource has) and the fake API's route for that method and path (the scope a key needs, the ads
 * add-on, a key that is not read-only). `npm run docs` (scripts/docs.ts) rewrites them:
 * docs/nodes.md's table of operations per node (the full one: request, scope, what it does),
 * README.md's operations per resource and its scopes table, docs/ai-tools.md's table of what to put
 * behind a review. test/package/generated-docs.test.ts fails when one is out of date.
 */
import type { INodePropertyOptions } from 'n8n-workflow';

import { createFakeApi } from '../fake-api';
import type { ResourceSpec } from '../nodes/shared/assembly';
import { canDo, spendsOf } from '../nodes/StorefrontAds/helpers/spends';
import { adsResources } from '../nodes/StorefrontAds/resources';
import { commerceResources } from '../nodes/StorefrontCommerce/resources';
import { webhooksResources } from '../nodes/StorefrontWebhooks/resources';
import { statedRequests } from './lib/statedRequests';

/** The action nodes, in the docs' order, each with the short name the docs use before "→". */
export const ACTION_NODES = [
	{ key: 'commerce', folder: 'StorefrontCommerce', name: 'Storefront Commerce', short: 'Commerce', resources: commerceResources },
	{ key: 'ads', folder: 'StorefrontAds', name: 'Storefront Ads', short: 'Ads', resources: adsResources },
	{ key: 'webhooks', folder: 'StorefrontWebhooks', name: 'Storefront Webhooks', short: 'Webhooks', resources: webhooksResources },
] as const;

export type NodeKey = (typeof ACTION_NODES)[number]['key'];

/** What an operation does: an Ads operation that declares a spending action spends; else by its request. */
export type Effect = 'spends' | 'deletes' | 'creates, changes or sends' | 'reads';

export interface OperationRow {
	node: NodeKey;
	resource: string;
	operation: string;
	action: string;
	method: string;
	path: string;
	/** What the key needs, in words: its scope, the ads add-on, not read-only (the fake API's route). */
	needs: string[];
	effect: Effect;
}

const byName = <T extends { name: string }>(a: T, b: T) => a.name.localeCompare(b.name);
/** A path with its `{name}` or `:name` values as `{}`: how an operation's path and a route's template are matched. */
const shape = (path: string) => path.replace(/\{\w+\}|:\w+/g, '{}');

/** The fake API's routes by `METHOD shape`, with what each asks of the key. */
function routeNeeds(): Map<string, string[]> {
	return new Map(
		createFakeApi()
			.routeList()
			.map((r) => [`${r.method} ${shape(r.template)}`, [...(r.scope ? [`\`${r.scope}\``] : []), ...(r.ads ? ['the ads add-on'] : []), ...(r.connecting ? ['a key that is not read-only'] : [])]]),
	);
}

function effectOf(option: INodePropertyOptions, method: string, keying: string | undefined): Effect {
	const spends = spendsOf(option);
	if (spends && canDo(spends).length > 0) return 'spends';
	if (method === 'DELETE') return 'deletes';
	// a POST keyed by the execution only reads (operation.ts `keying`): a search, a forecast
	return method === 'GET' || keying === 'execution' ? 'reads' : 'creates, changes or sends';
}

/** Every operation of the action nodes, in the editor's order (resources, then operations, by name). */
export function operationRows(): OperationRow[] {
	const routes = routeNeeds();
	return ACTION_NODES.flatMap((node) => {
		const stated = statedRequests(node.folder);
		return [...(node.resources as ResourceSpec[])].sort(byName).flatMap((r) =>
			r.operations
				.map((o) => o.option)
				.sort(byName)
				.map((option) => {
					const request = stated.get(`${r.value}.${String(option.value)}`);
					if (!request) throw new Error(`${node.name} ${r.name} → ${option.name}: its file states no method and path (CONTRIBUTING.md, "An endpoint")`);
					const needs = routes.get(`${request.method} ${shape(request.path)}`);
					if (!needs) throw new Error(`${node.name} ${r.name} → ${option.name} calls ${request.method} ${request.path}, which the fake API has no route for (fake-api/)`);
					return { node: node.key, resource: r.name, operation: option.name, action: option.action ?? option.name, method: request.method, path: request.path, needs, effect: effectOf(option, request.method, request.keying) };
				}),
		);
	});
}

const rowsOf = (rows: OperationRow[], node: NodeKey) => rows.filter((r) => r.node === node);
const resourcesOf = (rows: OperationRow[]) => [...new Set(rows.map((r) => r.resource))];
const needsInWords = (needs: string[]) => (needs.length ? needs.join(', ') : 'no scope named by the API');

/** docs/nodes.md's table of a node's operations: each with its action, its request, what the key needs and what it does. */
export const nodeTable = (rows: OperationRow[], node: NodeKey) =>
	[
		'| Resource | Operation | Action | Request | The key needs | It |',
		'|---|---|---|---|---|---|',
		...rowsOf(rows, node).map((r) => `| ${r.resource} | ${r.operation} | ${r.action} | \`${r.method} ${r.path}\` | ${needsInWords(r.needs)} | ${r.effect} |`),
	].join('\n');

/** README.md's table of a node's operations, one row per resource. */
export const readmeTable = (rows: OperationRow[], node: NodeKey) => {
	const mine = rowsOf(rows, node);
	return ['| Resource | Operations |', '|---|---|', ...resourcesOf(mine).map((resource) => `| ${resource} | ${mine.filter((r) => r.resource === resource).map((r) => r.operation).join(', ')} |`)].join('\n');
};

/** What a resource's key needs: what every operation needs, then each other requirement with the operations that need it. */
function resourceNeeds(rows: OperationRow[]): string {
	const needs = [...new Set(rows.flatMap((r) => r.needs))];
	const some = (need: string) => rows.filter((r) => r.needs.includes(need)).map((r) => r.operation);
	const all = needs.filter((need) => some(need).length === rows.length);
	const partly = needs.filter((need) => !all.includes(need)).sort();
	return [...all, ...partly.map((need) => `${need} (${some(need).join(', ')})`)].join('; ') || 'no scope named by the API';
}

/** README.md's table of what a key needs, one row per node and requirement (resources that need the same share a row). */
export const scopesTable = (rows: OperationRow[]) => {
	const lines = ['| Node → resource | Scopes or requirement |', '|---|---|'];
	for (const node of ACTION_NODES) {
		const mine = rowsOf(rows, node.key);
		const byNeeds = new Map<string, string[]>();
		for (const resource of resourcesOf(mine)) {
			const needs = resourceNeeds(mine.filter((r) => r.resource === resource));
			byNeeds.set(needs, [...(byNeeds.get(needs) ?? []), resource]);
		}
		for (const [needs, resources] of byNeeds) lines.push(`| ${node.short} → ${resources.join(', ')} | ${needs} |`);
	}
	return lines.join('\n');
};

/** The operations of a node with this effect, by resource: "Page → Create, Update; Redirect → Create", or "–". */
function withEffect(rows: OperationRow[], effect: Effect): string {
	const mine = rows.filter((r) => r.effect === effect);
	return resourcesOf(mine).map((resource) => `${resource} → ${mine.filter((r) => r.resource === resource).map((r) => r.operation).join(', ')}`).join('; ') || '–';
}

/** docs/ai-tools.md's table of the operations to put behind a person's review: those that spend, delete, create, change or send. */
export const reviewTable = (rows: OperationRow[]) =>
	[
		'| Node | Spends | Deletes | Creates, changes or sends |',
		'|---|---|---|---|',
		...ACTION_NODES.map((node) => `| ${node.name} | ${(['spends', 'deletes', 'creates, changes or sends'] as const).map((effect) => withEffect(rowsOf(rows, node.key), effect)).join(' | ')} |`),
	].join('\n');
