import { NodeHelpers, type INodeProperties, type INodePropertyOptions } from 'n8n-workflow';

import { nodeType } from '../harness';

/** What the assembled Commerce description shows, and how many properties each name costs. */

const description = nodeType('storefrontCommerce').description;
const properties = description.properties as INodeProperties[];
const named = (name: string) => properties.filter((p) => p.name === name);

test('the store account: two properties, none on the catalog-sync calls by ID (Get, Run Now, Delete)', () => {
	expect(named('accountId').map((p) => p.displayOptions)).toEqual([
		{ show: { resource: ['marketingActivity', 'menu', 'metaobject', 'metaobjectDefinition', 'page', 'redirect'] } },
		{ show: { resource: ['catalogSync'], operation: ['create', 'getAll'] } },
	]);
});

test('Store Account is shown on every operation except the catalog-sync calls by ID, which do not send it (fix 17)', () => {
	const shown: string[] = [];
	for (const selector of named('operation')) {
		const resource = (selector.displayOptions!.show!.resource as string[])[0];
		for (const op of selector.options as INodePropertyOptions[]) {
			const values = { resource, operation: op.value as string };
			if (named('accountId').some((p) => NodeHelpers.displayParameter(values, p, null, description))) shown.push(`${resource}.${op.value}`);
		}
	}
	expect(shown).toHaveLength(25);
	for (const hidden of ['catalogSync.get', 'catalogSync.runNow', 'catalogSync.delete']) expect(shown).not.toContain(hidden);
	expect(shown).toEqual(expect.arrayContaining(['catalogSync.create', 'catalogSync.getAll', 'page.get', 'menu.delete', 'marketingActivity.delete']));
});

test('shared names are one property on exactly their operations; Title is one per resource', () => {
	const show = (name: string) => named(name).map((p) => p.displayOptions?.show);
	expect(show('syncId')).toEqual([{ resource: ['catalogSync'], operation: ['delete', 'get', 'runNow'] }]);
	expect(show('remoteId')).toEqual([{ resource: ['marketingActivity'] }]);
	expect(show('title')).toHaveLength(3);
	expect(show('title')).toEqual(
		expect.arrayContaining([
			{ resource: ['marketingActivity'], operation: ['upsert'] },
			{ resource: ['menu'], operation: ['create', 'replace'] },
			{ resource: ['page'], operation: ['create'] },
		]),
	);
	expect(show('type')).toEqual([{ resource: ['metaobject'] }]);
	expect(show('itemsJson')).toEqual([{ itemsInput: ['json'], resource: ['menu'], operation: ['create', 'replace'] }]);
	for (const name of ['menuId', 'metaobjectId', 'pageId', 'redirectId', 'fields', 'items', 'itemsInput']) expect(named(name)).toHaveLength(1);
});

test('no field has routing and no expression is used in the description (but the tool-only description lookup)', () => {
	const text = JSON.stringify(properties.filter((p) => p.name !== 'toolDescription'));
	expect(text).not.toContain('={{');
	expect(text).not.toContain('"routing":{"send"');
	for (const p of properties.filter((p) => !['resource', 'operation'].includes(p.name))) expect(p.routing).toBeUndefined();
});

test('Items (JSON) states the item limit', () => {
	expect(named('itemsJson')[0].description).toContain('At most 100 items in the whole tree');
});

test('copies per name (informative)', () => {
	const counts = new Map<string, number>();
	for (const p of properties) counts.set(p.name, (counts.get(p.name) ?? 0) + 1);
	expect(Object.fromEntries([...counts].filter(([, n]) => n > 1))).toEqual({
		operation: 7,
		accountId: 2,
		returnAll: 6,
		limit: 6,
		additionalFields: 4,
		filters: 2,
		updateFields: 2,
		// one per resource: a single property would cover phantom combinations such as page × replace
		title: 3,
	});
});
