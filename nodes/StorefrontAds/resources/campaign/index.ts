import type { ResourceSpec } from '../../../shared/assembly';
import * as bulkSetStatus from './bulkSetStatus';
import * as create from './create';
import * as del from './delete';
import * as getAll from './getAll';
import * as getAnalytics from './getAnalytics';
import * as getTree from './getTree';
import * as setStatus from './setStatus';
import * as update from './update';

/** The default operation. */
const LIST = 'getAll';

export const campaign: ResourceSpec = {
	name: 'Campaign',
	value: 'campaign',
	operations: [bulkSetStatus, create, del, getAll, getAnalytics, getTree, setStatus, update],
	defaultOperation: LIST,
};
