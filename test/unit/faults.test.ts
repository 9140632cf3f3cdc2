import { NodeApiError, type INode } from 'n8n-workflow';

import { StorefrontAds } from '../../nodes/StorefrontAds/StorefrontAds.node';
import { NO_RESEND_AFTER_TIMEOUT } from '../../nodes/StorefrontAds/resources/ad/boost';
import { withActionNames } from '../../nodes/shared/actionNames';
import { faultOf } from '../../nodes/shared/wire/answer';
import { faultError } from '../../nodes/shared/wire/failure';
import { backoffSeconds, whyNotResent } from '../../nodes/shared/wire/resend';

/**
 * The resend decisions of nodes/shared/wire/send.ts that a run through n8n-core cannot reach in a
 * test's time: a boost waits up to 10 minutes for its answer (boost.ts `boostRequest`), so
 * its "never resent after a timeout" rule is checked here; every other path runs for real in
 * test/reliability/transient.test.ts and faults.test.ts.
 */

const node = { id: 'n1', name: 'Storefront', type: 'x', typeVersion: 1, position: [0, 0], parameters: {} } as INode;
const timeout = { kind: 'timeout', said: 'no answer in time' } as const;
const reset = { kind: 'reset', said: 'connection reset' } as const;
// the words as the loaded node gives them to the wire (operation.ts), the actions they name known
const noResend = () => (new StorefrontAds(), withActionNames(NO_RESEND_AFTER_TIMEOUT));

test('a boost is never resent after a timeout, but is after a reset or a 503; other POSTs are resent after a timeout', () => {
	const boost = { method: 'POST', noResendAfterTimeout: noResend() };
	expect(whyNotResent(boost, timeout)).toMatch(/not to resend one after a timeout.*Ad → Get many ads/);
	expect(whyNotResent(boost, reset)).toBeUndefined();
	expect(whyNotResent(boost, { kind: 'status', said: '503' })).toBeUndefined();
	expect(whyNotResent({ method: 'POST' }, timeout)).toBeUndefined();
	expect(whyNotResent({ method: 'DELETE' }, timeout)).toBeUndefined();
});

test('the boost\'s final error says it was not resent and where to look', () => {
	const error = new NodeApiError(node, { code: 'ECONNABORTED', message: 'timeout of 600000ms exceeded' });
	const boost = { method: 'POST', noResendAfterTimeout: noResend() };
	const explained = faultError(node, { fault: timeout, error }, { attempts: 1, waited: 0, method: 'POST', why: whyNotResent(boost, timeout) });
	expect(explained.message).toBe('The Storefront API did not answer in time');
	expect(explained.description).toMatch(/not sent again.*Ad → Get many ads.*a repeat returns the first result/);
});

test('network errors are faults by their code, wrapped by n8n or not; other errors are not', () => {
	expect(faultOf(new NodeApiError(node, { code: 'ECONNRESET', message: 'socket hang up' }))?.kind).toBe('reset');
	expect(faultOf(Object.assign(new Error('x'), { code: 'ECONNREFUSED' }))?.kind).toBe('unreached');
	expect(faultOf({ cause: { code: 'ETIMEDOUT' } })?.kind).toBe('timeout');
	expect(faultOf(new Error('timeout of 300ms exceeded'))?.kind).toBe('timeout');
	expect(faultOf(new NodeApiError(node, { message: 'Bad request' }, { httpCode: '400' }))).toBeUndefined();
	expect(faultOf(new Error('boom'))).toBeUndefined();
});

test('backoff: 0.25 s doubling to 4 s at most, jittered between half and all of it', () => {
	for (let retry = 1; retry <= 8; retry++) {
		const cap = Math.min(4, 0.25 * 2 ** (retry - 1));
		for (let i = 0; i < 50; i++) {
			const s = backoffSeconds(retry);
			expect(s).toBeGreaterThanOrEqual(cap / 2);
			expect(s).toBeLessThanOrEqual(cap);
		}
	}
});

