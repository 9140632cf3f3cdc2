import { collection } from '../../../shared/fieldBuilders';
import { bodyFrom, unwrap } from '../../../shared/requestActions';
import { pageFields } from '../../helpers/pageFields';
import { accountId, title } from '../../helpers/storeFields';
import { storeOperation } from '../../helpers/storeOperation';

export const fields = [accountId, title, collection('Additional Fields', 'additionalFields', pageFields)];

export const option = storeOperation({
	value: 'create',
	name: 'Create',
	action: 'Create a page',
	description: 'Create a content page',
	method: 'POST',
	path: '/v1/commerce/pages',
	fields,
	inRequest: { title: 'body' },
	preSend: [bodyFrom('additionalFields')],
	postReceive: [unwrap('page')],
});
