import { NodeApiError, type IN8nHttpFullResponse, type INode } from 'n8n-workflow';

import { faultOf } from '../../nodes/shared/wire/answer';
import { explainError, faultText, givingUpText, notSentText, repeatedEventText } from '../../nodes/shared/wire/errorText';
import { answerError, faultError, parseErrorBody } from '../../nodes/shared/wire/failure';

/**
 * The words of the wire's errors, whole: above all whether running the node again is safe after a
 * fault (a wrong "safe" makes a user create twice) and what the node already did. Edges a mutation
 * run of the wire's words found that no test held (docs/development.md, "Mutation testing"); the
 * shapes of issue 31 are in error-shapes.test.ts, each fault through n8n-core in reliability/faults.
 */

const node: INode = { id: 'n1', name: 'Storefront Commerce', type: 'n8n-nodes-storefront.storefrontCommerce', typeVersion: 1, position: [0, 0], parameters: {} };
const response = (statusCode: number, body: unknown, headers: Record<string, string> = {}): IN8nHttpFullResponse => ({ statusCode, body: body as IN8nHttpFullResponse['body'], headers });
const reset = { kind: 'reset' as const, said: 'connection closed without an answer' };
const done = (method: string, o: { attempts?: number; why?: string } = {}) => ({ attempts: 1, waited: 0, ...o, method });

describe('after a fault: what the node did, and whether running it again is safe', () => {
	test.each([
		['GET', 'Nothing was changed: this call only reads.'],
		['get', 'Nothing was changed: this call only reads.'],
		['POST', 'The API may or may not have done it. Running it again is safe: a repeat returns the first result and creates nothing new.'],
		['DELETE', 'The API may or may not have deleted it. Running it again is safe: the node treats "not found" after such an attempt as deleted.'],
		['PUT', 'The API may or may not have applied it. Running it again is safe: it sets the same values again.'],
		['PATCH', 'The API may or may not have applied it. Running it again is safe: it sets the same values again.'],
	])('%s, sent once', (method, outcome) => {
		expect(faultText(reset, done(method))).toBe(`The node did not send it again. ${outcome}`);
	});

	test('a refused connection reached nothing, whatever the method', () => {
		for (const method of ['GET', 'POST', 'DELETE']) expect(faultText({ kind: 'unreached', said: 'connection refused' }, done(method))).toBe('The node did not send it again. Nothing reached the API.');
	});

	test('sent several times: the attempts, the wait between them, and why it stopped; sent once, the reason it was not sent again', () => {
		expect(faultText(reset, { attempts: 3, waited: 1.25, method: 'GET', why: 'Its retry budget is spent.' })).toBe(
			'The node sent it 3 times (waiting 1.3 s between attempts) and got a fault each time. Its retry budget is spent. Nothing was changed: this call only reads.',
		);
		expect(faultText(reset, { attempts: 2, waited: 0.5, method: 'GET' })).toBe(
			'The node sent it 2 times (waiting 0.5 s between attempts) and got a fault each time. Nothing was changed: this call only reads.',
		);
		expect(faultText(reset, done('POST', { why: 'A boost is never sent again after a timeout.' }))).toBe(
			'A boost is never sent again after a timeout. The API may or may not have done it. Running it again is safe: a repeat returns the first result and creates nothing new.',
		);
	});

	test('a fault without an answer: the timeout or the connection, then what the node did', () => {
		const timeout = faultError(node, { fault: { kind: 'timeout', said: 'no answer in time' } }, done('GET'));
		expect({ message: timeout.message, description: timeout.description, httpCode: timeout.httpCode }).toEqual({
			message: 'The Storefront API did not answer in time',
			description: 'No answer came within the timeout (Settings → Request Options → Timeout). The node did not send it again. Nothing was changed: this call only reads.',
			httpCode: 'none',
		});
		const cut = faultError(node, { fault: reset, error: new Error('socket hang up') }, done('DELETE'));
		expect({ message: cut.message, description: cut.description }).toEqual({
			message: 'The Storefront API could not be reached (connection closed without an answer)',
			description:
				'The connection failed before an answer came. The node did not send it again. The API may or may not have deleted it. Running it again is safe: the node treats "not found" after such an attempt as deleted.',
		});
		// n8n's own NodeApiError for the call is reworded in place
		const n8ns = new NodeApiError(node, { message: 'socket hang up' }, { message: 'n8n said this' });
		expect(faultError(node, { fault: reset, error: n8ns }, done('GET'))).toBe(n8ns);
		expect(n8ns.message).toBe('The Storefront API could not be reached (connection closed without an answer)');
	});

	test('an answered 503: its own words, then what the node did', () => {
		const error = faultError(node, { fault: { kind: 'status', said: '503' }, response: response(503, { error: { code: 'unavailable', message: 'Down for maintenance' } }) }, done('POST'));
		expect({ message: error.message, description: error.description, httpCode: error.httpCode }).toEqual({
			message: 'The Storefront API had a server error',
			description:
				'The API or a proxy in front of it was unavailable. The API said: Down for maintenance The node did not send it again. The API may or may not have done it. Running it again is safe: a repeat returns the first result and creates nothing new.',
			httpCode: '503',
		});
	});
});

