import type { ResourceSpec } from '../../../shared/assembly';
import * as send from './send';

export const conversion: ResourceSpec = { name: 'Conversion', value: 'conversion', operations: [send], defaultOperation: 'send' };
