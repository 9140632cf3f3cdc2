import { adsEndpoints } from './ads';
import { commerceEndpoints } from './commerce';
import type { Endpoint, NodeName } from './types';
import { webhookEndpoints } from './webhooks';

/**
 * The reference's endpoint tables, by area: the source the suites that cover every operation
 * compare their cases with, so that no test states how many operations there are.
 */
export const AREAS: Array<[string, Endpoint[]]> = [
	['Commerce', commerceEndpoints],
	['Ads', adsEndpoints],
	['Webhooks', webhookEndpoints],
];

export const ENDPOINTS: Endpoint[] = AREAS.flatMap(([, list]) => list);

/** `<node> <resource>.<operation>`: how every suite names an operation. */
export const operationKey = (o: { node: string; resource: string; operation: string }) => `${o.node} ${o.resource}.${o.operation}`;

/** The operations the reference's endpoints call for (one each), of one node or of all, sorted. */
export const referenceOperations = (node?: NodeName): string[] =>
	ENDPOINTS.filter((e) => node === undefined || e.node === node)
		.map(operationKey)
		.sort();