describe('an answer that is no success', () => {
	test('a 2xx that is not JSON may have taken effect; a 1xx or 3xx is explained by its status', () => {
		for (const status of [200, 299]) {
			const error = answerError(node, response(status, '<html>oops</html>'));
			expect({ message: error.message, httpCode: error.httpCode }).toEqual({ message: 'The Storefront API sent an answer that is not valid JSON', httpCode: String(status) });
			expect(error.description).toBe('The call may or may not have taken effect. Check the result in the dashboard before you run it again.');
		}
		for (const status of [199, 300]) expect(answerError(node, response(status, 'Moved')).message).toBe(`The Storefront API answered ${status}`);
	});

	test('a 409 idempotency_conflict: a repeat of the event when the key was the event\'s, else a key used with other fields', () => {
		const conflict = response(409, { error: { code: 'idempotency_conflict', message: 'Key reused' } });
		const repeat = answerError(node, conflict, { repeat: { eventId: 'evt_1', action: 'Create a page' } });
		expect(repeat.message).toBe('This event\'s "Create a page" was already done by an earlier execution');
		expect(repeat.description).toBe(repeatedEventText('Create a page', 'evt_1').description);
		expect(repeat.description).toMatch(/^n8n ran event evt_1 before, .* made nothing now\. A repeat of an event .* turn off "Once per Event" under Request Options \(Add Option\)\.$/);
		const own = answerError(node, conflict);
		expect({ message: own.message, description: own.description }).toEqual({
			message: 'This Idempotency Key was already used with different fields',
			description: 'An earlier run created something with the same key. Nothing new was created. Use a new key only if you really want a second one.',
		});
		// another 409 code under an event's key is no repeat
		expect(answerError(node, response(409, { error: { code: 'conflict', message: 'Handle taken' } }), { repeat: { eventId: 'evt_1', action: 'x' } }).message).toBe('The Storefront API answered 409');
	});

	test('an HTTP-date Retry-After is said in whole seconds, rounded up; a number as it came', () => {
		// the clock stands half a second into a second: the date (whole seconds) is 29.5 s away
		const now = Date.UTC(2026, 10, 27, 9, 0, 0, 500);
		const clock = jest.spyOn(Date, 'now').mockReturnValue(now);
		try {
			const at = new Date(now + 30_000).toUTCString();
			expect(answerError(node, response(429, {}, { 'retry-after': at })).description).toMatch(/^Wait 30 seconds, as the API asked, and run again/);
		} finally {
			clock.mockRestore();
		}
		expect(answerError(node, response(429, {}, { 'retry-after': '7' })).description).toMatch(/^Wait 7 seconds, as the API asked,/);
	});
});

