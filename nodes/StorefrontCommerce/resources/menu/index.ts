import type { INodeProperties } from 'n8n-workflow';

import { assembleResource, collection, returnAllOrLimit, unwrap } from '../../../shared/descriptions';
import { deleteOperation, getOperation, locators, storeOperation } from '../common';
import { buildMenuItems, menuItemFields } from './items';

const title = (description: string): INodeProperties => ({
	displayName: 'Title',
	name: 'title',
	type: 'string',
	required: true,
	default: '',
	description,
	routing: { send: { type: 'body', property: 'title' } },
});

const create = {
	option: storeOperation({
		value: 'create',
		name: 'Create',
		action: 'Create a menu',
		description: 'Create a navigation menu with its items (hosted stores only)',
		method: 'POST',
		url: '/v1/commerce/menus',
		preSend: [buildMenuItems],
		postReceive: [unwrap('menu')],
	}),
	properties: [
		title('Name of the menu, e.g. Main menu'),
		{
			displayName: 'Handle',
			name: 'handle',
			type: 'string',
			required: true,
			default: '',
			placeholder: 'main-menu',
			routing: { send: { type: 'body', property: 'handle' } },
		},
		...menuItemFields,
	] as INodeProperties[],
};

const replace = {
	option: storeOperation({
		value: 'replace',
		name: 'Replace',
		action: 'Replace a menu',
		description: 'Replace the title and the whole item tree; items left out are removed',
		method: 'PUT',
		preSend: [buildMenuItems],
		postReceive: [unwrap('menu')],
	}),
	properties: [
		locators.menu(),
		title('The new title'),
		collection('Additional Fields', 'additionalFields', [
				{
					displayName: 'Handle',
					name: 'handle',
					type: 'string',
					default: '',
					routing: { send: { type: 'body', property: 'handle' } },
				},
			]),
		...menuItemFields.map((f) =>
			f.name === 'itemsInput'
				? { ...f, description: 'The items given here replace ALL current items of the menu, nested ones included' }
				: f,
		),
	] as INodeProperties[],
};

const getAll = {
	option: storeOperation({
		value: 'getAll',
		name: 'Get Many',
		action: 'Get many menus',
		description: 'List navigation menus with their items (hosted stores only)',
		method: 'GET',
		url: '/v1/commerce/menus',
		list: { style: 'none', rootProperty: 'menus' },
	}),
	properties: returnAllOrLimit('menus'),
};

/** Menus work on hosted stores (Replace is not labelled hosted-only in the reference). */
export const menuProperties = assembleResource(
	'menu',
	[
		create,
		deleteOperation('menu', locators.menu(), 'Delete a menu (hosted stores only)'),
		getOperation('menu', 'menu', locators.menu(), 'Get a menu with its nested items (hosted stores only)'),
		getAll,
		replace,
	],
	'create',
);
