import type { IDataObject, ILoadOptionsFunctions, INodeListSearchResult } from 'n8n-workflow';

import { apiRequest, idSegment } from '../../shared/wire/request';
import { chooseFirst, currentParameter, listSearch, movedOn, unlistedError } from '../../shared/listSearch/builder';

export const searchWebhooks = listSearch({
	path: '/v1/webhooks',
	rootProperty: 'webhooks',
	name: (w) =>
		`${w.description ? `${w.description as string} — ` : ''}${w.url as string}${w.is_active === false ? ' (inactive)' : ''}`,
	value: (w) => w.id as string,
});

/** Deliveries of the chosen webhook, newest first, paged with `before` (the builder's styles do not cover it). */
export async function searchDeliveries(
	this: ILoadOptionsFunctions,
	filter?: string,
	paginationToken?: string,
): Promise<INodeListSearchResult> {
	const webhookId = currentParameter(this, 'webhookId');
	if (!webhookId) throw unlistedError(this, chooseFirst('Webhook', 'the deliveries of the chosen Webhook'));
	const qs: IDataObject = { limit: 100 };
	if (paginationToken) qs.before = paginationToken;
	const { body } = await apiRequest.call(this, 'GET', `/v1/webhooks/${idSegment(this, 'Webhook', webhookId)}/deliveries`, {
		qs,
	});
	const deliveries = (body.deliveries as IDataObject[] | undefined) ?? [];
	const last = deliveries[deliveries.length - 1];
	const needle = filter?.toLowerCase();
	return {
		results: deliveries
			.filter((d) => !needle || [d.event_type, d.event_id, d.id].some((t) => String(t).toLowerCase().includes(needle)))
			.map((d) => ({
				name: `${d.created_at as string} · ${d.event_type as string} · ${d.error ? `failed (${d.error as string})` : `HTTP ${d.status as number}`}`,
				value: d.id as string,
			})),
		paginationToken: movedOn(body.has_more && last ? (last.created_at as string) : undefined, paginationToken),
	};
}
