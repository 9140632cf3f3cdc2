import type { IDataObject, IExecuteSingleFunctions, IHttpRequestOptions, PreSendAction } from 'n8n-workflow';

import { failItem } from '../../shared/requestActions';
import { canDo, type Spends } from './spendCaps';

/**
 * The API's enums in a spending request, checked as the API checks them (case-sensitive, docs/reference/contract.md,
 * 2026-11-27) before the caps read them: a value the API would refuse is refused here, naming the
 * values it takes. Never reshaped: ` PAUSED ` trimmed or `paused` upper-cased is not what the
 * workflow gave.
 */

interface Enum {
	label: string;
	values: [string, string];
	/** What the values are written in, and the panel's names of them (in the values' order). */
	written: string;
	panel: [string, string];
	/** Whose values they are, when it matters (a create's status is not a change's). */
	whose?: string;
}

const CREATE_STATUS: Enum = { label: 'Status', values: ['ACTIVE', 'PAUSED'], written: 'capitals', panel: ['Active (Spends Money)', 'Paused (Recommended)'], whose: 'a create takes ' };
const CHANGE_STATUS: Enum = { label: 'Status', values: ['active', 'paused'], written: 'lower case', panel: ['Active', 'Paused'], whose: 'a change takes ' };
const BUDGET_TYPE: Enum = { label: 'Budget Type', values: ['daily', 'lifetime'], written: 'lower case', panel: ['Daily', 'Lifetime'] };

function requireOneOf(ctx: IExecuteSingleFunctions, value: unknown, e: Enum) {
	if (value === undefined || (typeof value === 'string' && e.values.includes(value))) return;
	const [a, b] = e.values;
	failItem(
		ctx,
		`${e.label} ${JSON.stringify(value)} is not one the API takes: ${e.whose ?? ''}${a} or ${b}, exactly so (${e.written}, no spaces). Nothing was sent.`,
		`Choose "${e.panel[0]}" or "${e.panel[1]}" in ${e.label}, or make the expression give ${a} or ${b} exactly.`,
	);
}

/** preSend of every spending operation, before the caps: its status and budget type as the API takes them. */
export function checkSpendValues(spends: Exclude<Spends, 'none'>): PreSendAction {
	const status = canDo(spends).includes('create') ? CREATE_STATUS : CHANGE_STATUS;
	return async function (this: IExecuteSingleFunctions, request: IHttpRequestOptions) {
		const body = (request.body ?? {}) as IDataObject;
		requireOneOf(this, body.status, status);
		// flat on ad creates and boosts, nested elsewhere
		requireOneOf(this, 'budgetType' in body ? body.budgetType : (body.budget as IDataObject | undefined)?.type, BUDGET_TYPE);
		return request;
	};
}
