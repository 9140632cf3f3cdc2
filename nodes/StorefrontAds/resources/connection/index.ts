import type { ResourceSpec } from '../../../shared/assembly';
import * as connectChatnet from './connectChatnet';
import * as getAdAccounts from './getAdAccounts';
import * as getAll from './getAll';
import * as getSignInLink from './getSignInLink';

/** The default operation. */
const LIST = 'getAll';

export const connection: ResourceSpec = {
	name: 'Connection',
	value: 'connection',
	operations: [connectChatnet, getAdAccounts, getAll, getSignInLink],
	defaultOperation: LIST,
};
