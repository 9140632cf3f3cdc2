import { collection } from '../../../shared/fieldBuilders';
import { bodyFrom, requireAnyField, unwrap } from '../../../shared/requestActions';
import { accountId, redirectId } from '../../helpers/storeFields';
import { storeOperation } from '../../helpers/storeOperation';
import { checkRedirectPath } from '../../helpers/redirectPath';

export const fields = [
	accountId,
	redirectId,
	collection('Update Fields', 'updateFields', [
		{ displayName: 'Path', name: 'path', type: 'string', default: '', placeholder: 'e.g. /old-summer-sale' },
		{ displayName: 'Target', name: 'target', type: 'string', default: '', placeholder: 'e.g. /collections/summer' },
	]),
];

export const option = storeOperation({
	value: 'update',
	name: 'Update',
	action: 'Update a redirect',
	description: 'Change the path or the target',
	method: 'PATCH',
	path: '/v1/commerce/redirects/{redirectId}',
	fields,
	preSend: [requireAnyField('updateFields'), bodyFrom('updateFields'), checkRedirectPath],
	postReceive: [unwrap('redirect')],
});
