import type { ResourceSpec } from '../../../shared/assembly';
import * as create from './create';
import * as del from './delete';
import * as getAll from './getAll';
import * as update from './update';

/** Redirects work on hosted stores only. */
export const redirect: ResourceSpec = { name: 'Redirect', value: 'redirect', operations: [create, del, getAll, update], defaultOperation: 'create' };
