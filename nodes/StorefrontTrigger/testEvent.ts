import { sleep, type IHookFunctions } from 'n8n-workflow';

import { apiRequest, idSegment } from '../shared/wire/request';

/**
 * "Listen for test event" in the editor: the trigger asks the API to send a test event to the
 * endpoint it has just registered for n8n's test URL, so the workflow runs without leaving the
 * editor. n8n stores the endpoint's secret for that URL only once `create` has returned
 * (TestWebhooks.needsWebhook in n8n 1.x and 2.x); a delivery before then would be refused as
 * unsigned, so the request waits a moment and does not hold up `create`.
 */
export const TEST_EVENT_DELAY_MS = 1000;

export const SEND_TEST_EVENT = 'sendTestEvent';

export function sendTestEventSoon(ctx: IHookFunctions, webhookId: string): void {
	const options = ctx.getNodeParameter('options', {}) as Record<string, unknown>;
	if (options[SEND_TEST_EVENT] === false) return;
	void (async () => {
		try {
			await sleep(TEST_EVENT_DELAY_MS);
			await apiRequest.call(ctx, 'POST', `/v1/webhooks/${idSegment(ctx, 'Webhook ID', webhookId)}/test`);
		} catch (error) {
			ctx.logger.warn(`Storefront Trigger: could not ask Storefront for a test event (${(error as Error).message}); make a real event happen instead`);
		}
	})();
}
