import { readEnvelope, timeOf } from '../../nodes/StorefrontTrigger/envelope';

describe('timeOf: ISO 8601, unix seconds, or ms when too large for seconds', () => {
	const at = Date.parse('2026-11-22T10:00:00.000Z');
	test.each([
		['ISO 8601', '2026-11-22T10:00:00.000Z', at],
		['ISO 8601 with an offset', '2026-11-22T11:00:00+01:00', at],
		['unix seconds', at / 1000, at],
		['unix seconds as digits', String(at / 1000), at],
		['unix ms (too large for seconds)', at, at],
		['unix ms as digits', String(at), at],
		['fractional seconds', at / 1000 + 0.5, at + 500],
		['not a date', 'yesterday', undefined],
		['negative', -5, undefined],
		['beyond what a Date holds', 1e20, undefined],
		['missing', undefined, undefined],
		['an object', { at }, undefined],
	])('%s', (_name, value, expected) => {
		expect(timeOf(value)).toBe(expected);
	});
});

describe('readEnvelope: both dialects give the same reading', () => {
	const post = { id: 'post_1', caption: 'Hi' };
	const account = { id: 'acc_1', platform: 'socialnet' };
	const iso = '2026-11-22T10:00:00.000Z';
	const ms = Date.parse(iso);
	const expected = { id: 'evt_1', type: 'post.published', time: ms, timestamp: iso, objects: { post, account } };

	test.each([
		['contract.md: event, timestamp, data', { id: 'evt_1', event: 'post.published', timestamp: iso, data: { post, account } }],
		['live service: type, created (s), data', { id: 'evt_1', type: 'post.published', created: ms / 1000, data: { post, account } }],
		['created in ms', { id: 'evt_1', type: 'post.published', created: ms, data: { post, account } }],
		['sibling service: objects at the top level', { id: 'evt_1', event: 'post.published', timestamp: iso, post, account }],
		['objects at the top level with type and created', { id: 'evt_1', type: 'post.published', created: ms / 1000, post, account }],
		['data: null falls back to the top level', { id: 'evt_1', event: 'post.published', timestamp: iso, data: null, post, account }],
	])('%s', (_name, body) => {
		expect(readEnvelope(body as never)).toEqual(expected);
	});

	test('`event` wins over `type`; a non-string type is no type', () => {
		expect(readEnvelope({ event: 'post.failed', type: 'post.published' }).type).toBe('post.failed');
		expect(readEnvelope({ event: 42 as never, type: 'post.published' }).type).toBe('post.published');
		expect(readEnvelope({ event: { x: 1 } }).type).toBe('');
	});

	test('`data` present: only it, whatever else is at the top level', () => {
		expect(readEnvelope({ id: 'e', event: 'x', data: { post }, extra: 1 }).objects).toEqual({ post });
	});

	test('no time: time and timestamp undefined', () => {
		expect(readEnvelope({ id: 'e', event: 'x', data: {} })).toMatchObject({ time: undefined, timestamp: undefined });
		expect(readEnvelope({ id: 'e', event: 'x', timestamp: 'soon', data: {} })).toMatchObject({ time: undefined, timestamp: undefined });
	});

	test('an ISO timestamp is kept as sent', () => {
		expect(readEnvelope({ timestamp: '2026-11-22T11:00:00+01:00' }).timestamp).toBe('2026-11-22T11:00:00+01:00');
	});
});
