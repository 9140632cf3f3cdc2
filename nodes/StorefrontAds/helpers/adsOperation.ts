import type { INodePropertyOptions, PreSendAction } from 'n8n-workflow';

import { operation, type CheckedSpec } from '../../shared/operation';
import { adsErrors } from './adsErrors';
import { reportsDryRuns } from './createdOutput';
import { checkSpending } from './spendingActions';
import { canDo, checkedSpends, declareSpends, type Spends } from './spends';
import type { SwitchesOn } from './switchOn';

/** preSends that make a request of their own (a lookup): the caps are checked before the first one. */
const LOOKUPS = new WeakSet<PreSendAction>();
export function looksUp<A extends PreSendAction>(action: A): A {
	LOOKUPS.add(action);
	return action;
}

/**
 * The operation's preSend with the caps its declaration calls for (spendingActions.ts): once the
 * operation's own actions have built the body and before any lookup of ours, its status and budget
 * type as the API takes them, then the caps checked per request; the count last, all one preSend
 * around the operation's actions from its first lookup (`checkSpending`). The
 * wire stamps the automatic Idempotency-Key later, at sending (idempotency.ts): the count sees only
 * a key the user set.
 */
function withCaps<A extends PreSendAction>(spends: Spends, preSend: A[], switchesOn?: SwitchesOn): PreSendAction[] {
	if (spends === 'none') return preSend;
	const lookup = preSend.findIndex((action) => LOOKUPS.has(action));
	const at = lookup === -1 ? preSend.length : lookup;
	return [...preSend.slice(0, at), checkSpending(spends, preSend.slice(at), switchesOn)];
}

/** What every Ads operation's file states: what its requests can do to spending (spends.ts). */
export interface DeclaresSpending {
	/** `'none'` only when no request of it can create, activate, or set a budget or bid; unknown means spending. */
	spends: Spends;
	/** What a request that sets status active switches on (switchOn.ts: its budget is read and held against the budget caps); required when `spends` can activate without creating. */
	switchesOn?: SwitchesOn;
}

/**
 * An Ads operation, with the ads endpoints' own error codes (adsErrors.ts) and the credential's
 * spending caps its `spends` declaration calls for. An operation that shows the Ad Connection
 * (`accountId`, adsFields.ts) sends it, as the chosen ID, in the query for GET and DELETE and in
 * the body for POST, PUT and PATCH (the reference's convention); the field stays in `fields`,
 * where the editor shows it. An Ad Connection that only loads the lists of the operation's other
 * locators is not sent (`sendsAccount: false`).
 */
export function adsOperation<N extends string, P extends string>(
	spec: CheckedSpec<N, P> & DeclaresSpending & { sendsAccount?: false; inRequest?: { accountId?: never } },
): INodePropertyOptions {
	const { sendsAccount, spends: declared, switchesOn, ...own } = spec;
	const spends = checkedSpends(spec.action, declared);
	const can = canDo(spends);
	if (can.includes('activate') && !can.includes('create') && !(typeof spends === 'object' && 'judge' in spends) && !switchesOn) {
		throw new Error(`${spec.action}: it can switch something on: declare what (switchesOn), so that its budget is read and held against the budget caps`);
	}
	if (spec.fields.some((f) => f.name === 'validateOnly') && !own.postReceive?.some(reportsDryRuns)) {
		throw new Error(`${spec.action}: it shows Validate Only: its output must say which caps would refuse the real call (createdOutput.ts)`);
	}
	const rest = { ...own, errors: adsErrors, preSend: withCaps(spends, own.preSend ?? [], switchesOn) };
	const sends = sendsAccount !== false && spec.fields.some((f) => f.name === 'accountId');
	const where = spec.method === 'GET' || spec.method === 'DELETE' ? 'query' : 'body';
	const option = operation((sends ? { ...rest, inRequest: { accountId: { in: where, locator: true }, ...rest.inRequest } } : rest) as CheckedSpec<N, P>);
	declareSpends(option, spends);
	return option;
}
