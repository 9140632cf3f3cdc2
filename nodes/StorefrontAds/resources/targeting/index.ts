import type { ResourceSpec } from '../../../shared/assembly';
import * as getBidPricing from './getBidPricing';
import * as getSupplyForecast from './getSupplyForecast';
import * as search from './search';

export const targeting: ResourceSpec = {
	name: 'Targeting',
	value: 'targeting',
	operations: [getBidPricing, getSupplyForecast, search],
	defaultOperation: 'search',
};