describe('the shared explanations', () => {
	const explain = (status: number, parsed: Parameters<typeof explainError>[1] = {}, retryAfter?: string) => explainError(status, parsed, retryAfter);

	test('each status and code, whole', () => {
		expect(explain(400, { message: 'Invalid body', details: [{ field: 'title', message: 'is required' }, { field: 'handle' }, { message: 'one more' }, {}] })).toEqual({
			message: 'The API rejected the request: title: is required; handle; one more',
			description: 'The API said: Invalid body Check the fields named above and run the node again.',
		});
		expect(explain(400)).toEqual({ message: 'The API rejected the request', description: 'Check the fields named above and run the node again.' });
		expect(explain(401)).toEqual({ message: 'The API key was refused', description: 'Check the API key in the Storefront API credential: it may be mistyped, expired or revoked.' });
		expect(explain(403, { message: 'Forbidden' })).toEqual({ message: 'The API key is not allowed to do this', description: 'The API said: Forbidden' });
		expect(explain(403)).toEqual({ message: 'The API key is not allowed to do this', description: '' });
		expect(explain(404, { message: 'Page p1' })).toEqual({ message: 'Not found: Page p1', description: 'Check the ID: it may be mistyped, deleted, or belong to another account.' });
		expect(explain(404).message).toBe('The requested item was not found');
		expect(explain(429).description).toBe('Wait a little and run again, or turn on "Retry On Fail" in the node settings with a wait of at least that long, or lower the request rate with batching.');
		expect(explain(418, { message: 'Teapot' })).toEqual({ message: 'The Storefront API answered 418', description: 'The API said: Teapot' });
	});

	test('insufficient_scope names the scope, from the field or the text', () => {
		expect(explain(403, { code: 'insufficient_scope', requiredScope: 'ads.write' })).toEqual({
			message: 'The API key lacks the "ads.write" scope',
			description: 'Add the "ads.write" scope to the key (or create a key that has it) and update the Storefront API credential.',
		});
		expect(explain(403, { code: 'insufficient_scope', message: 'needs pages.read to list' }).message).toBe('The API key lacks the "pages.read" scope');
		expect(explain(403, { code: 'insufficient_scope', message: 'Missing scope' })).toEqual({
			message: 'The API key lacks a scope this call needs',
			description: 'Use a key with the scope this call needs. The API said: Missing scope',
		});
	});

	test('5xx: 502, 503 and 504 were resent by the node; any other is the API\'s, and a retry is safe', () => {
		for (const status of [502, 503, 504]) expect(explain(status).description).toBe('The API or a proxy in front of it was unavailable.');
		for (const status of [500, 501, 505]) {
			expect(explain(status).description).toBe(
				'The problem is on the API side; try again in a few minutes. "Retry On Fail" in the node settings retries automatically, and safely: a retried create returns the first result and creates nothing twice.',
			);
		}
		expect(explain(500).message).toBe('The Storefront API had a server error');
	});

	test('a node\'s own advice comes first; without any, the shared words', () => {
		const advice = (status: number) => (status === 404 ? { message: 'No such ad', description: 'Pick one from the list.' } : undefined);
		expect(explainError(404, {}, undefined, advice)).toEqual({ message: 'No such ad', description: 'Pick one from the list.' });
		expect(explainError(401, {}, undefined, advice).message).toBe('The API key was refused');
	});

	test('a 429 the node stops waiting for, and a request that never got its turn', () => {
		expect(givingUpText(12.4, 90, false, 60)).toBe('The node had already waited 12 seconds for this item and sent it again; it waits up to 60 seconds per item, then stops.');
		expect(givingUpText(0, 90.4, false, 60)).toBe('The node waits by itself when the API asks for a wait of up to 60 seconds per item; this one (90 s) is longer.');
		expect(givingUpText(12, 90, true, 60)).toBe('The execution was cancelled while the node waited for the rate limit.');
		expect(notSentText(true, 300)).toEqual({
			message: "The request waited more than 300 seconds for its turn under the API's rate limit",
			description:
				'Nothing was sent to the API for this item. Other executions using the same API key were ahead of it in the queue. Raise "Max Wait in Queue" in the node\'s Request Options (now 300 seconds), or spread the work out.',
		});
		expect(notSentText(false, 300)).toEqual({ message: 'The execution was cancelled before this request was sent', description: 'Nothing was sent to the API for this item.' });
	});
});

