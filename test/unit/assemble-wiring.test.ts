import { NodeHelpers, type IDataObject, type IExecuteSingleFunctions, type IHttpRequestOptions, type INodeProperties } from 'n8n-workflow';

import { nodeProperties, type OperationModule, type ResourceSpec } from '../../nodes/shared/assembly';
import { field, returnAllOrLimit, type Field } from '../../nodes/shared/fieldBuilders';
import { oneDeclarationPerName, rectangles } from '../../nodes/shared/oneDeclarationPerName';
import { operation, preSendActions, type OperationSpec } from '../../nodes/shared/operation';
import { reading } from '../../nodes/shared/reads';
import { bodyFrom, queryFrom, requireAnyField } from '../../nodes/shared/requestActions';
import { REQUIRED_ON_VALUE } from '../../nodes/shared/requiredOnValue';
import { queryWithDays } from '../../nodes/StorefrontAds/helpers/dates';

/**
 * A node's properties from its operation modules: nodeProperties (plain n8n: each operation's
 * fields shown for it), then oneDeclarationPerName (one declaration per data field). Wiring by a
 * name the operation does not show fails at load; TypeScript refuses it first
 * (test/tools/typed-wiring.test.ts), so these specs are cast past the type check.
 */

const text = <N extends string>(name: N, more: Omit<Partial<INodeProperties>, 'name'> = {}): Field<N> =>
	field({ displayName: name, name, type: 'string', default: '', ...more });

/** An operation module as an operation file exports it: the fields, and the option built with them. */
function module(value: string, fields: INodeProperties[], spec: Partial<OperationSpec> = {}): OperationModule {
	const option = operation({ value, name: value, action: `${value} it`, description: value, method: 'GET', path: '/v1/x', fields, ...spec } as never);
	return { option, fields };
}

const resource = (value: string, operations: OperationModule[]): ResourceSpec => ({
	name: value[0].toUpperCase() + value.slice(1),
	value,
	operations,
	defaultOperation: String(operations[0].option.value),
});

/** The node's properties as the node files build them. */
const build = (resources: ResourceSpec[]) => oneDeclarationPerName(nodeProperties(resources, resources[0].value));

/** The parameters n8n fills in for a resource and operation (defaults, hidden markers included). */
const valuesOn = (props: INodeProperties[], resource: string, operation: string, more: Record<string, unknown> = {}) =>
	NodeHelpers.getNodeParameters(props, { resource, operation, ...more } as never, true, false, { typeVersion: 1 } as never, null)!;

/** The fields the editor shows for a resource and operation, in order (without Resource, Operation and markers). */
const shown = (props: INodeProperties[], resource: string, operation: string, more: Record<string, unknown> = {}) => {
	const values = valuesOn(props, resource, operation, more);
	return props.filter((p) => p.type !== 'hidden' && !['resource', 'operation'].includes(p.name) && NodeHelpers.displayParameter(values, p, null, null, values));
};
const names = (props: INodeProperties[]) => props.map((p) => p.name);

