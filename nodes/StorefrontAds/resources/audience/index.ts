import type { ResourceSpec } from '../../../shared/assembly';
import * as addUsers from './addUsers';
import * as create from './create';
import * as del from './delete';
import * as get from './get';
import * as getAll from './getAll';
import * as rename from './rename';

/** The default operation. */
const LIST = 'getAll';

export const audience: ResourceSpec = {
	name: 'Audience',
	value: 'audience',
	operations: [addUsers, create, del, get, getAll, rename],
	defaultOperation: LIST,
};
