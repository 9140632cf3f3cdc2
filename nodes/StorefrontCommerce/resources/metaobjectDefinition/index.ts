import type { ResourceSpec } from '../../../shared/assembly';
import * as getAll from './getAll';

export const metaobjectDefinition: ResourceSpec = {
	name: 'Metaobject Definition',
	value: 'metaobjectDefinition',
	operations: [getAll],
	defaultOperation: String(getAll.option.value),
};
