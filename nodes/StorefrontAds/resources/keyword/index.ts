import type { ResourceSpec } from '../../../shared/assembly';
import * as add from './add';
import * as getAll from './getAll';
import * as getHistoricalMetrics from './getHistoricalMetrics';
import * as getIdeas from './getIdeas';
import * as remove from './remove';
import * as setStatus from './setStatus';

/** The default operation. */
const LIST = 'getAll';

export const keyword: ResourceSpec = {
	name: 'Keyword (Searchnet)',
	value: 'keyword',
	operations: [add, getAll, getHistoricalMetrics, getIdeas, remove, setStatus],
	defaultOperation: LIST,
};
