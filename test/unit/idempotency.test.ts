import { keyOn, stampKey } from '../../nodes/shared/wire/idempotency';

/**
 * The user's own Idempotency-Key (nodes/shared/wire/idempotency.ts): whatever its header's case, it is
 * the request's key, sent as given, and no second key is stamped beside it. HTTP header names are
 * case-insensitive; a second Idempotency-Key header would make the API see a key the user never chose.
 */

test.each(['Idempotency-Key', 'idempotency-key', 'IDEMPOTENCY-KEY'])('a user\'s own key under the header name "%s" stays the only key', (name) => {
	const request = { method: 'POST', url: '/v1/ads/boost', body: { a: 1 }, headers: { Accept: 'application/json', [name]: ' my-key-1 ' } };
	expect(stampKey(undefined, 0, request)).toEqual({ key: 'my-key-1' });
	expect(request.headers).toEqual({ Accept: 'application/json', [name]: ' my-key-1 ' });
	expect(keyOn(request)).toBe('my-key-1');
});

test('no own key (absent, blank or null): one is stamped, under the canonical name, and read back whatever the case', () => {
	for (const headers of [undefined, { 'Idempotency-Key': '  ' }, { 'Idempotency-Key': null as unknown as string }]) {
		const request: { method: string; url: string; headers?: Record<string, string> } = { method: 'POST', url: '/v1/x', headers };
		const { key } = stampKey(undefined, 0, request);
		expect(key).toMatch(/^n8n-[0-9a-f-]{36}$/);
		expect(request.headers?.['Idempotency-Key']).toBe(key);
		expect(keyOn({ headers: { 'IDEMPOTENCY-KEY': key } })).toBe(key);
	}
	expect(keyOn({ headers: { 'Idempotency-Key': 42 as unknown as string } })).toBe('42');
});
