import type { ResourceSpec } from '../../../shared/assembly';
import * as del from './delete';
import * as recordEngagement from './recordEngagement';
import * as upsert from './upsert';

export const marketingActivity: ResourceSpec = {
	name: 'Marketing Activity',
	value: 'marketingActivity',
	operations: [upsert, del, recordEngagement],
	defaultOperation: String(upsert.option.value),
};
