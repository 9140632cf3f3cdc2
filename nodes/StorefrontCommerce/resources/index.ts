import type { INodeProperties } from 'n8n-workflow';

import { resourceSelector } from '../../shared/descriptions';
import { catalogSyncProperties } from './catalogSync';
import { marketingActivityProperties } from './marketingActivity';
import { menuProperties } from './menu';
import { metaobjectProperties } from './metaobject';
import { metaobjectDefinitionProperties } from './metaobjectDefinition';
import { pageProperties } from './page';
import { redirectProperties } from './redirect';

export const properties: INodeProperties[] = [
	resourceSelector(
		[
			{ name: 'Catalog Sync', value: 'catalogSync' },
			{ name: 'Marketing Activity', value: 'marketingActivity' },
			{ name: 'Menu', value: 'menu' },
			{ name: 'Metaobject', value: 'metaobject' },
			{ name: 'Metaobject Definition', value: 'metaobjectDefinition' },
			{ name: 'Page', value: 'page' },
			{ name: 'Redirect', value: 'redirect' },
		],
		'page',
	),
	{
		displayName: 'Store Account',
		name: 'accountId',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'e.g. store_hosted',
		description:
			'ID of the connected store account every call works on. Menus, metaobjects, redirects and deleting marketing activities work on hosted stores only. Not sent by catalog-sync calls by ID.',
	},
	...catalogSyncProperties,
	...marketingActivityProperties,
	...menuProperties,
	...metaobjectProperties,
	...metaobjectDefinitionProperties,
	...pageProperties,
	...redirectProperties,
];
