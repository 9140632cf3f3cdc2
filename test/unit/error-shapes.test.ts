import http from 'node:http';
import type { AddressInfo } from 'node:net';

import type { IN8nHttpFullResponse, INode } from 'n8n-workflow';

import { answerError, parseErrorBody } from '../../nodes/shared/wire/failure';
import { runNode } from '../../harness';

/**
 * Every error shape of issue 31's table (and the usual variants) gives our explained message
 * with the code and the text the API sent: parseErrorBody and answerError directly, then each shape
 * through n8n-core (WorkflowExecute → RoutingNode → our postReceive) against a tiny local server
 * that answers exactly these bytes.
 */

interface Shape {
	status: number;
	body: string;
	contentType?: string;
	headers?: Record<string, string>;
	/** What parseErrorBody reads. */
	parsed: { code?: string; message?: string; details?: Array<{ field?: string; message?: string }> };
	/** Our explained message, and text the description must contain. */
	message: string | RegExp;
	description?: string;
}

const json = (value: unknown) => JSON.stringify(value);

const SHAPES: Record<string, Shape> = {
	'contract.md + the live service: {error: {code, message, status}}': {
		status: 404,
		body: json({ error: { code: 'not_found', message: 'Page gid_404 was not found', status: 404 } }),
		parsed: { code: 'not_found', message: 'Page gid_404 was not found' },
		message: 'Not found: Page gid_404 was not found',
	},
	'nested with a numeric code and a status name: {error: {code: 403, message, status: "PERMISSION_DENIED"}}': {
		status: 403,
		body: json({ error: { code: 403, message: 'The caller does not have permission', status: 'PERMISSION_DENIED' } }),
		parsed: { code: 'PERMISSION_DENIED', message: 'The caller does not have permission' },
		message: 'The API key is not allowed to do this',
		description: 'The API said: The caller does not have permission',
	},
	'the sibling service, flat: {error, type, code, param, details: null}': {
		status: 400,
		body: json({ error: 'must not be empty', type: 'invalid_request_error', code: 'missing_field', param: 'title', details: null }),
		parsed: { code: 'missing_field', message: 'must not be empty', details: [{ field: 'title', message: 'must not be empty' }] },
		message: 'The API rejected the request: title: must not be empty',
		description: 'The API said: must not be empty',
	},
	'the sibling service, flat with a details list': {
		status: 400,
		body: json({ error: 'Validation failed', type: 'validation_error', code: 'invalid_fields', param: null, details: [{ field: 'handle', message: 'is already taken' }, 'title is too long'] }),
		parsed: { code: 'invalid_fields', message: 'Validation failed', details: [{ field: 'handle', message: 'is already taken' }, { message: 'title is too long' }] },
		message: 'The API rejected the request: handle: is already taken; title is too long',
		description: 'The API said: Validation failed',
	},
	'the sibling service, flat with no code: the type is the code': {
		status: 402,
		body: json({ error: 'Your plan does not include this', type: 'plan_error', code: null, param: null, details: 'upgrade to Pro' }),
		parsed: { code: 'plan_error', message: 'Your plan does not include this', details: [{ message: 'upgrade to Pro' }] },
		message: 'The Storefront API answered 402',
		description: 'The API said: Your plan does not include this',
	},
	'the sibling service\'s bare {error} on a 429': {
		status: 429,
		body: json({ error: 'Too many requests, slow down' }),
		headers: { 'Retry-After': '120' },
		parsed: { message: 'Too many requests, slow down' },
		message: 'Too many requests: the API is rate limiting this key',
		description: 'The API said: Too many requests, slow down',
	},
	'a proxy\'s HTML page (502)': {
		status: 502,
		contentType: 'text/html',
		// no wait before the node's own resends of a 502 (it resends transient answers)
		headers: { 'Retry-After': '0' },
		body: '<html>\r\n<head><title>502 Bad Gateway</title></head>\r\n<body>\r\n<center><h1>502 Bad Gateway</h1></center>\r\n<hr><center>nginx</center>\r\n</body>\r\n</html>\r\n',
		parsed: { message: '502 Bad Gateway' },
		message: 'The Storefront API had a server error',
		description: 'The API said: 502 Bad Gateway',
	},
	'a proxy\'s HTML page without a title (500)': {
		status: 500,
		contentType: 'text/html; charset=utf-8',
		body: '<!DOCTYPE html><html><body><h1>Internal Server Error</h1><p>Request &amp; answer were\n lost <b>upstream</b>.</p><script>var x = 1;</script></body></html>',
		parsed: { message: 'Internal Server Error Request & answer were lost upstream .' },
		message: 'The Storefront API had a server error',
		description: 'The API said: Internal Server Error Request & answer were lost upstream .',
	},
	'plain text (500)': {
		status: 500,
		contentType: 'text/plain',
		body: 'upstream connect error or disconnect/reset before headers. reset reason: overflow',
		parsed: { message: 'upstream connect error or disconnect/reset before headers. reset reason: overflow' },
		message: 'The Storefront API had a server error',
		description: 'The API said: upstream connect error',
	},
	'OAuth style {error: code, error_description} (401)': {
		status: 401,
		body: json({ error: 'invalid_token', error_description: 'The access token expired' }),
		parsed: { code: 'invalid_token', message: 'The access token expired' },
		message: 'The API key was refused',
	},
	'{error: code, message} (409)': {
		status: 409,
		body: json({ error: 'handle_taken', message: 'A page with this handle exists' }),
		parsed: { code: 'handle_taken', message: 'A page with this handle exists' },
		message: 'The Storefront API answered 409',
		description: 'The API said: A page with this handle exists',
	},
	'{errors: [{code, message}]} (422)': {
		status: 422,
		body: json({ errors: [{ code: 'budget_too_low', message: 'The daily budget is below the minimum' }, { code: 'other', message: 'second' }] }),
		parsed: { code: 'budget_too_low', message: 'The daily budget is below the minimum' },
		message: 'The Storefront API answered 422',
		description: 'The API said: The daily budget is below the minimum',
	},
	'RFC 7807 problem+json (422): the URI type is no code': {
		status: 422,
		contentType: 'application/problem+json',
		body: json({ type: 'https://api.example.com/problems/budget', title: 'Unprocessable', status: 422, detail: 'Budget below the minimum' }),
		parsed: { code: undefined, message: 'Budget below the minimum' },
		message: 'The Storefront API answered 422',
		description: 'The API said: Budget below the minimum',
	},
};