describe('parseErrorBody: edges of the shapes', () => {
	test.each<[string, unknown, ReturnType<typeof parseErrorBody>]>([
		['JSON after white space', '  \n{"error":{"code":"bad","message":"Bad"}}', { code: 'bad', message: 'Bad', details: undefined, requiredScope: undefined }],
		['a JSON list', ' [{"code":"first","message":"One"},{"code":"second"}]', { code: 'first', message: 'One', details: undefined, requiredScope: undefined }],
		['text that starts like JSON', '{not json', { message: '{not json' }],
		['`errors` beside an `error` text', { error: 'Top', errors: [{ message: 'Inner' }] }, { code: undefined, message: 'Top', details: [{ field: undefined, message: 'Inner' }], requiredScope: undefined }],
		['{error: code, message}', { error: 'not_found', message: 'No page' }, { code: 'not_found', message: 'No page', details: undefined, requiredScope: undefined }],
		['{error: text with spaces, message}', { error: 'Not found here', message: 'No page' }, { code: undefined, message: 'Not found here', details: undefined, requiredScope: undefined }],
		['a status name, not a number', { error: { message: 'm', status: 'PERMISSION_DENIED' } }, { code: 'PERMISSION_DENIED', message: 'm', details: undefined, requiredScope: undefined }],
		['a numeric status text is no code', { error: { message: 'm', status: '403' } }, { code: undefined, message: 'm', details: undefined, requiredScope: undefined }],
		['a status like 4xx is a name', { error: { message: 'm', status: '4xx' } }, { code: '4xx', message: 'm', details: undefined, requiredScope: undefined }],
		['a numeric code', { error: { message: 'm', code: 403 } }, { code: '403', message: 'm', details: undefined, requiredScope: undefined }],
		['a fractional code is none', { error: { message: 'm', code: 4.5 } }, { code: undefined, message: 'm', details: undefined, requiredScope: undefined }],
		['details as one object', { error: { message: 'm', details: { field: 'title', message: 'too long' } } }, { code: undefined, message: 'm', details: [{ field: 'title', message: 'too long' }], requiredScope: undefined }],
		['details as one object, param only', { error: { message: 'm', details: { param: 'title' } } }, { code: undefined, message: 'm', details: [{ field: 'title', message: undefined }], requiredScope: undefined }],
		['details as a map', { error: { message: 'm', details: { title: ['too long', 'empty'], handle: 'taken' } } }, { code: undefined, message: 'm', details: [{ field: 'title', message: 'too long, empty' }, { field: 'handle', message: 'taken' }], requiredScope: undefined }],
		['details with paths and locations', { error: { message: 'm', details: [{ path: ['a', 'b'], msg: 'x' }, { loc: ['body', 'c'], issue: 'y' }, { path: 'd', reason: 'z' }, {}, 'plain'] } }, { code: undefined, message: 'm', details: [{ field: 'a.b', message: 'x' }, { field: 'body.c', message: 'y' }, { field: 'd', message: 'z' }, { field: undefined, message: 'plain' }], requiredScope: undefined }],
		['details only a field or only a text', { error: { message: 'm', details: [{ field: 'f' }, { message: 't' }] } }, { code: undefined, message: 'm', details: [{ field: 'f', message: undefined }, { field: undefined, message: 't' }], requiredScope: undefined }],
		['required_scope beside the error', { error: { code: 'insufficient_scope', message: 'm' }, required_scope: 'ads.write' }, { code: 'insufficient_scope', message: 'm', details: undefined, requiredScope: 'ads.write' }],
	])('%s', (_name, body, parsed) => {
		expect(parseErrorBody(body)).toEqual(parsed);
	});

	test('an HTML page by its title, else its visible text; entities decoded; at most 300 characters', () => {
		expect(parseErrorBody('<html><head><title> 502 Bad Gateway </title></head><body>x</body></html>')).toEqual({ message: '502 Bad Gateway' });
		expect(parseErrorBody('<!DOCTYPE html><body><script>var a = 1;</script><style>p {}</style><h1>Gateway &amp; proxy</h1><p>down &lt;now&gt;</p></body>')).toEqual({ message: 'Gateway & proxy down <now>' });
		expect(parseErrorBody('<div>A page</div></body>')).toEqual({ message: 'A page' });
		expect(parseErrorBody('Rate limited: 5 < 6')).toEqual({ message: 'Rate limited: 5 < 6' });
		expect(parseErrorBody('x'.repeat(300))).toEqual({ message: 'x'.repeat(300) });
		expect(parseErrorBody('x'.repeat(301))).toEqual({ message: `${'x'.repeat(299)}…` });
		expect(parseErrorBody('   ')).toEqual({ message: undefined });
	});

	test('the network fault inside an error, however deep; nothing for other errors', () => {
		const deep = { message: 'outer', cause: { message: 'middle', errorResponse: { code: 'ECONNRESET' } } };
		expect(faultOf(deep)?.kind).toBe('reset');
		const circular: Record<string, unknown> = { message: 'a' };
		circular.cause = circular;
		expect(faultOf(circular)).toBeUndefined();
		expect(faultOf(null)).toBeUndefined();
		expect(faultOf('ECONNRESET')).toBeUndefined();
	});
});
