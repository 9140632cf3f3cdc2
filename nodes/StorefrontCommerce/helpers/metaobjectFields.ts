import type { IDataObject, IExecuteSingleFunctions, IHttpRequestOptions, INodeProperties } from 'n8n-workflow';

import { collection, resourceLocator } from '../../shared/fieldBuilders';
import { param } from '../../shared/params';
import { failItem } from '../../shared/requestActions';
import { requireValue } from './requireValue';

export const MAX_METAOBJECT_FIELDS = 100;

/** The metaobject fields several metaobject operations share (one property per name). */
export const metaobjectFields: INodeProperties[] = [
	resourceLocator({
		displayName: 'Definition Type',
		name: 'type',
		searchListMethod: 'searchMetaobjectTypes',
		placeholder: 'e.g. designer',
		listedBy: 'Metaobject Definition → Get Many',
		description: 'The metaobject definition (its type handle)',
	}),
	// Get, Update and Delete take no type: there it only fills the Metaobject list, so it is optional
	// and has a name of its own (the node's Definition Type is required wherever it shows)
	resourceLocator({
		displayName: 'Definition Type (for the List)',
		name: 'listType',
		searchListMethod: 'searchMetaobjectTypes',
		placeholder: 'e.g. designer',
		listedBy: 'Metaobject Definition → Get Many',
		description: 'Only fills the Metaobject list below ("From list"); not sent, since calls by ID take no type',
		required: false,
	}),
	resourceLocator({ displayName: 'Metaobject', name: 'metaobjectId', searchListMethod: 'searchMetaobjects', placeholder: 'e.g. gid_metaobject_000015', listedBy: 'Metaobject → Get Many' }),
	{
		displayName: 'Fields',
		name: 'fields',
		type: 'fixedCollection',
		typeOptions: { multipleValues: true },
		placeholder: 'Add Field',
		default: {},
		description: `Field values by key, as the definition names them (at most ${MAX_METAOBJECT_FIELDS})`,
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
	},
	collection('Additional Fields', 'additionalFields', [
		{
			displayName: 'Handle',
			name: 'handle',
			type: 'string',
			default: '',
			description: 'Unique handle of the metaobject (made up by the store when empty on create)',
		},
	]),
];

/** `send` entry of the definition type where the API takes it (Create: body, Get Many: query). */
export const definitionType = (where: 'body' | 'query') => ({
	in: where,
	locator: true,
	map: requireValue('Definition Type', 'Choose the metaobject definition, or enter its type (e.g. designer).'),
});

/** Sends the key/value pairs as `fields: [{key, value}]`, checking keys and the 100-field limit first. */
export async function buildFields(this: IExecuteSingleFunctions, request: IHttpRequestOptions) {
	const pairs = (param<IDataObject>(this, 'fields', {}).field as IDataObject[] | undefined) ?? [];
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
}