const node = { id: '1', name: 'Storefront', type: 'test', typeVersion: 1, position: [0, 0], parameters: {} } as INode;
/** The body as n8n's request helper hands it to postReceive: parsed when it is JSON, else the text. */
const asReceived = (body: string) => {
	try {
		return JSON.parse(body) as unknown;
	} catch {
		return body;
	}
};
const cases = Object.entries(SHAPES);

describe('parseErrorBody reads the code and the text of every shape', () => {
	test.each(cases)('%s', (_name, shape) => {
		expect(parseErrorBody(asReceived(shape.body))).toEqual(expect.objectContaining(shape.parsed));
		// the same as text (a proxy may send JSON labelled text/plain) and as a Buffer
		expect(parseErrorBody(shape.body)).toEqual(parseErrorBody(asReceived(shape.body)));
		expect(parseErrorBody(Buffer.from(shape.body))).toEqual(parseErrorBody(asReceived(shape.body)));
	});

	test('long text is cut to one line of 300 characters', () => {
		const parsed = parseErrorBody(`${'word '.repeat(200)}\n\nend`);
		expect(parsed.message).toHaveLength(300);
		expect(parsed.message!.endsWith('…')).toBe(true);
	});

	test('nothing to read gives nothing', () => {
		for (const body of ['', '   ', undefined, null, 42, [], {}, '<html></html>']) {
			expect(parseErrorBody(body).code).toBeUndefined();
			expect(parseErrorBody(body).message).toBeUndefined();
		}
	});
});

describe('answerError: our message, the API\'s code and text on the error', () => {
	test.each(cases)('%s', (_name, shape) => {
		const error = answerError(node, { statusCode: shape.status, headers: Object.fromEntries(Object.entries(shape.headers ?? {}).map(([k, v]) => [k.toLowerCase(), v])), body: asReceived(shape.body) as IN8nHttpFullResponse['body'] });
		expect(error.message).toEqual(typeof shape.message === 'string' ? shape.message : expect.stringMatching(shape.message));
		if (shape.description) expect(error.description).toContain(shape.description);
		expect(error.httpCode).toBe(String(shape.status));
		expect(error.errorResponse).toMatchObject({ status: shape.status, code: shape.parsed.code ?? null, message: shape.parsed.message ?? null });
		if (shape.parsed.message) expect(error.messages).toContain(shape.parsed.message);
	});
});

/** A server answering every request with the shape in `reply`. */
let server: http.Server;
let baseUrl: string;
let reply: Shape;
let requests = 0;
beforeAll(async () => {
	server = http.createServer((req, res) => {
		req.resume();
		req.on('end', () => {
			requests++;
			res.writeHead(reply.status, { 'Content-Type': reply.contentType ?? 'application/json', ...reply.headers });
			res.end(reply.body);
		});
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
	server.closeAllConnections();
	await new Promise((resolve) => server.close(resolve));
});

describe('through n8n-core: Commerce → Page → Get answered with each shape', () => {
	test.each(cases)('%s', async (_name, shape) => {
		reply = shape;
		requests = 0;
		const r = await runNode({
			node: 'storefrontCommerce',
			parameters: { resource: 'page', operation: 'get', accountId: 'store_hosted', pageId: { __rl: true, mode: 'id', value: 'gid_404' } },
			credentials: { apiKey: 'sk_test_full_0123456789', baseUrl },
		});
		expect(requests).toBeGreaterThanOrEqual(1);
		expect(r.error?.message).toEqual(typeof shape.message === 'string' ? shape.message : expect.stringMatching(shape.message));
		if (shape.description) expect(r.error?.description).toContain(shape.description);
		expect(r.error?.httpCode).toBe(String(shape.status));
		const sent = r.error as unknown as { errorResponse?: Record<string, unknown>; messages?: string[] };
		expect(sent.errorResponse).toMatchObject({ status: shape.status, code: shape.parsed.code ?? null, message: shape.parsed.message ?? null });
		if (shape.parsed.message) expect(sent.messages).toContain(shape.parsed.message);
	});
});
