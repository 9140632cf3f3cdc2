import { returnAllOrLimit } from '../../../shared/fieldBuilders';
import { definitionType, type } from '../../helpers/metaobjectFields';
import { accountId } from '../../helpers/storeFields';
import { storeCursorPaging, storeOperation } from '../../helpers/storeOperation';

export const fields = [accountId, type, ...returnAllOrLimit('metaobjects')];

export const option = storeOperation({
	value: 'getAll',
	name: 'Get Many',
	action: 'Get many metaobjects',
	description: 'List the metaobjects of one definition type (hosted stores only)',
	method: 'GET',
	path: '/v1/commerce/metaobjects',
	fields,
	inRequest: { type: definitionType('query') },
	list: { ...storeCursorPaging, rootProperty: 'metaobjects' },
});
