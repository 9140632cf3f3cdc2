import { assembleNode, operation } from '../../nodes/shared/operation';

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
