import { assembleResource } from '../../../shared/descriptions';
import { deleteOperation, locators } from '../common';
import * as create from './create';
import * as getAll from './getAll';
import * as update from './update';

/** Redirects work on hosted stores only. */
export const redirectProperties = assembleResource(
	'redirect',
	[create, deleteOperation('redirect', locators.redirect(), 'Delete a redirect; the old path answers 404 again'), getAll, update],
	'create',
);
