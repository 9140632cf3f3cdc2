import fs from 'node:fs';
import path from 'node:path';

import type { INodeProperties, INodePropertyOptions, INodeType } from 'n8n-workflow';

import { nodeType } from './harness';

/** Reads every node description the package ships and checks the conventions the nodes promise. */

const pkg = JSON.parse(fs.readFileSync(path.join(__dirname, '..', 'package.json'), 'utf8'));

const ACTION_NODES: Array<[string, number]> = [
	['storefrontAds', 51],
	['storefrontCommerce', 28],
	['storefrontWebhooks', 7],
];

function operationsOf(type: INodeType) {
	const props = type.description.properties;
	const resources = (props.find((p) => p.name === 'resource')!.options as INodePropertyOptions[]).map((o) => o.value as string);
	const ops = new Map<string, INodePropertyOptions[]>();
	for (const p of props.filter((p) => p.name === 'operation')) {
		const resource = (p.displayOptions!.show!.resource as string[])[0];
		ops.set(resource, p.options as INodePropertyOptions[]);
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
	expect(pkg.n8n.nodes).toHaveLength(ACTION_NODES.length + 1); // + the trigger
});

describe.each(ACTION_NODES)('%s', (name, operationCount) => {
	const type = nodeType(name);
	const { props, resources, ops } = operationsOf(type);

	test(`has ${operationCount} operations, each with an action and routing`, () => {
		const all = [...ops.values()].flat();
		expect(all).toHaveLength(operationCount);
		for (const op of all) {
			expect(op.action).toMatch(/^[A-Z][a-z]+( or [a-z]+)?( [a-z]+)*? (a|an|many) [a-z]/);
			expect(op.routing?.request?.method).toMatch(/^(GET|POST|PUT|PATCH|DELETE)$/);
			expect(op.routing?.output?.postReceive?.length).toBeGreaterThan(0);
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
		for (const p of props.filter((p) => !['resource', 'operation', 'accountId', 'requestOptions'].includes(p.name))) {
			const show = p.displayOptions?.show as { resource?: string[]; operation?: string[] } | undefined;
			expect(show?.resource).toBeDefined();
			for (const r of show!.resource!) {
				expect(resources).toContain(r);
				for (const o of show!.operation ?? []) {
					expect(ops.get(r)!.map((x) => x.value)).toContain(o);
				}
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
		{ name: 'default', httpMethod: 'POST', responseMode: 'onReceived', path: 'webhook' },
	]);
	expect(Object.keys(type.webhookMethods!.default!).sort()).toEqual(['checkExists', 'create', 'delete']);
	expect(type.description.credentials).toEqual([{ name: 'storefrontApi', required: true }]);
	const events = type.description.properties.find((p) => p.name === 'events')!;
	expect((events.options as INodePropertyOptions[]).map((o) => o.value)).toHaveLength(15);
});

test('the nodes know exactly the event types of the API reference', async () => {
	const { EVENT_TYPES: nodeEvents } = await import('../nodes/shared/events');
	const { EVENT_TYPES: contractEvents } = await import('./contract/webhooks');
	expect([...nodeEvents].sort()).toEqual([...contractEvents].sort());
});
