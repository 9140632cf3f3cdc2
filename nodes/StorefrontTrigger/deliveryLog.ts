import type { IDataObject, IHookFunctions, IWebhookFunctions } from 'n8n-workflow';

import { apiRequest } from '../shared/wire/apiRequest';

/** The API lists at most 100 deliveries a page (and keeps 30 days of them). */
const LOG_PAGE = 100;

export type WalkEnd = 'stopped' | 'end' | 'limit';

export const isAnswered2xx = (delivery: IDataObject) => {
	const status = Number(delivery.status);
	return status >= 200 && status < 300;
};

/**
 * Reads an endpoint's delivery log newest first, page by page (`before` = the `created_at` of
 * the last delivery on the previous page), handing each delivery to `visit` until it returns
 * true ('stopped'), the log ends ('end'), or `maxPages` pages were read or the `deadline`
 * (epoch ms; each page's timeout is cut to it) passed ('limit').
 */
export async function walkDeliveries(
	ctx: IHookFunctions | IWebhookFunctions,
	webhookId: string,
	visit: (delivery: IDataObject) => boolean,
	{ maxPages = Infinity, deadline }: { maxPages?: number; deadline?: number } = {},
): Promise<WalkEnd> {
	let before: string | undefined;
	for (let pages = 0; pages < maxPages; pages++) {
		const timeout = deadline === undefined ? undefined : deadline - Date.now();
		if (timeout !== undefined && timeout <= 0) return 'limit';
		const { body } = await apiRequest.call(ctx, 'GET', `/v1/webhooks/${encodeURIComponent(webhookId)}/deliveries`, {
			qs: { limit: LOG_PAGE, ...(before ? { before } : {}) },
			timeout,
		});
		const page = (body.deliveries as IDataObject[] | undefined) ?? [];
		for (const delivery of page) if (visit(delivery)) return 'stopped';
		if (!body.has_more || page.length === 0) return 'end';
		before = String(page[page.length - 1].created_at);
	}
	return 'limit';
}
