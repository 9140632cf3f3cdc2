import { adsEndpoints } from './ads';
import { commerceEndpoints } from './commerce';
import type { Endpoint, NodeName } from './types';
import { webhookEndpoints } from './webhooks';

/**
 * The reference's endpoint tables, by area: the source the suites that cover every operation
 * compare their cases with, so that no test states how many operations there are. Commerce and
 * Webhooks are read from the API's own text (parse.ts: docs/reference/api-reference.md and, where it
 * says "not shown", contract.md), joined with how the node expresses each field (commerce.ts,
 * webhooks.ts; ways.ts finds the rest). The Ads rows are written out in ads.ts: the reference
 * states most of the Ads endpoints in prose parse.ts does not read (test/contract/parse.test.ts).
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
