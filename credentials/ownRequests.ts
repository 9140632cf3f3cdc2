/**
 * The mark of a request made by one of the package's own operations. The wire (nodes/shared/wire)
 * puts it on each attempt it sends, and only operations reach the wire, after the checks their
 * declaration calls for (the spending caps among them) have passed. With Limit Spending on, the
 * credential signs a request that could change something only when it carries this mark
 * (changeGuard.ts).
 *
 * The mark is a property keyed by a symbol private to this module. What a person or a model can
 * set (parameters, expressions, headers, bodies, query strings, a tool's arguments) is made of
 * text and JSON, whose keys are strings: none of it can carry this key. It is enumerable, so a
 * shallow copy of the options keeps it. `authenticate` takes it off before the request goes out.
 */
const OWN = Symbol('made by a Storefront operation');

type Markable = { [OWN]?: true };

/** Marks one attempt of a request as the package's own; returns the same object. */
export function markOwnRequest<T extends object>(request: T): T {
	(request as Markable)[OWN] = true;
	return request;
}

/** Whether the request carries the mark, which is removed: each attempt is marked, and signed, once. */
export function takeOwnMark(request: object): boolean {
	const own = (request as Markable)[OWN] === true;
	delete (request as Markable)[OWN];
	return own;
}
