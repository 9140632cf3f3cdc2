import { simplifiedWhenOn, unwrap } from '../../../shared/requestActions';
import { catalogSyncSimplify, simplifyCatalogSync } from '../../helpers/catalogSyncOutput';
import { listAccountId, syncId } from '../../helpers/storeFields';
import { storeOperation } from '../../helpers/storeOperation';

/** Catalog-sync calls by ID carry no store account (reference conventions): the account only fills the list. */
export const fields = [listAccountId, syncId, catalogSyncSimplify];

export const option = storeOperation({
	value: 'get',
	name: 'Get',
	action: 'Get a catalog sync',
	description: 'Get a sync with the status and counts of its last run',
	method: 'GET',
	path: '/v1/commerce/catalog-syncs/{syncId}',
	fields,
	noAccount: true,
	postReceive: [unwrap('catalogSync'), simplifiedWhenOn(simplifyCatalogSync)],
});
