import { field } from '../../../shared/fieldBuilders';
import { unwrap } from '../../../shared/requestActions';
import { accountId } from '../../helpers/storeFields';
import { storeOperation } from '../../helpers/storeOperation';
import { checkRedirectPath } from '../../helpers/redirectPath';

export const fields = [
	accountId,
	field({
		displayName: 'Path',
		name: 'path',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'e.g. /old-summer-sale',
		description: 'The old path on the store; starts with /',
	}),
	field({
		displayName: 'Target',
		name: 'target',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'e.g. /collections/summer or https://example.com/page',
		description: 'Where visitors go: a path or a full URL',
	}),
];

export const option = storeOperation({
	value: 'create',
	name: 'Create',
	action: 'Create a redirect',
	description: 'Send visitors of an old path to a new path or URL',
	method: 'POST',
	path: '/v1/commerce/redirects',
	fields,
	inRequest: { path: 'body', target: 'body' },
	preSend: [checkRedirectPath],
	postReceive: [unwrap('redirect')],
});
