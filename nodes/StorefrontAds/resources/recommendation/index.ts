import type { ResourceSpec } from '../../../shared/assembly';
import * as apply from './apply';
import * as dismiss from './dismiss';
import * as getAll from './getAll';

/** The default operation. */
const LIST = 'getAll';

export const recommendation: ResourceSpec = {
	name: 'Recommendation (Searchnet)',
	value: 'recommendation',
	operations: [apply, dismiss, getAll],
	defaultOperation: LIST,
};
