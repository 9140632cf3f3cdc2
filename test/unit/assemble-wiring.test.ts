import { NodeHelpers, type INodeProperties } from 'n8n-workflow';

import { assembleNode } from '../../nodes/shared/assembly';
import { operation } from '../../nodes/shared/operation';

/** assembleNode refuses wiring by a name the operation does not show: a typo fails at load, not by dropping a field. */
const field = (name: string) => ({ displayName: name, name, type: 'string' as const, default: '' });
const resource = (path: string, send: Record<string, 'query' | 'body'>) => ({
	name: 'Page',
	value: 'page',
	defaultOperation: 'get',
	operations: [
		{
			option: operation({ value: 'get', name: 'Get', action: 'Get a page', description: 'Get a page', method: 'GET', path, send }),
			properties: [field('title')],
			uses: ['pageId'],
		},
	],
});

test('a path name and send keys that are fields of the operation assemble', () => {
	const props = assembleNode([resource('/v1/pages/{pageId}', { title: 'query' })], [field('pageId')], 'page');
	expect(props.map((p) => p.name)).toEqual(expect.arrayContaining(['pageId', 'title']));
});

test('a misspelt send key is refused', () => {
	expect(() => assembleNode([resource('/v1/pages/{pageId}', { titel: 'query' })], [field('pageId')], 'page')).toThrow(
		'page.get sends parameter "titel", which is not a field of that operation',
	);
});

test('a misspelt path name is refused', () => {
	expect(() => assembleNode([resource('/v1/pages/{pagId}', {})], [field('pageId')], 'page')).toThrow(
		'page.get sends parameter "pagId", which is not a field of that operation',
	);
});

describe('one declaration per name (oneDeclarationPerName)', () => {
	// two resources whose operation values repeat: page.get / menu.get / menu.getAll; pageId is used
	// by page.get and menu.getAll only, which is not one rectangle of resources × operations
	const op = (value: string, own: INodeProperties[], uses: string[] = []) => ({
		option: operation({ value, name: value, action: value, description: value, method: 'GET', path: '/v1/x' }),
		properties: own,
		uses,
	});
	const options = (names: string[]) => names.map((name) => field(name));
	const build = (pageGetOwn: INodeProperties[], menuGetAllOwn: INodeProperties[]) =>
		assembleNode(
			[
				{ name: 'Page', value: 'page', defaultOperation: 'get', operations: [op('get', pageGetOwn, ['pageId'])] },
				{ name: 'Menu', value: 'menu', defaultOperation: 'get', operations: [op('get', []), op('getAll', menuGetAllOwn, ['pageId'])] },
			],
			[{ ...field('pageId'), required: true }],
			'page',
		);
	const shown = (props: INodeProperties[], resource: string, operation: string) => {
		const values = NodeHelpers.getNodeParameters(props, { resource, operation }, true, false, { typeVersion: 1 } as never, null)!;
		return props.filter((p) => p.type !== 'hidden' && NodeHelpers.displayParameter(values, p, null, null, values));
	};
	const collection = (children: string[]): INodeProperties => ({ displayName: 'Options', name: 'options', type: 'collection', default: {}, options: options(children) });

	test('a field used on operations that are not one rectangle is one property, shown exactly where it is used', () => {
		const props = build([], []);
		expect(props.filter((p) => p.name === 'pageId')).toHaveLength(1);
		expect(props.filter((p) => p.name === 'pageIdShown').map((p) => p.type)).toEqual(['hidden', 'hidden']);
		expect(shown(props, 'page', 'get').map((p) => p.name)).toContain('pageId');
		expect(shown(props, 'menu', 'getAll').map((p) => p.name)).toContain('pageId');
		expect(shown(props, 'menu', 'get').map((p) => p.name)).not.toContain('pageId');
		// required where every operation using it requires it
		expect(props.find((p) => p.name === 'pageId')!.required).toBe(true);
	});

	test('collections of one name become one, each option shown where its declaration was', () => {
		const props = build([collection(['a', 'b'])], [collection(['b', 'c'])]);
		expect(props.filter((p) => p.name === 'options')).toHaveLength(1);
		const optionsOn = (resource: string, operation: string) => {
			const values = NodeHelpers.getNodeParameters(props, { resource, operation }, true, false, { typeVersion: 1 } as never, null)!;
			const options = shown(props, resource, operation).find((p) => p.name === 'options');
			return ((options?.options ?? []) as INodeProperties[]).filter((o) => NodeHelpers.displayParameter({}, o, null, null, values)).map((o) => o.name);
		};
		expect(optionsOn('page', 'get')).toEqual(['a', 'b']);
		expect(optionsOn('menu', 'getAll')).toEqual(['b', 'c']);
	});

	test('a name required on some operations and optional on others is refused at load: the optional use takes a name of its own', () => {
		// one declaration per name would drop n8n's required mark on every operation (issue 33, item 6)
		expect(() => build([{ ...field('title'), required: true }], [field('title')])).toThrow('Required on some operations and not on others: title');
		// a field required on a Network is checked when the operation runs: not mixed with a statically required one either
		const onNetwork = { ...field('title'), required: true, displayOptions: { show: { network: ['socialnet'] } } };
		expect(() => build([{ ...field('title'), required: true }], [onNetwork])).toThrow('Required on some operations and not on others: title');
		// the optional use as an option of Options: a different name, required stays where it was
		const props = build([{ ...field('title'), required: true }], [{ ...collection([]), options: [field('title')] }]);
		expect(props.find((p) => p.name === 'title')!.required).toBe(true);
	});

	test('declarations of one name that disagree are refused at load', () => {
		expect(() => build([{ ...field('limit'), default: 5 } as never], [{ ...field('limit'), default: 50 } as never])).toThrow(
			'Declared several times with different settings: limit',
		);
	});
});
