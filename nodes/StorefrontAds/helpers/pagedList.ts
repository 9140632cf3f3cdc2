import type { PostReceiveAction } from 'n8n-workflow';

import { operation } from '../../shared/operation';
import { queryWithDays } from './dates';

/** A page + limit list (at most 500 a page) whose Filters go in the query, days as YYYY-MM-DD. */
export function pagedList(spec: { value: string; name: string; action: string; description: string; path: string; rootProperty: string; postReceive?: PostReceiveAction[] }) {
	const { rootProperty, ...rest } = spec;
	return operation({ ...rest, method: 'GET', preSend: [queryWithDays('filters')], list: { style: 'page', rootProperty, maxPageSize: 500 } });
}
