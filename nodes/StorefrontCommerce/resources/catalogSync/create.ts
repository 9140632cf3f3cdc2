import { field } from '../../../shared/fieldBuilders';
import { unwrap } from '../../../shared/requestActions';
import { accountId } from '../../helpers/storeFields';
import { storeOperation } from '../../helpers/storeOperation';

export const fields = [
	accountId,
	field({
		displayName: 'Catalog Account ID',
		name: 'catalogAccountId',
		type: 'string',
		required: true,
		default: '',
		description: 'The socialnet business account that owns the catalog',
	}),
	field({ displayName: 'Catalog ID', name: 'catalogId', type: 'string', required: true, default: '', description: 'The product catalog to fill' }),
];

export const option = storeOperation({
	value: 'create',
	name: 'Create',
	action: 'Create a catalog sync',
	description: 'Keep a socialnet product catalog in sync with the store; the first full run starts at once',
	method: 'POST',
	path: '/v1/commerce/catalog-syncs',
	fields,
	inRequest: { catalogAccountId: 'body', catalogId: 'body' },
	postReceive: [unwrap('catalogSync')],
});