describe('wiring (operation): a name the request reads that is no field fails at load, not by dropping a value', () => {
	const pageId = text('pageId', { required: true });
	const title = text('title');

	test('a path name and inRequest keys that are fields of the operation build, the fields shown for it', () => {
		const options = { displayName: 'Options', name: 'options', type: 'collection' as const, default: {}, options: [text('accountId')] };
		const get = module('get', [pageId, title, options], { path: '/v1/pages/{pageId}', inRequest: { title: 'query', 'options.accountId': 'query' } });
		const props = build([resource('page', [get])]);
		expect(names(shown(props, 'page', 'get'))).toEqual(['pageId', 'title', 'options']);
	});

	test('a misspelt inRequest key is refused', () => {
		expect(() => module('get', [pageId, title], { path: '/v1/pages/{pageId}', inRequest: { titel: 'query' } as never })).toThrow(
			'get it: the request reads "titel", which is not one of the operation\'s fields',
		);
	});

	test('a misspelt path name is refused', () => {
		expect(() => module('get', [pageId, title], { path: '/v1/pages/{pagId}' })).toThrow('get it: the request reads "pagId", which is not one of the operation\'s fields');
	});

	test('an inRequest key for a field the operation does not show is refused, even if another operation shows it', () => {
		expect(() => module('get', [pageId], { path: '/v1/pages/{pageId}', inRequest: { title: 'query' } as never })).toThrow(
			'get it: the request reads "title", which is not one of the operation\'s fields',
		);
	});

	const refused = (name: string) => `get it: the request reads "${name}", which is not one of the operation's fields`;

	test('the collection of bodyFrom, queryFrom, requireAnyField or queryWithDays that is no field is refused', () => {
		const options = { displayName: 'Options', name: 'options', type: 'collection' as const, default: {}, options: [text('handle')] };
		for (const action of [bodyFrom('optons'), queryFrom('optons'), requireAnyField('optons'), queryWithDays('optons')]) {
			expect(() => module('get', [pageId, options], { path: '/v1/pages/{pageId}', preSend: [action] })).toThrow(refused('optons'));
		}
		expect(module('get', [pageId, options], { path: '/v1/pages/{pageId}', preSend: [bodyFrom('options')] }).option.value).toBe('get');
	});

	test("a name a shared action reads that is no field of the operation is refused (preSend and postReceive)", () => {
		const action = reading(['title', 'options.handle'], () => async (request: unknown) => request as never);
		expect(() => module('get', [pageId], { path: '/v1/pages/{pageId}', preSend: [action] })).toThrow(refused('title'));
		expect(() => module('get', [pageId, title], { path: '/v1/pages/{pageId}', postReceive: [action] })).toThrow(refused('options.handle'));
	});

	test('a key of a shared inRequest part that is no field of the operation is refused', () => {
		const shared = { title: 'body', subtitle: 'body' } as const;
		expect(() => module('get', [pageId, title], { path: '/v1/pages/{pageId}', inRequest: { ...shared } })).toThrow(refused('subtitle'));
	});

	test('a list without the Return All and Limit it pages with (and Simplify when it simplifies) is refused', () => {
		expect(() => module('getAll', [title], { list: { style: 'none', rootProperty: 'pages' } })).toThrow('getAll it: the request reads "returnAll"');
		const simplify = { style: 'none' as const, rootProperty: 'pages', simplify: (row: IDataObject) => row };
		expect(() => module('getAll', [title, ...returnAllOrLimit('pages')], { list: simplify })).toThrow('getAll it: the request reads "simplify"');
		expect(module('getAll', [title, ...returnAllOrLimit('pages')], { list: { style: 'none', rootProperty: 'pages' } }).option.value).toBe('getAll');
	});

	test('a module whose exported fields are not the ones its operation was built with is refused', () => {
		const { option, fields } = module('get', [pageId, title], { path: '/v1/pages/{pageId}' });
		expect(() => nodeProperties([resource('page', [{ option, fields: [...fields] }])], 'page')).toThrow('page.get: export the fields the operation was built with');
		expect(() => nodeProperties([resource('page', [{ option, fields: [pageId] }])], 'page')).toThrow('page.get: export the fields the operation was built with');
	});
});

describe('nodeProperties: plain n8n properties', () => {
	test('Resource, the Operation menus, then each field shown for its resource and operation (those conditions first)', () => {
		const onNetwork = text('headline', { displayOptions: { show: { network: ['socialnet'] } } });
		const plain = nodeProperties([resource('page', [module('get', [text('title'), onNetwork])]), resource('menu', [module('getAll', [text('title')])])], 'page');
		expect(names(plain)).toEqual(['resource', 'operation', 'operation', 'title', 'headline', 'title']);
		expect(plain[0].options).toEqual([
			{ name: 'Menu', value: 'menu' },
			{ name: 'Page', value: 'page' },
		]);
		expect(plain[3].displayOptions).toEqual({ show: { resource: ['page'], operation: ['get'] } });
		// n8n shows a field when one condition, in order, is an expression: resource and operation come first
		expect(Object.keys(plain[4].displayOptions!.show!)).toEqual(['resource', 'operation', 'network']);
		expect(plain[5].displayOptions).toEqual({ show: { resource: ['menu'], operation: ['getAll'] } });
	});
});

