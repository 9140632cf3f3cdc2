import { operation, type CheckedSpec } from '../../shared/operation';
import { adsErrors } from './adsErrors';

/**
 * An Ads operation, with the ads endpoints' own error codes (adsErrors.ts). An operation that
 * shows the Ad Connection (`accountId`, adsFields.ts) sends it, as the chosen ID, in the query for
 * GET and DELETE and in the body for POST, PUT and PATCH (the reference's convention); the field
 * stays in `fields`, where the editor shows it. An Ad Connection that only loads the lists of the
 * operation's other locators is not sent (`sendsAccount: false`).
 */
export function adsOperation<N extends string, P extends string>(spec: CheckedSpec<N, P> & { sendsAccount?: false; inRequest?: { accountId?: never } }) {
	const { sendsAccount, ...own } = spec;
	const rest = { ...own, errors: adsErrors };
	if (sendsAccount === false || !spec.fields.some((f) => f.name === 'accountId')) return operation(rest as CheckedSpec<N, P>);
	const where = spec.method === 'GET' || spec.method === 'DELETE' ? 'query' : 'body';
	return operation({ ...rest, inRequest: { accountId: { in: where, locator: true }, ...rest.inRequest } } as CheckedSpec<N, P>);
}
