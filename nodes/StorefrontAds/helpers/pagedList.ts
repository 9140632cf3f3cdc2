import type { INodeProperties, PostReceiveAction } from 'n8n-workflow';

import { collection, returnAllOrLimit } from '../../shared/fields';
import { operation } from '../../shared/operation';
import { queryWithDays } from './dates';

/** A page + limit list (at most 500 a page) whose Filters go in the query, days as YYYY-MM-DD. */
export function pagedList(spec: { value: string; name: string; action: string; description: string; path: string; rootProperty: string; postReceive?: PostReceiveAction[] }) {
	const { rootProperty, ...rest } = spec;
	return operation({ ...rest, method: 'GET', preSend: [queryWithDays('filters')], list: { style: 'page', rootProperty, maxPageSize: 500 } });
}

/** Return All, Limit and the list's Filters (sent in the query by `pagedList`). */
export function pagedListFields(plural: string, filters: INodeProperties[]): INodeProperties[] {
	return [...returnAllOrLimit(plural), collection('Filters', 'filters', filters, 'Add Filter')];
}