describe('one declaration per name (oneDeclarationPerName)', () => {
	// two resources whose operation values repeat: page.get / menu.get / menu.getAll; pageId is shown
	// by page.get and menu.getAll only, which is not one rectangle of resources × operations
	const pageId = text('pageId', { required: true });
	const twoResources = (pageGet: INodeProperties[], menuGetAll: INodeProperties[], menuGet: INodeProperties[] = []) =>
		build([resource('page', [module('get', pageGet)]), resource('menu', [module('get', menuGet), module('getAll', menuGetAll)])]);
	const collection = (children: string[]): INodeProperties => ({ displayName: 'Options', name: 'options', type: 'collection', default: {}, options: children.map((c) => text(c)) });

	test('a field shown on operations that are not one rectangle is one property, shown through hidden markers exactly there', () => {
		const props = twoResources([pageId], [pageId]);
		expect(props.filter((p) => p.name === 'pageId')).toHaveLength(1);
		expect(props.filter((p) => p.name === 'pageIdShown').map((p) => [p.type, p.default])).toEqual([
			['hidden', true],
			['hidden', true],
		]);
		expect(props.find((p) => p.name === 'pageId')!.displayOptions).toEqual({ show: { pageIdShown: [true] } });
		expect(names(shown(props, 'page', 'get'))).toContain('pageId');
		expect(names(shown(props, 'menu', 'getAll'))).toContain('pageId');
		expect(names(shown(props, 'menu', 'get'))).not.toContain('pageId');
		// required where every operation showing it requires it
		expect(props.find((p) => p.name === 'pageId')!.required).toBe(true);
	});

	test('one marker per rectangle of the places a field shows on, not per place', () => {
		// page.get | menu.getAll + redirect.getAll: two rectangles for three places
		const props = build([
			resource('page', [module('get', [pageId])]),
			resource('menu', [module('get', []), module('getAll', [pageId])]),
			resource('redirect', [module('get', []), module('getAll', [pageId])]),
		]);
		// (page has no other operation: its resource alone)
		expect(props.filter((p) => p.name === 'pageIdShown').map((p) => p.displayOptions)).toEqual([
			{ show: { resource: ['page'] } },
			{ show: { resource: ['menu', 'redirect'], operation: ['getAll'] } },
		]);
		for (const [r, op, shows] of [['page', 'get', true], ['menu', 'getAll', true], ['redirect', 'getAll', true], ['menu', 'get', false], ['redirect', 'get', false]] as const)
			expect([r, op, names(shown(props, r, op)).includes('pageId')]).toEqual([r, op, shows]);
	});

	test('a field shown on one rectangle of resources × operations is one property on that rectangle, without markers', () => {
		// page.get and menu.get: resources [page, menu] × operation [get]
		const props = twoResources([pageId], [], [pageId]);
		expect(props.filter((p) => p.name === 'pageId').map((p) => p.displayOptions)).toEqual([{ show: { resource: ['page', 'menu'], operation: ['get'] } }]);
		expect(props.some((p) => p.name === 'pageIdShown')).toBe(false);
		expect(names(shown(props, 'menu', 'getAll'))).not.toContain('pageId');
	});

	test('rectangles: the fewest resources × operations rectangles for a set of places', () => {
		const all = new Map([
			['page', ['get', 'getAll']],
			['menu', ['get', 'getAll']],
			['redirect', ['get', 'create']],
		]);
		const uses = (entries: Array<[string, string[]]>) => new Map(entries.map(([r, ops]) => [r, new Set(ops)]));
		// every operation of both resources: the resources alone
		expect(rectangles(uses([['page', ['get', 'getAll']], ['menu', ['get', 'getAll']]]), all)).toEqual([{ show: { resource: ['page', 'menu'] } }]);
		// Get of all three: one rectangle (Create is redirect's, so redirect.get alone is exact too)
		expect(rectangles(uses([['page', ['get']], ['menu', ['get']], ['redirect', ['get']]]), all)).toEqual([{ show: { resource: ['page', 'menu', 'redirect'], operation: ['get'] } }]);
		// page.get and menu.getAll: two
		expect(rectangles(uses([['page', ['get']], ['menu', ['getAll']]]), all)).toEqual([
			{ show: { resource: ['page'], operation: ['get'] } },
			{ show: { resource: ['menu'], operation: ['getAll'] } },
		]);
	});

	test('settings (a toggle) keep one declaration per rectangle; Limit shows on Return All: false without markers', () => {
		const [returnAll, limit] = returnAllOrLimit('rows');
		const props = twoResources([returnAll, limit], [returnAll, limit]);
		// page.get and menu.getAll are two rectangles: a setting is not worth markers
		expect(props.filter((p) => p.name === 'returnAll')).toHaveLength(2);
		expect(props.some((p) => p.name === 'returnAllShown')).toBe(false);
		expect(props.filter((p) => p.name === 'limit').map((p) => p.displayOptions)).toEqual([{ show: { returnAll: [false] } }]);
		expect(props.some((p) => p.name === 'limitShown')).toBe(false);
		expect(names(shown(props, 'page', 'get'))).toEqual(['returnAll', 'limit']);
		expect(names(shown(props, 'page', 'get', { returnAll: true }))).toEqual(['returnAll']);
		expect(names(shown(props, 'menu', 'getAll'))).toEqual(['returnAll', 'limit']);
		expect(names(shown(props, 'menu', 'get'))).toEqual([]);
		// on every operation of both resources: one declaration for the two resources
		const everywhere = twoResources([returnAll, limit], [returnAll, limit], [returnAll, limit]);
		expect(everywhere.filter((p) => p.name === 'returnAll').map((p) => p.displayOptions)).toEqual([{ show: { resource: ['page', 'menu'] } }]);
	});

	test('each operation keeps its fields in its own order, a shared field placed after what precedes it everywhere', () => {
		const props = twoResources([pageId, text('x')], [text('y'), pageId, text('z')], [text('x')]);
		expect(names(shown(props, 'page', 'get'))).toEqual(['pageId', 'x']);
		expect(names(shown(props, 'menu', 'getAll'))).toEqual(['y', 'pageId', 'z']);
		expect(names(shown(props, 'menu', 'get'))).toEqual(['x']);
	});

	test('collections of one name become one, each option shown where its declaration was', () => {
		const props = twoResources([collection(['a', 'b'])], [collection(['b', 'c'])]);
		expect(props.filter((p) => p.name === 'options')).toHaveLength(1);
		const optionsOn = (resource: string, operation: string) => {
			const values = valuesOn(props, resource, operation);
			const options = shown(props, resource, operation).find((p) => p.name === 'options');
			return ((options?.options ?? []) as INodeProperties[]).filter((o) => NodeHelpers.displayParameter({}, o, null, null, values)).map((o) => o.name);
		};
		expect(optionsOn('page', 'get')).toEqual(['a', 'b']);
		expect(optionsOn('menu', 'getAll')).toEqual(['b', 'c']);
	});

	test('a name required on some operations and optional on others is refused at load: the optional use takes a name of its own', () => {
		// one declaration per name would drop n8n's required mark on every operation (issue 33, item 6)
		expect(() => twoResources([text('title', { required: true })], [text('title')])).toThrow('Required on some operations and not on others: title');
		// a field required on a Network is checked when the operation runs: not mixed with a statically required one either
		const onNetwork = text('title', { required: true, displayOptions: { show: { network: ['socialnet'] } } });
		expect(() => twoResources([text('title', { required: true })], [onNetwork])).toThrow('Required on some operations and not on others: title');
		// the optional use as an option of Options: a different name, required stays where it was
		const props = twoResources([text('title', { required: true })], [{ ...collection([]), options: [text('title')] }]);
		expect(props.find((p) => p.name === 'title')!.required).toBe(true);
	});

	test('declarations of one name that disagree are refused at load', () => {
		expect(() => twoResources([text('limit', { default: 5 })], [text('limit', { default: 50 })])).toThrow('Declared several times with different settings: limit');
	});
});

