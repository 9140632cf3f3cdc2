import type { ResourceSpec } from '../../../shared/assembly';
import * as getAll from './getAll';
import * as redeliver from './redeliver';

export const delivery: ResourceSpec = {
	name: 'Delivery',
	value: 'delivery',
	operations: [getAll, redeliver],
	defaultOperation: String(getAll.option.value),
};
