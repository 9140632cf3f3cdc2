import { operation, type CheckedSpec } from '../../shared/operation';

/**
 * An Ads operation with the Ad Connection (`accountId`, adsFields.ts): it goes, as the chosen ID,
 * in the query for GET and DELETE and in the body for POST, PUT and PATCH (the reference's
 * convention). The field stays in `fields`, where the editor shows it. An operation whose Ad
 * Connection only loads the lists of its other locators, or that sends it from its own code,
 * says so (`sendsAccount: false`).
 */
export function adsOperation<N extends string, P extends string>(
	spec: CheckedSpec<N, P> & { sendsAccount?: false; inRequest?: { accountId?: never } } & ('accountId' extends NoInfer<N>
			? unknown
			: { fields: 'an Ads operation without the Ad Connection (accountId) is built with operation()' }),
) {
	const { sendsAccount, ...rest } = spec;
	if (sendsAccount === false) return operation(rest as CheckedSpec<N, P>);
	const where = spec.method === 'GET' || spec.method === 'DELETE' ? 'query' : 'body';
	return operation({ ...rest, inRequest: { accountId: { in: where, locator: true }, ...rest.inRequest } } as CheckedSpec<N, P>);
}