describe('required on a value (requiredOnValue): checked when the operation runs', () => {
	const network = field({
		displayName: 'Network',
		name: 'network',
		type: 'options',
		default: 'socialnet',
		options: [
			{ name: 'Socialnet', value: 'socialnet' },
			{ name: 'Searchnet', value: 'searchnet' },
		],
	});
	const headline = text('headline', { required: true, displayName: 'Headline', description: 'The ad headline', displayOptions: { show: { network: ['socialnet'] } } });

	/** What a preSend sees of its item: the parameters, read by name. */
	const item = (values: Record<string, unknown>) =>
		({
			getNodeParameter: (name: string, fallback: unknown) => (name in values ? values[name] : fallback),
			getNode: () => ({ id: '1', name: 'Test', type: 'n8n-nodes-storefront.storefrontTest', typeVersion: 1, position: [0, 0], parameters: {} }),
			getItemIndex: () => 0,
			continueOnFail: () => false,
		}) as unknown as IExecuteSingleFunctions;

	test('the field is declared optional, and its operation fails the item naming it when its value makes it required', async () => {
		const create = module('create', [network, headline]);
		const props = build([resource('ad', [create])]);
		const declared = props.find((p) => p.name === 'headline')!;
		expect(declared.required).toBeUndefined();
		expect(REQUIRED_ON_VALUE.has(declared)).toBe(true);
		// the check is the first of the operation's preSend actions
		const [check] = preSendActions(create.option);
		const run = (values: Record<string, unknown>) => check.call(item(values), { url: '/v1/x' } as IHttpRequestOptions);
		await expect(run({ network: 'socialnet' })).rejects.toThrow('"Headline" is required for network socialnet');
		await expect(run({ network: 'socialnet', headline: '' })).rejects.toThrow('"Headline" is required for network socialnet');
		await expect(run({ network: 'socialnet', headline: 'Linen' })).resolves.toEqual({ url: '/v1/x' });
		await expect(run({ network: 'searchnet' })).resolves.toEqual({ url: '/v1/x' });
	});

	test('a field required on a value keeps that through the merge, shared by two operations', () => {
		const props = build([resource('ad', [module('create', [network, headline]), module('update', [network, headline])]), resource('post', [module('get', [])])]);
		const declarations = props.filter((p) => p.name === 'headline');
		expect(declarations).toHaveLength(1);
		expect(declarations[0].required).toBeUndefined();
		expect(REQUIRED_ON_VALUE.has(declarations[0])).toBe(true);
	});
});
