import fs from 'node:fs';
import path from 'node:path';

import type { INodeProperties, INodePropertyOptions, INodeType } from 'n8n-workflow';

import { EVENT_TYPES } from '../fake-api/contract/webhooks';
import { ADS_EVENTS, ALL_EVENTS, EVENT_OPTIONS } from '../nodes/shared/events';
import { fieldsOf } from '../nodes/shared/operation';
import { nodeType } from '../harness';
import { referenceOperations } from './contract/reference';
import { ACTION_NODES } from './contract/reference/types';

/** Reads every node description the package ships and checks the conventions the nodes promise. */

const pkg = JSON.parse(fs.readFileSync(path.join(__dirname, '..', 'package.json'), 'utf8'));

/** A node's properties, its resources and each resource's operation menu. */
function menusOf(type: INodeType) {
	const props = type.description.properties;
	const resources = (props.find((p) => p.name === 'resource')!.options as INodePropertyOptions[]).map((o) => o.value as string);
	const ops = new Map<string, INodePropertyOptions[]>();
	for (const p of props.filter((p) => p.name === 'operation')) {
		for (const resource of p.displayOptions!.show!.resource as string[]) ops.set(resource, p.options as INodePropertyOptions[]);
	}
	return { props, resources, ops };
}

test('package.json lists every node and the credential as dist files built from sources', () => {
	expect(pkg.n8n.n8nNodesApiVersion).toBe(1);
	expect(pkg.dependencies ?? {}).toEqual({});
	expect(pkg.peerDependencies).toEqual({ 'n8n-workflow': '*' });
	for (const file of [...pkg.n8n.nodes, ...pkg.n8n.credentials] as string[]) {
		const source = file.replace(/^dist\//, '').replace(/\.js$/, '.ts');
		expect(fs.existsSync(path.join(__dirname, '..', source))).toBe(true);
	}
	expect(pkg.n8n.nodes).toHaveLength(2 * ACTION_NODES.length + 1); // + the trigger, + its copy paired with each action node
});

test('each action node has a trigger under its paired name (how n8n\'s node creator lists a trigger in a node\'s card): the same trigger with its own events and words', async () => {
	// every class package.json lists, loaded as n8n does: the file's name is the class's
	const listed = new Map<string, INodeType>();
	for (const file of pkg.n8n.nodes as string[]) {
		const source = path.join(__dirname, '..', file.replace(/^dist\//, '').replace(/\.js$/, ''));
		const cls = ((await import(source)) as Record<string, new () => INodeType>)[path.basename(source, '.node')];
		const type = new cls();
		listed.set(type.description.name, type);
	}
	const trigger = listed.get('storefrontTrigger')!;
	const withoutEvents = (t: INodeType) => {
		const { name: _n, displayName: _d, description: _t, subtitle: _s, hidden: _h, triggerPanel: _p, properties, ...rest } = t.description;
		return { ...rest, properties: properties.map((p) => (p.name === 'events' ? { ...p, options: undefined } : p)) };
	};
	for (const name of ACTION_NODES) {
		const action = listed.get(name)!.description;
		const paired = listed.get(`${name}Trigger`)!;
		// the editor pairs trigger.name.replace('Trigger', '') with the action node's name
		expect(paired.description.name.replace('Trigger', '')).toBe(name);
		// its own display name (n8n keys installed nodes by it), the action node's plus "Trigger"
		expect(paired.description.displayName).toBe(`${action.displayName} Trigger`);
		// it describes its events, not the action node (n8n shows it on the merged card)
		expect(paired.description.description).toMatch(/^Starts the workflow /);
		expect(paired.description.description).not.toContain(action.description);
		expect(action.description).not.toMatch(/start a workflow/i);
		// the same webhook, fields and lifecycle
		expect(JSON.stringify(withoutEvents(paired))).toBe(JSON.stringify(withoutEvents(trigger)));
		expect(Object.keys(paired.webhookMethods!.default!).sort()).toEqual(['checkExists', 'create', 'delete']);
	}
	// no event concerns the store: kept for saved workflows, not offered in the node creator
	expect([...listed.values()].filter((t) => t.description.hidden).map((t) => t.description.name)).toEqual(['storefrontCommerceTrigger']);
});

describe.each(ACTION_NODES)('%s', (name) => {
	const type = nodeType(name);
	const { props, resources, ops } = menusOf(type);

	test('has one operation per endpoint of the reference tables (test/contract/reference), each with an action and a url (static, or set by a preSend)', () => {
		const all = [...ops.values()].flat();
		expect([...ops].flatMap(([resource, options]) => options.map((o) => `${name} ${resource}.${o.value}`)).sort()).toEqual(referenceOperations(name));
		for (const op of all) {
			expect(op.action).toMatch(/^[A-Z][a-z]+( or [a-z]+)?( [a-z]+)*? (a|an|many) [a-z]/);
			expect(op.routing?.request?.method).toMatch(/^(GET|POST|PUT|PATCH|DELETE)$/);
			const url = op.routing?.request?.url;
			if (url === undefined) expect(op.routing?.send?.preSend?.length).toBeGreaterThan(0);
			else expect(url).toMatch(/^\/v1\//);
			// every request goes through the wire's hook, which runs the operation's postReceive on the answer
			expect(typeof op.routing?.operations?.pagination).toBe('function');
			expect(op.routing?.send?.paginate).toBe(true);
		}
	});

	test('no field has routing, and no expression anywhere in the description but the subtitle and the tool description', () => {
		expect(props.filter((p) => p.routing).map((p) => p.name)).toEqual([]);
		// both are lookups of the chosen operation, evaluated by the editor / per tool call only
		const { subtitle: _subtitle, ...rest } = { ...type.description, properties: props.filter((p) => p.name !== 'toolDescription') };
		const text = JSON.stringify(rest, (_k, v) => (typeof v === 'function' ? undefined : v));
		expect(text.match(/.{0,60}=\{\{.{0,40}/g) ?? []).toEqual([]);
	});

	test('each data field is declared once per node (a mapped value costs 3 evaluations); only settings repeat', () => {
		const byName = new Map<string, INodeProperties[]>();
		for (const p of props) byName.set(p.name, [...(byName.get(p.name) ?? []), p]);
		const repeated = [...byName].filter(([, copies]) => copies.length > 1);
		const markers = repeated.filter(([, copies]) => copies.every((c) => c.type === 'hidden')).map(([n, c]) => `${n}×${c.length}`);
		console.log(`${name}: ${props.length} properties; shown through markers: ${markers.join(', ') || 'none'}`);
		// menus, toggles and notices may repeat with different options or defaults per operation
		// (settings: a user rarely maps them); the hidden markers of oneDeclarationPerName are constants
		const bad = repeated
			.filter(([, copies]) => !copies.every((c) => ['boolean', 'options', 'multiOptions', 'notice', 'hidden'].includes(c.type) || c.noDataExpression))
			.map(([n, c]) => `${n}×${c.length}`);
		expect(bad).toEqual([]);
		// a marker shows exactly one field, of the name it is named after
		for (const marker of markers.map((m) => m.split('×')[0])) {
			const field = marker.replace(/Shown$/, '');
			expect([marker, byName.get(field)?.length, Object.keys(byName.get(field)![0].displayOptions!.show!)]).toEqual([marker, 1, [marker]]);
		}
	});

	test('resources and operations are menus sorted by name, without data expressions', () => {
		const resource = props.find((p) => p.name === 'resource')!;
		expect(resource.noDataExpression).toBe(true);
		const names = (resource.options as INodePropertyOptions[]).map((o) => o.name);
		expect(names).toEqual([...names].sort());
		for (const [, options] of ops) {
			const opNames = options.map((o) => o.name);
			expect(opNames).toEqual([...opNames].sort());
		}
		for (const p of props.filter((p) => p.name === 'operation')) expect(p.noDataExpression).toBe(true);
		expect(new Set(ops.keys())).toEqual(new Set(resources));
	});

	test('every field is shown for a real resource and operation', () => {
		// the store account is asked once per node, for every operation; n8n's loader adds
		// "Request Options" (timeout, batching, proxy) to every declarative node
		// one field for several operations is shown through other parameters only (its markers, or Return All for Limit)
		const shownThroughOthers = (p: INodeProperties) => {
			const keys = Object.keys(p.displayOptions?.show ?? {});
			return keys.length > 0 && !keys.includes('resource') && keys.every((k) => props.some((q) => q.name === k && q.displayOptions?.show?.resource));
		};
		for (const p of props.filter((p) => !['resource', 'operation', 'accountId', 'requestOptions'].includes(p.name) && !shownThroughOthers(p))) {
			const show = p.displayOptions?.show as { resource?: string[]; operation?: string[] } | undefined;
			expect(show?.resource).toBeDefined();
			for (const r of show!.resource!) expect(resources).toContain(r);
			// a shared field shows on a rectangle of resources × operations (see nodes/shared/oneDeclarationPerName.ts): each
			// operation it names belongs to at least one of its resources
			for (const o of show!.operation ?? []) {
				expect([o, show!.resource!.some((r) => ops.get(r)!.some((x) => x.value === o))]).toEqual([o, true]);
			}
		}
	});

	test('is usable as a tool, uses the shared credential and has light and dark icons that exist', () => {
		const d = type.description;
		expect(d.usableAsTool).toBe(true);
		expect(d.credentials).toEqual([{ name: 'storefrontApi', required: true }]);
		const icon = d.icon as { light: string; dark: string };
		for (const file of [icon.light, icon.dark]) {
			const resolved = path.join(__dirname, '..', 'nodes', 'X', file.replace(/^file:/, ''));
			expect(fs.existsSync(resolved)).toBe(true);
		}
	});

	test('every list search and option loader named by a field exists', () => {
		const walk = (list: INodeProperties[]): INodeProperties[] =>
			list.flatMap((p) => [p, ...walk(((p.options ?? []) as INodeProperties[]).filter((o) => 'type' in o))]);
		for (const p of walk(props)) {
			for (const mode of p.modes ?? []) {
				const method = mode.typeOptions?.searchListMethod;
				if (method) expect(type.methods?.listSearch?.[method]).toBeInstanceOf(Function);
			}
			const loader = p.typeOptions?.loadOptionsMethod;
			if (loader) expect(type.methods?.loadOptions?.[loader]).toBeInstanceOf(Function);
		}
	});
});

test('the trigger: a webhook with the full lifecycle, the shared credential, all event types plus "All Events"', () => {
	const type = nodeType('storefrontTrigger');
	expect(type.description.webhooks).toEqual([
		{
			name: 'default',
			httpMethod: 'POST',
			// Acknowledge: When Received (n8n answers once the execution is queued) or When the Workflow Finishes
			responseMode: '={{ $parameter["acknowledge"] === "whenFinished" ? "lastNode" : "onReceived" }}',
			responseData: '={{ $parameter["acknowledge"] === "whenFinished" ? "noData" : "firstEntryJson" }}',
			path: 'webhook',
		},
	]);
	expect(Object.keys(type.webhookMethods!.default!).sort()).toEqual(['checkExists', 'create', 'delete']);
	expect(type.description.credentials).toEqual([{ name: 'storefrontApi', required: true }]);
});

/** The values of a trigger type's Events options. */
const eventsOffered = (name: string) =>
	(nodeType(name).description.properties.find((p) => p.name === 'events')!.options as INodePropertyOptions[]).map((o) => o.value as string);

test('each trigger type offers only its events: the standalone, Webhooks and (hidden) Commerce ones every event, the Ads one its own', () => {
	for (const name of ['storefrontTrigger', 'storefrontWebhooksTrigger', 'storefrontCommerceTrigger']) expect(eventsOffered(name).sort()).toEqual([ALL_EVENTS, ...EVENT_TYPES].sort());
	expect(eventsOffered('storefrontAdsTrigger').sort()).toEqual([ALL_EVENTS, ...ADS_EVENTS].sort());
	expect(EVENT_TYPES).toEqual(expect.arrayContaining([...ADS_EVENTS]));
	// the ads events: a post (to boost) and account connections, nothing about messages, comments or tests
	expect(ADS_EVENTS.filter((e) => !/^(post\.published|account\.)/.test(e))).toEqual([]);
});

test('the nodes know exactly the event types the fake API sends (its contract: fake-api/contract/webhooks.ts)', () => {
	expect(EVENT_OPTIONS.map((o) => o.value).sort()).toEqual([...EVENT_TYPES].sort());
});

describe('the one-file-per-endpoint layout', () => {
	const nodesDir = path.join(__dirname, '..', 'nodes');
	const files = (dir: string): string[] =>
		fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? files(path.join(dir, e.name)) : [path.join(dir, e.name)]));
	const all = files(nodesDir).filter((f) => f.endsWith('.ts'));
	const rel = (f: string) => path.relative(nodesDir, f);
	const operationFiles = all.filter((f) => /^Storefront(Ads|Commerce|Webhooks)\/resources\/[^/]+\/(?!index\.ts$)[^/]+\.ts$/.test(rel(f)));
	const importsOf = (f: string) => [...fs.readFileSync(f, 'utf8').matchAll(/from '(\.[^']*)'/g)].map((m) => path.resolve(path.dirname(f), m[1]));

	test('the action nodes keep no resource file outside resources/<resource>/', () => {
		const loose = all.filter((f) => /^Storefront(Ads|Commerce|Webhooks)\/resources\/(?!index\.ts$)[^/]+\.ts$/.test(rel(f)));
		expect(loose.map(rel)).toEqual([]);
	});

	test.each(operationFiles.map((f) => [rel(f), f]))('%s exports option and the fields it was built with, and imports no sibling operation', async (_name, file) => {
		const mod = (await import(file)) as Record<string, unknown>;
		expect(mod.option).toBeDefined();
		expect(Array.isArray(mod.fields)).toBe(true);
		expect(fieldsOf(mod.option as INodePropertyOptions)).toBe(mod.fields);
		const resourcesDir = path.resolve(path.dirname(file), '..');
		const siblings = importsOf(file).filter((target) => target.startsWith(resourcesDir + path.sep));
		expect(siblings.map((t) => path.relative(nodesDir, t))).toEqual([]);
	});

	test('the old all-in-one nodes/shared/descriptions is gone and nothing imports it', () => {
		expect(fs.existsSync(path.join(nodesDir, 'shared', 'descriptions.ts'))).toBe(false);
		const importers = all.filter((f) => importsOf(f).some((t) => t === path.join(nodesDir, 'shared', 'descriptions')));
		expect(importers.map(rel)).toEqual([]);
	});
});
