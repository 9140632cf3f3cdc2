import type { ResourceSpec } from '../../../shared/assembly';
import * as create from './create';
import * as del from './delete';
import * as getAll from './getAll';
import * as sendTestEvent from './sendTestEvent';
import * as update from './update';

export const webhook: ResourceSpec = {
	name: 'Webhook',
	value: 'webhook',
	operations: [create, del, getAll, sendTestEvent, update],
	defaultOperation: 'create',
};
