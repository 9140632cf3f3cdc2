import { markDeleted } from '../../../shared/requestActions';
import { listAccountId, syncId } from '../../helpers/storeFields';
import { storeOperation } from '../../helpers/storeOperation';

/** Catalog-sync calls by ID carry no store account (reference conventions): the account only fills the list. */
export const fields = [listAccountId, syncId];

export const option = storeOperation({
	value: 'delete',
	name: 'Delete',
	action: 'Delete a catalog sync',
	description: 'Stop syncing; items already in the catalog stay',
	method: 'DELETE',
	path: '/v1/commerce/catalog-syncs/{syncId}',
	fields,
	noAccount: true,
	postReceive: [markDeleted],
});
