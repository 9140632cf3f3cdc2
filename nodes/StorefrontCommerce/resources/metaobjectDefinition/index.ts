import { assembleResource, returnAllOrLimit } from '../../../shared/descriptions';
import { storeOperation } from '../common';

export const metaobjectDefinitionProperties = assembleResource(
	'metaobjectDefinition',
	[
		{
			option: storeOperation({
				value: 'getAll',
				name: 'Get Many',
				action: 'Get many metaobject definitions',
				description: 'List the metaobject definitions of the store; their type is what metaobject calls take',
				method: 'GET',
				url: '/v1/commerce/metaobject-definitions',
				list: { style: 'none', rootProperty: 'definitions' },
			}),
			properties: returnAllOrLimit('definitions'),
		},
	],
	'getAll',
);
