import type { IDataObject, IHookFunctions, IWebhookFunctions } from 'n8n-workflow';

import { apiRequest, idSegment } from '../shared/wire/request';

/** The API lists at most 100 deliveries a page (and keeps 30 days of them). */
export const LOG_PAGE = 100;

/** How a walk ended: `visit` stopped it, the log ended, the page cap, the deadline, or the log's paging did not move. */
export type WalkEnd = 'stopped' | 'end' | 'limit' | 'late' | 'stuck';

export const isAnswered2xx = (delivery: IDataObject) => {
	const status = Number(delivery.status);
	return status >= 200 && status < 300;
};

export interface Walked {
	end: WalkEnd;
	pages: number;
	/** The `created_at` of the last delivery read: older ones were not read unless the log ended. */
	oldest?: string;
}

/** A page's identity: the same page served again has the same first and last delivery. */
const pageMark = (page: IDataObject[]) => `${String(page[0]?.id)}\u0000${String(page[page.length - 1]?.id)}\u0000${page.length}`;

/**
 * Reads an endpoint's delivery log newest first, page by page (`before` = the `created_at` of
 * the last delivery on the previous page), handing each delivery to `visit` until it returns
 * true ('stopped'), the log ends ('end'), `maxPages` pages were read ('limit'), the `deadline`
 * (epoch ms; each page's timeout is cut to it) passed ('late'), or the paging does not move ('stuck': the
 * next `before` is the one just asked, or the page is the one just read; a server that repeats a
 * page would otherwise be read forever). `before`: where the first page starts (deliveries older than
 * that time), else the newest delivery; `failed`: failed deliveries only.
 */
export async function walkDeliveries(
	ctx: IHookFunctions | IWebhookFunctions,
	webhookId: string,
	visit: (delivery: IDataObject) => boolean,
	{ maxPages, deadline, before: from, failed }: { maxPages: number; deadline: number; before?: string; failed?: boolean },
): Promise<Walked> {
	const path = `/v1/webhooks/${idSegment(ctx, 'Webhook ID', webhookId)}/deliveries`;
	let before = from;
	let lastMark: string | undefined;
	let oldest: string | undefined;
	for (let pages = 0; ; pages++) {
		const timeout = deadline - Date.now();
		if (pages >= maxPages) return { end: 'limit', pages, oldest };
		if (timeout <= 0) return { end: 'late', pages, oldest };
		const { body } = await apiRequest.call(ctx, 'GET', path, { qs: { limit: LOG_PAGE, ...(failed ? { failed } : {}), ...(before ? { before } : {}) }, timeout });
		const page = (body.deliveries as IDataObject[] | undefined) ?? [];
		const mark = pageMark(page);
		if (page.length && mark === lastMark) return { end: 'stuck', pages: pages + 1, oldest };
		for (const delivery of page) if (visit(delivery)) return { end: 'stopped', pages: pages + 1, oldest };
		if (page.length) oldest = String(page[page.length - 1].created_at);
		if (!body.has_more || page.length === 0) return { end: 'end', pages: pages + 1, oldest };
		if (oldest === before) return { end: 'stuck', pages: pages + 1, oldest };
		before = oldest;
		lastMark = mark;
	}
}
