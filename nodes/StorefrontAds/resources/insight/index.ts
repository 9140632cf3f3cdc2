import type { ResourceSpec } from '../../../shared/assembly';
import * as get from './get';

export const insight: ResourceSpec = { name: 'Insight', value: 'insight', operations: [get], defaultOperation: 'get' };
