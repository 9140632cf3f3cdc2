import type { IDataObject } from 'n8n-workflow';

import { SPENDING_CAPS, type AmountCap, type Breach, type CapRequest, type CapValues, type SpendAction, type SwitchCap } from './spendingCaps';

/** The caps' rows (spendingCaps.ts) applied: which caps check a request, and their breaches. */

/** The actions of `actions` a cap checks (its `checks`). */
export const checkedBy = (cap: { checks: readonly SpendAction[] }, actions: readonly SpendAction[]) => actions.filter((a) => cap.checks.includes(a));
/** Whether a cap checks a request that can do `actions`: it checks one of them. */
export const checksAny = (cap: { checks: readonly SpendAction[] }, actions: readonly SpendAction[]) => checkedBy(cap, actions).length > 0;

/**
 * A cap checked on each request, at its value: a switch that is off, or an amount at 0 that means
 * no cap, checks nothing. NaN (how spendingActions.ts reads a stored value that is negative or not
 * a number, for a cap whose 0 means no cap) refuses what the cap checks: it never reads as no cap.
 */
export function breachOf(cap: AmountCap | SwitchCap, value: number | boolean, request: CapRequest): Breach | undefined {
	if (value === false || (value === 0 && cap.type === 'number' && cap.zero === 'noCap')) return undefined;
	const asked = cap.reads(request);
	if (asked === undefined) return undefined;
	if (cap.type === 'number' && Number.isNaN(value)) {
		return { message: `${cap.displayName} holds no amount this credential can check: it refuses what it caps.`, pass: `It passes once the owner sets ${cap.displayName} to an amount, or to 0.` };
	}
	return cap.type === 'number' ? cap.check(asked, Number(value)) : cap.check(asked);
}

/** Every cap checked per request that a request doing `actions` is over by itself, in the rows' order (the count is spendingCount.ts's). */
export function requestBreaches(values: CapValues, actions: readonly SpendAction[], body: IDataObject): Breach[] {
	const request = { body, creates: actions.includes('create') };
	return SPENDING_CAPS.flatMap((cap) => (cap.per === 'request' && checksAny(cap, actions) ? (breachOf(cap, values[cap.field], request) ?? []) : []));
}

/** Caps in words, as the credential shows them: "Max Daily Budget 50, Paused Only" (a switch that is off is left out). */
export const capsInWords = (values: Partial<CapValues>) =>
	SPENDING_CAPS.flatMap((c) => {
		const value = values[c.field as keyof CapValues];
		if (value === undefined || value === false) return [];
		return [value === true ? c.displayName : `${c.displayName} ${String(value)}`];
	}).join(', ');
