import type { IExecuteSingleFunctions } from 'n8n-workflow';

import { operation, type OperationSpec } from '../../shared/operation';
import { failItem } from '../../shared/requestActions';

function requireAccount(this: IExecuteSingleFunctions, value: unknown) {
	const accountId = String(value ?? '').trim();
	if (!accountId) failItem(this, 'Store Account is empty', 'Enter the ID of the connected store account (accountId).');
	return accountId;
}

/**
 * A store operation: the store account goes in the query for GET and DELETE and in the body
 * for POST, PUT and PATCH (the reference's convention). Catalog-sync calls by ID carry none
 * (`noAccount`); their modules do not list `accountId` in `uses` either.
 */
export function storeOperation(spec: OperationSpec & { noAccount?: boolean }) {
	const { noAccount, ...rest } = spec;
	if (noAccount) return operation(rest);
	const where = spec.method === 'GET' || spec.method === 'DELETE' ? 'query' : 'body';
	return operation({ ...rest, send: { accountId: { in: where, map: requireAccount }, ...rest.send } });
}
