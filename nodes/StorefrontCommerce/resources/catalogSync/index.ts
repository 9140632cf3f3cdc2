import type { ResourceSpec } from '../../../shared/assembly';
import * as create from './create';
import * as del from './delete';
import * as get from './get';
import * as getAll from './getAll';
import * as runNow from './runNow';

export const catalogSync: ResourceSpec = {
	name: 'Catalog Sync',
	value: 'catalogSync',
	operations: [create, del, get, getAll, runNow],
	defaultOperation: 'create',
};
