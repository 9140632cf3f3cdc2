import type { INode } from 'n8n-workflow';

import { adsErrors } from '../../nodes/StorefrontAds/helpers/adsErrors';
import { storeErrors } from '../../nodes/StorefrontCommerce/helpers/storeErrors';
import { explainError } from '../../nodes/shared/wire/errorText';
import { answerError, parseErrorBody } from '../../nodes/shared/wire/failure';

describe('parseErrorBody understands the shapes a server may send', () => {
	test.each([
		[
			'contract.md shape',
			{ error: { code: 'insufficient_scope', message: 'needs pages.write', requiredScope: 'pages.write' } },
			{ code: 'insufficient_scope', message: 'needs pages.write', requiredScope: 'pages.write' },
		],
		['error string + code', { error: 'Bad thing', code: 'bad_thing' }, { code: 'bad_thing', message: 'Bad thing' }],
		['message only', { message: 'Plain' }, { message: 'Plain' }],
		['code + message', { code: 'x', message: 'y' }, { code: 'x', message: 'y' }],
		['JSON as text', '{"error":{"code":"not_found","message":"gone"}}', { code: 'not_found', message: 'gone' }],
		['plain text', 'Bad Gateway from the proxy', { message: 'Bad Gateway from the proxy' }],
		['an HTML page: its visible text', '<html>Bad Gateway</html>', { message: 'Bad Gateway' }],
		['empty', '', {}],
		['nothing', undefined, {}],
	])('%s', (_name, body, expected) => {
		expect(parseErrorBody(body)).toMatchObject(expected);
	});
});

describe('explainError names the fix', () => {
	test('402: the ads add-on, where to enable it, and no price (prices change; the dashboard shows it)', () => {
		const e = explainError(402, { code: 'ads_addon_required' }, undefined, adsErrors);
		expect(e.message).toBe('Ads calls need the ads add-on');
		expect(e.description).toBe('Enable the ads add-on (a paid add-on, available on any plan) in your Storefront dashboard, then run the node again.');
		expect(e.description).not.toMatch(/\d+\.\d\d|USD/);
	});
	test('403: the missing scope, from requiredScope or from the message', () => {
		expect(explainError(403, { code: 'insufficient_scope', requiredScope: 'navigation.write' }).message).toBe(
			'The API key lacks the "navigation.write" scope',
		);
		expect(explainError(403, { code: 'insufficient_scope', message: 'needs metaobjects.read' }).message).toBe(
			'The API key lacks the "metaobjects.read" scope',
		);
	});
	test('each node\'s own codes come from its advice (Ads, Commerce); without it the shared words', () => {
		expect(explainError(422, { code: 'hosted_only' }).message).toBe('The Storefront API answered 422');
		expect(explainError(402, { code: 'ads_addon_required' }, undefined, storeErrors).message).toBe('The Storefront API answered 402');
	});
	test('422 hosted_only, 501, 400 invalid_credentials, 409', () => {
		expect(explainError(422, { code: 'hosted_only' }, undefined, storeErrors).message).toBe('This operation works on hosted stores only');
		expect(explainError(501, { code: 'unsupported_platform_operation' }, undefined, adsErrors).description).toContain('create a new ad instead');
		expect(explainError(400, { code: 'invalid_credentials' }, undefined, adsErrors).message).toBe('The chat network rejected the API key');
		expect(explainError(409, { code: 'idempotency_conflict' }).description).toContain('Nothing new was created');
	});
	test('400 lists the fields', () => {
		const e = explainError(400, {
			code: 'invalid_request',
			details: [
				{ field: 'title', message: 'Required' },
				{ field: 'items', message: 'at most 100' },
			],
		});
		expect(e.message).toBe('The API rejected the request: title: Required; items: at most 100');
	});
	test('unknown statuses still say what the API said', () => {
		expect(explainError(418, { message: 'teapot' })).toEqual({
			message: 'The Storefront API answered 418',
			description: 'The API said: teapot',
		});
	});
});

test('a 429 whose Retry-After is an HTTP date says the whole seconds it leaves, not the date', () => {
	const node = { id: '1', name: 'Storefront', type: 'test', typeVersion: 1, position: [0, 0], parameters: {} } as INode;
	const at = new Date(Date.now() + 90_000).toUTCString();
	const error = answerError(node, { statusCode: 429, headers: { 'retry-after': at }, body: { error: { code: 'rate_limited', message: 'slow down' } } });
	// the figure depends on the clock, so only its form is asserted
	expect(error.description).toMatch(/^Wait \d+ seconds, as the API asked,/);
	expect(error.description).not.toContain('GMT');
});
