import type {
	IDataObject,
	IExecuteSingleFunctions,
	IHttpRequestOptions,
	INodeProperties,
} from 'n8n-workflow';

import { collection, failItem, operation, resourceLocator, unwrap, type OperationModule, type OperationSpec } from '../../shared/descriptions';

/**
 * The store account goes in the query for GET and DELETE and in the body for POST,
 * PUT and PATCH (the reference's convention). Catalog-sync calls by ID carry none.
 */
async function sendAccountId(this: IExecuteSingleFunctions, request: IHttpRequestOptions) {
	const accountId = String(this.getNodeParameter('accountId', '')).trim();
	if (!accountId) {
		failItem(this, 'Store Account is empty', 'Enter the ID of the connected store account (accountId).');
	}
	const method = (request.method ?? 'GET').toUpperCase();
	if (method === 'GET' || method === 'DELETE') {
		request.qs = { ...(request.qs as IDataObject), accountId };
	} else {
		request.body = { ...(request.body as IDataObject), accountId };
	}
	return request;
}

/** A store operation: the shared operation plus the store account, unless `noAccount`. */
export function storeOperation(spec: OperationSpec & { noAccount?: boolean }) {
	const { noAccount, ...rest } = spec;
	return operation({ ...rest, preSend: [...(noAccount ? [] : [sendAccountId]), ...(spec.preSend ?? [])] });
}

/** A by-ID resource locator whose ID completes `path` (then `suffix`). */
export function idLocator(spec: {
	displayName: string;
	name: string;
	path: string;
	searchListMethod: string;
	placeholder: string;
	suffix?: string;
}): INodeProperties {
	return resourceLocator({
		displayName: spec.displayName,
		name: spec.name,
		searchListMethod: spec.searchListMethod,
		placeholder: spec.placeholder,
		url: `=${spec.path}/{{ encodeURIComponent($value) }}${spec.suffix ?? ''}`,
	});
}

export const locators = {
	page: (suffix = '') =>
		idLocator({ displayName: 'Page', name: 'pageId', path: '/v1/commerce/pages', searchListMethod: 'searchPages', placeholder: 'e.g. gid_page_000123', suffix }),
	menu: () =>
		idLocator({ displayName: 'Menu', name: 'menuId', path: '/v1/commerce/menus', searchListMethod: 'searchMenus', placeholder: 'e.g. gid_menu_000042' }),
	redirect: () =>
		idLocator({ displayName: 'Redirect', name: 'redirectId', path: '/v1/commerce/redirects', searchListMethod: 'searchRedirects', placeholder: 'e.g. gid_redirect_000007' }),
	metaobject: () =>
		idLocator({ displayName: 'Metaobject', name: 'metaobjectId', path: '/v1/commerce/metaobjects', searchListMethod: 'searchMetaobjects', placeholder: 'e.g. gid_metaobject_000015' }),
	catalogSync: (suffix = '') =>
		idLocator({ displayName: 'Catalog Sync', name: 'syncId', path: '/v1/commerce/catalog-syncs', searchListMethod: 'searchCatalogSyncs', placeholder: 'e.g. cs_000003', suffix }),
};

/** The metaobject definition type (its handle), picked from the store's definitions. */
export function definitionTypeField(options: { required: boolean; description: string; sendAs?: 'body' | 'query' }): INodeProperties {
	return {
		...resourceLocator({
			displayName: 'Definition Type',
			name: 'type',
			searchListMethod: 'searchMetaobjectTypes',
			placeholder: 'e.g. designer',
			description: options.description,
		}),
		required: options.required,
		...(options.sendAs ? { routing: { send: { type: options.sendAs, property: 'type' } } } : {}),
	};
}

/** Get one record by its locator; the output is the record itself. */
export function getOperation(
	noun: string,
	rootKey: string,
	locator: INodeProperties,
	description: string,
	noAccount = false,
): OperationModule {
	return {
		option: storeOperation({
			value: 'get',
			name: 'Get',
			action: `Get a ${noun}`,
			description,
			method: 'GET',
			noAccount,
			postReceive: [unwrap(rootKey)],
		}),
		properties: [locator],
	};
}

/** Delete one record by its locator; the output is the API's `{deleted, <id name>}`. */
export function deleteOperation(noun: string, locator: INodeProperties, description: string, noAccount = false): OperationModule {
	return {
		option: storeOperation({ value: 'delete', name: 'Delete', action: `Delete a ${noun}`, description, method: 'DELETE', noAccount }),
		properties: [locator],
	};
}

/** The "Filters" collection of a searchable list: the text goes to the API's `query` parameter. */
export function searchQueryFilter(displayName: string, placeholder: string, description: string): INodeProperties {
	return collection(
		'Filters',
		'filters',
		[{ displayName, name: 'query', type: 'string', default: '', placeholder, description, routing: { send: { type: 'query', property: 'query' } } }],
		'Add Filter',
	);
}

/** A required text field sent in the body under its own name. */
export function requiredBodyText(displayName: string, name: string, description: string, placeholder = ''): INodeProperties {
	return {
		displayName,
		name,
		type: 'string',
		required: true,
		default: '',
		description,
		placeholder,
		routing: { send: { type: 'body', property: name } },
	};
}
