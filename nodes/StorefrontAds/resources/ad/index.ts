import type { ResourceSpec } from '../../../shared/assembly';
import * as boost from './boost';
import * as create from './create';
import * as createCall from './createCall';
import * as createMessaging from './createMessaging';
import * as del from './delete';
import * as get from './get';
import * as getAll from './getAll';
import * as getAnalytics from './getAnalytics';
import * as setStatus from './setStatus';
import * as update from './update';

export const ad: ResourceSpec = {
	name: 'Ad',
	value: 'ad',
	operations: [boost, create, createCall, createMessaging, del, get, getAll, getAnalytics, setStatus, update],
	defaultOperation: 'boost',
};
