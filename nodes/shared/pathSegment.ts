/**
 * A value put in a request's path stays one segment: the path template filled (`fillPath`), each
 * value checked (`checkedSegment`), and a URL checked for a path that moves (`pathMoves`).
 */

export const PATH_PARAM = /\{(\w+)\}/g;

/**
 * A path template with each `{name}` filled from `value(name)`, each value checked to stay one
 * segment (`checkedSegment`, below) and URL-encoded; `label(name)` names the field when one is refused.
 */
export const fillPath = (path: string, value: (name: string) => string, label: (name: string) => string, fail: (message: string, description: string) => never) =>
	path.replace(PATH_PARAM, (_, name: string) => checkedSegment(label(name), value(name), fail));

/*
 * IDs stay in their segment. A value put in a request's path is one segment: `encodeURIComponent`
 * keeps `.`, so an ID of `..` (or `.`, or empty) would make URL parsing drop or climb a segment and
 * send the request, with the key, to another endpoint (`DELETE /v1/webhooks/..` is `DELETE /v1/`);
 * servers and proxies that decode once more treat `%2e%2e` and `%2F` the same way. Such a value is
 * refused before anything is sent, naming the field.
 */

/** Decodings looked through: a value encoded more often than this is refused. */
const MAX_DECODINGS = 3;

/** Why `value` cannot be one path segment ('empty' or 'moves'), or undefined when it can. */
export function segmentProblem(value: string): 'empty' | 'moves' | undefined {
	if (value.trim() === '') return 'empty';
	let text = value;
	for (let i = 0; i <= MAX_DECODINGS; i++) {
		const trimmed = text.trim();
		if (trimmed === '' || trimmed === '.' || trimmed === '..' || /[/\\]/.test(text)) return 'moves';
		let decoded: string;
		try {
			decoded = decodeURIComponent(text);
		} catch {
			// a lone `%`: sent as `%25`, the server reads it as it is
			return undefined;
		}
		if (decoded === text) return undefined;
		text = decoded;
	}
	return 'moves';
}

/** What a refused path value is told, by its field's display name. */
export function segmentError(label: string, value: string, problem: 'empty' | 'moves'): { message: string; description: string } {
	if (problem === 'empty') return { message: `${label} is empty`, description: `Choose a value for "${label}" or map one from the input.` };
	return {
		message: `${label} "${value.slice(0, 100)}" is not a valid ID`,
		description:
			'An ID is one part of the request\'s address, so it cannot be empty, "." or "..", contain "/" or "\\", or be one of these URL-encoded (such as %2e%2e or %2F): the request would go to another endpoint. Nothing was sent. Use the ID as the API returns it.',
	};
}

/** The value encoded as one segment, or `fail` with the field's name when it cannot be one. */
export function checkedSegment(label: string, value: string, fail: (message: string, description: string) => never): string {
	const problem = segmentProblem(value);
	if (problem) {
		const { message, description } = segmentError(label, value, problem);
		fail(message, description);
	}
	return encodeURIComponent(value);
}

/**
 * The net under the fields' checks, at both doors of the wire: whether a request path (before any
 * `?`) has an empty, `.` or `..` segment, or one that decodes to such a segment or to a `/`.
 */
export function pathMoves(url: string): boolean {
	const path = url.replace(/^[a-z][a-z\d+\-.]*:\/\/[^/]*/i, '').split(/[?#]/)[0];
	const segments = path.split('/').slice(1);
	return segments.some((segment, i) => (segment === '' ? i < segments.length - 1 || segments.length === 1 : segmentProblem(segment) !== undefined));
}

/** What a path refused by the net is told (a value that reached the path without a field's check). */
export const movedPathError = (url: string) => ({
	message: `The request path "${url.slice(0, 200)}" has an empty, "." or ".." part`,
	description: 'One of its IDs would send the request to another endpoint, so nothing was sent. Check the IDs given to the node: each must be the ID as the API returns it.',
});
