import type { IDataObject, IExecuteSingleFunctions, IHttpRequestOptions, INodeProperties } from 'n8n-workflow';

import { assembleResource, collection, failItem, returnAllOrLimit, unwrap } from '../../../shared/descriptions';
import { definitionTypeField, deleteOperation, getOperation, locators, storeOperation } from '../common';

export const MAX_METAOBJECT_FIELDS = 100;

const fieldsInput: INodeProperties = {
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
};

/** Sends the key/value pairs as `fields: [{key, value}]`, checking keys and the 100-field limit first. */
async function buildFields(this: IExecuteSingleFunctions, request: IHttpRequestOptions) {
	const pairs = ((this.getNodeParameter('fields', {}) as IDataObject).field as IDataObject[] | undefined) ?? [];
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

const handleField: INodeProperties = collection('Additional Fields', 'additionalFields', [
		{
			displayName: 'Handle',
			name: 'handle',
			type: 'string',
			default: '',
			description: 'Unique handle of the metaobject (made up by the store when empty on create)',
			routing: { send: { type: 'body', property: 'handle' } },
		},
	]);

const typeForList = definitionTypeField({
	required: false,
	description: 'Only used to list metaobjects of this type in "From list" below; not sent',
});

const create = {
	option: storeOperation({
		value: 'create',
		name: 'Create',
		action: 'Create a metaobject',
		description: 'Create a metaobject of a definition type (hosted stores only)',
		method: 'POST',
		url: '/v1/commerce/metaobjects',
		preSend: [buildFields],
		postReceive: [unwrap('metaobject')],
	}),
	properties: [
		definitionTypeField({ required: true, description: 'The definition this metaobject follows', sendAs: 'body' }),
		fieldsInput,
		handleField,
	],
};

const update = {
	option: storeOperation({
		value: 'update',
		name: 'Update',
		action: 'Update a metaobject',
		description: 'Set the given field values; fields left out keep theirs',
		method: 'PATCH',
		preSend: [buildFields],
		postReceive: [unwrap('metaobject')],
	}),
	properties: [typeForList, locators.metaobject(), fieldsInput, handleField],
};

const getAll = {
	option: storeOperation({
		value: 'getAll',
		name: 'Get Many',
		action: 'Get many metaobjects',
		description: 'List the metaobjects of one definition type (hosted stores only)',
		method: 'GET',
		url: '/v1/commerce/metaobjects',
		list: { style: 'cursor', rootProperty: 'metaobjects', maxPageSize: 100 },
	}),
	properties: [
		definitionTypeField({ required: true, description: 'Which definition to list', sendAs: 'query' }),
		...returnAllOrLimit('metaobjects'),
	],
};

export const metaobjectProperties = assembleResource(
	'metaobject',
	[
		create,
		{
			...deleteOperation('metaobject', locators.metaobject(), 'Delete a metaobject; references from metafields stop resolving (hosted stores only)'),
			properties: [typeForList, locators.metaobject()],
		},
		{
			...getOperation('metaobject', 'metaobject', locators.metaobject(), 'Get a metaobject with its fields (hosted stores only)'),
			properties: [typeForList, locators.metaobject()],
		},
		getAll,
		update,
	],
	'create',
);
