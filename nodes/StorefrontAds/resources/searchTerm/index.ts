import type { ResourceSpec } from '../../../shared/assembly';
import * as getAll from './getAll';

/** The default operation. */
const LIST = 'getAll';

export const searchTerm: ResourceSpec = { name: 'Search Term (Searchnet)', value: 'searchTerm', operations: [getAll], defaultOperation: LIST };
