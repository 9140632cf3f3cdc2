import type { ResourceSpec } from '../../../shared/assembly';
import * as create from './create';
import * as del from './delete';
import * as get from './get';
import * as getAll from './getAll';
import * as update from './update';

export const page: ResourceSpec = { name: 'Page', value: 'page', operations: [create, del, get, getAll, update], defaultOperation: 'create' };
