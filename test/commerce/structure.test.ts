import { NodeHelpers, type INodeProperties, type INodePropertyOptions } from 'n8n-workflow';

import { nodeType } from '../../harness';
import { fieldsOf } from '../../nodes/shared/operation';
import { commerceResources } from '../../nodes/StorefrontCommerce/resources';
import { commerceEndpoints } from '../contract/reference/commerce';

/** What the assembled Commerce description shows, and how many properties each name costs. */

const description = nodeType('storefrontCommerce').description;
const properties = description.properties as INodeProperties[];
const named = (name: string) => properties.filter((p) => p.name === name);
/** The endpoints of the reference tables (test/contract/reference/commerce.ts) that pass the test, as `resource.operation`. */
const endpointsWhere = (test: (e: (typeof commerceEndpoints)[number]) => boolean) =>
	commerceEndpoints
		.filter(test)
		.map((e) => `${e.resource}.${e.operation}`)
		.sort();

/** The operations (resource.operation) whose own file declares a field of that name (among the fields it was built with). */
const declaredOn = (name: string) =>
	commerceResources
		.flatMap((r) => r.operations.filter((o) => fieldsOf(o.option)!.some((f) => f.name === name)).map((o) => `${r.value}.${String(o.option.value)}`))
		.sort();

/** The operations (resource.operation) a field of that name is shown on, with n8n's own display check (markers included). */
function shownOn(name: string): string[] {
	const shown: string[] = [];
	for (const selector of named('operation')) {
		const resource = (selector.displayOptions!.show!.resource as string[])[0];
		for (const op of selector.options as INodePropertyOptions[]) {
			const values = NodeHelpers.getNodeParameters(properties, { resource, operation: op.value as string }, true, false, { typeVersion: 1 } as never, description)!;
			if (named(name).some((p) => NodeHelpers.displayParameter(values, p, null, description, values))) shown.push(`${resource}.${op.value}`);
		}
	}
	return shown;
}

test('Store Account is one property, shown on every operation whose endpoint takes it: not the catalog-sync calls by ID (fix 17)', () => {
	expect(named('accountId')).toHaveLength(1);
	const shown = shownOn('accountId');
	expect([...shown].sort()).toEqual(endpointsWhere((e) => e.request.some((f) => f.name === 'accountId')));
	for (const hidden of ['catalogSync.get', 'catalogSync.runNow', 'catalogSync.delete']) expect(shown).not.toContain(hidden);
	expect(shown).toEqual(expect.arrayContaining(['catalogSync.create', 'catalogSync.getAll', 'page.get', 'menu.delete', 'marketingActivity.delete']));
});

test('shared names are one property on exactly their operations', () => {
	const show = (name: string) => named(name).map((p) => p.displayOptions?.show);
	expect(show('syncId')).toEqual([{ resource: ['catalogSync'], operation: ['delete', 'get', 'runNow'] }]);
	expect(show('remoteId')).toEqual([{ resource: ['marketingActivity'] }]);
	expect(named('title')).toHaveLength(1);
	expect(shownOn('title').sort()).toEqual(declaredOn('title'));
	expect(declaredOn('title')).toEqual(expect.arrayContaining(['marketingActivity.upsert', 'menu.create', 'menu.replace', 'page.create']));
	// required where the API takes it; Get, Update and Delete have their optional list filter (listType)
	expect(show('type')).toEqual([{ resource: ['metaobject'], operation: ['create', 'getAll'] }]);
	expect(named('type')[0].required).toBe(true);
	expect(show('listType')).toEqual([{ resource: ['metaobject'], operation: ['delete', 'get', 'update'] }]);
	expect(show('itemsJson')).toEqual([{ itemsInput: ['json'], resource: ['menu'], operation: ['create', 'replace'] }]);
	for (const name of ['menuId', 'metaobjectId', 'pageId', 'redirectId', 'fields', 'items', 'itemsInput', 'limit', 'filters', 'additionalFields', 'updateFields'])
		expect(named(name)).toHaveLength(1);
	// Return All and Limit on exactly the endpoints that answer a list
	expect(shownOn('limit').sort()).toEqual(endpointsWhere((e) => e.response.rows !== undefined));
	expect(shownOn('returnAll').sort()).toEqual(endpointsWhere((e) => e.response.rows !== undefined));
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

test('copies per name: only menus, toggles and the hidden markers that show one field on several operations (Limit needs none: Return All shows it; Filters and Update Fields are one rectangle each)', () => {
	const counts = new Map<string, number>();
	for (const p of properties) counts.set(p.name, (counts.get(p.name) ?? 0) + 1);
	const { operation, returnAll, ...markers } = Object.fromEntries([...counts].filter(([, n]) => n > 1));
	// one Operation menu per resource, one Return All per list
	expect({ operation, returnAll }).toEqual({ operation: new Set(commerceEndpoints.map((e) => e.resource)).size, returnAll: shownOn('returnAll').length });
	// the rest: the hidden markers of one field each, shown where one of its markers is (oneDeclarationPerName)
	expect(Object.keys(markers).sort()).toEqual(['accountIdShown', 'additionalFieldsShown']);
	for (const marker of Object.keys(markers)) expect(named(marker).every((p) => p.type === 'hidden')).toBe(true);
	// each on the operations whose files declare it
	for (const marked of Object.keys(markers).map((m) => m.replace(/Shown$/, ''))) expect(shownOn(marked).sort()).toEqual(declaredOn(marked));
	expect(declaredOn('additionalFields')).toEqual(expect.arrayContaining(['marketingActivity.upsert', 'menu.replace', 'metaobject.create', 'metaobject.update', 'page.create']));
});
