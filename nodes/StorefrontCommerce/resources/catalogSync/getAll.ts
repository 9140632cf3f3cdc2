import { returnAllOrLimit } from '../../../shared/fieldBuilders';
import { catalogSyncSimplify, simplifyCatalogSync } from '../../helpers/catalogSyncOutput';
import { accountId } from '../../helpers/storeFields';
import { storeOperation } from '../../helpers/storeOperation';

export const fields = [accountId, ...returnAllOrLimit('catalog syncs'), catalogSyncSimplify];

export const option = storeOperation({
	value: 'getAll',
	name: 'Get Many',
	action: 'Get many catalog syncs',
	description: 'List the catalog syncs of the store',
	method: 'GET',
	path: '/v1/commerce/catalog-syncs',
	fields,
	// one response, no paging: Limit is applied to the rows under `catalogSyncs`
	list: { style: 'none', rootProperty: 'catalogSyncs', simplify: simplifyCatalogSync },
});
