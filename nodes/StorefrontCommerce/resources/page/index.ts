import { assembleResource } from '../../../shared/descriptions';
import { deleteOperation, getOperation, locators } from '../common';
import * as create from './create';
import * as getAll from './getAll';
import * as update from './update';

export const pageProperties = assembleResource(
	'page',
	[
		create,
		deleteOperation('page', locators.page(), 'Delete a page; this cannot be undone'),
		getOperation('page', 'page', locators.page(), 'Get a page with its HTML body'),
		getAll,
		update,
	],
	'create',
);
