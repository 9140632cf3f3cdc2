import type { IDataObject, IExecuteSingleFunctions, IHttpRequestOptions } from 'n8n-workflow';

import { actionName } from '../../shared/actionNames';
import { collection, field, resourceLocator } from '../../shared/fieldBuilders';
import type { Placement } from '../../shared/operation';
import { reading } from '../../shared/reads';
import { requireValue } from '../../shared/params';
import { failItem } from '../../shared/requestActions';

export const MAX_METAOBJECT_FIELDS = 100;

/** The fields several metaobject operations show; each operation imports the ones it shows into its `fields`. */

/** The definition type, required where the API takes it (Create, Get Many). */
export const type = resourceLocator({
	displayName: 'Definition Type',
	name: 'type',
	searchListMethod: 'searchMetaobjectTypes',
	placeholder: 'e.g. designer',
	listedBy: actionName('metaobjectDefinition', 'getAll'),
	description: 'The metaobject definition (its type handle)',
});

/**
 * Get, Update and Delete take no type: there it only fills the Metaobject list, so it is optional
 * and has a name of its own (the node's Definition Type is required wherever it shows).
 */
export const listType = resourceLocator({
	displayName: 'Definition Type (for the List)',
	name: 'listType',
	searchListMethod: 'searchMetaobjectTypes',
	placeholder: 'e.g. designer',
	listedBy: actionName('metaobjectDefinition', 'getAll'),
	description: 'Only fills the Metaobject list below ("From list"); not sent, since calls by ID take no type',
	required: false,
});

export const metaobjectId = resourceLocator({
	displayName: 'Metaobject',
	name: 'metaobjectId',
	searchListMethod: 'searchMetaobjects',
	placeholder: 'e.g. gid_metaobject_000015',
	listedBy: actionName('metaobject', 'getAll'),
});

/** The locators of this file, registered by StorefrontCommerce.node.ts (fieldBuilders.ts registerLocators). */
export const metaobjectLocators = [type, listType, metaobjectId];

/** The metaobject's field values (the parameter `fields`; an operation file's own `fields` is its list of fields). */
export const fieldValues = field({
	displayName: 'Fields',
	name: 'fields',
	type: 'fixedCollection',
	typeOptions: { multipleValues: true },
	placeholder: 'Add Field',
	default: {},
	description: `Field values by key, as the definition names them (at most ${MAX_METAOBJECT_FIELDS} fields)`,
	options: [
		{
			name: 'field',
			displayName: 'Field',
			values: [
				{ displayName: 'Key', name: 'key', type: 'string', default: '', required: true, placeholder: 'e.g. name' },
				{ displayName: 'Value', name: 'value', type: 'string', default: '' },
			],
		},
	],
});

export const additionalFields = collection('Additional Fields', 'additionalFields', [
	{
		displayName: 'Handle',
		name: 'handle',
		type: 'string',
		default: '',
		description: 'Unique handle of the metaobject (made up by the store when empty on create)',
	},
]);

/** Where the definition type goes where the API takes it (`inRequest`; Create: body, Get Many: query). */
export const definitionType = (where: 'body' | 'query'): Placement => ({
	in: where,
	locator: true,
	map: requireValue('Definition Type', 'Choose the metaobject definition, or enter its type (e.g. designer).'),
});

/** Sends the key/value pairs as `fields: [{key, value}]`, checking keys and the 100-field limit first. */
export const buildFields = reading(['fields'], (read) => async function (this: IExecuteSingleFunctions, request: IHttpRequestOptions) {
	const pairs = (read.param<IDataObject>(this, 'fields', {}).field as IDataObject[] | undefined) ?? [];
	const fields = pairs.map((p, i) => {
		const key = String(p.key ?? '').trim();
		if (!key) failItem(this, `Field ${i + 1} has no key`, 'Every field needs the key its definition gives it.');
		return { key, value: p.value === undefined || p.value === null ? '' : String(p.value) };
	});
	if (fields.length === 0) failItem(this, 'No fields given', 'Add at least one field value.');
	if (fields.length > MAX_METAOBJECT_FIELDS) {
		failItem(this, `${fields.length} fields given; the API accepts at most ${MAX_METAOBJECT_FIELDS}`, 'Send fewer fields per call.');
	}
	request.body = { ...(request.body as IDataObject), fields };
	return request;
});
