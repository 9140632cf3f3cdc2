import type { ResourceSpec } from '../../../shared/assembly';
import * as getAll from './getAll';
import * as setStatus from './setStatus';
import * as update from './update';

/** The default operation. */
const LIST = 'getAll';

export const adSet: ResourceSpec = { name: 'Ad Set', value: 'adSet', operations: [getAll, setStatus, update], defaultOperation: LIST };
