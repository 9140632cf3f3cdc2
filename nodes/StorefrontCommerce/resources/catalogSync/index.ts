import { assembleResource, returnAllOrLimit, unwrap } from '../../../shared/descriptions';
import { deleteOperation, getOperation, locators, requiredBodyText, storeOperation } from '../common';

/** Catalog-sync calls by ID carry no store account (reference conventions). */
export const catalogSyncProperties = assembleResource(
	'catalogSync',
	[
		{
			option: storeOperation({
				value: 'create',
				name: 'Create',
				action: 'Create a catalog sync',
				description: 'Keep a socialnet product catalog in sync with the store; the first full run starts at once',
				method: 'POST',
				url: '/v1/commerce/catalog-syncs',
				postReceive: [unwrap('catalogSync')],
			}),
			properties: [
				requiredBodyText('Catalog Account ID', 'catalogAccountId', 'The socialnet business account that owns the catalog'),
				requiredBodyText('Catalog ID', 'catalogId', 'The product catalog to fill'),
			],
		},
		deleteOperation('catalog sync', locators.catalogSync(), 'Stop syncing; items already in the catalog stay', true),
		getOperation('catalog sync', 'catalogSync', locators.catalogSync(), 'Get a sync with the status and counts of its last run', true),
		{
			option: storeOperation({
				value: 'getAll',
				name: 'Get Many',
				action: 'Get many catalog syncs',
				description: 'List the catalog syncs of the store',
				method: 'GET',
				url: '/v1/commerce/catalog-syncs',
				list: { style: 'none', rootProperty: 'catalogSyncs' },
			}),
			properties: returnAllOrLimit('catalog syncs'),
		},
		{
			option: storeOperation({
				value: 'runNow',
				name: 'Run Now',
				action: 'Run a catalog sync now',
				description: 'Queue a full run; get the sync later to see its outcome',
				method: 'POST',
				noAccount: true,
				postReceive: [unwrap('catalogSync')],
			}),
			properties: [locators.catalogSync('/run')],
		},
	],
	'create',
);
