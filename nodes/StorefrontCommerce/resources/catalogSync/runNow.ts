import { unwrap } from '../../../shared/requestActions';
import { listAccountId, syncId } from '../../helpers/storeFields';
import { storeOperation } from '../../helpers/storeOperation';

/** Catalog-sync calls by ID carry no store account (reference conventions): the account only fills the list. */
export const fields = [listAccountId, syncId];

export const option = storeOperation({
	value: 'runNow',
	name: 'Run Now',
	action: 'Run a catalog sync now',
	description: 'Queue a full run; get the sync later to see its outcome',
	method: 'POST',
	path: '/v1/commerce/catalog-syncs/{syncId}/run',
	fields,
	noAccount: true,
	postReceive: [unwrap('catalogSync')],
});
