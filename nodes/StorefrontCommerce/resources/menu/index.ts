import type { ResourceSpec } from '../../../shared/assembly';
import * as create from './create';
import * as del from './delete';
import * as get from './get';
import * as getAll from './getAll';
import * as replace from './replace';

/** Menus work on hosted stores (Replace is not labelled hosted-only in the reference). */
export const menu: ResourceSpec = { name: 'Menu', value: 'menu', operations: [create, del, get, getAll, replace], defaultOperation: 'create' };
