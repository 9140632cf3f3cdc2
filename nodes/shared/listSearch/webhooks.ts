import type { IDataObject, ILoadOptionsFunctions, INodeListSearchResult } from 'n8n-workflow';

import { apiRequest } from '../api';

interface WebhookRow {
	id: string;
	url: string;
	description?: string | null;
	is_active?: boolean;
	events?: string[];
}

const matches = (filter: string | undefined, ...texts: Array<string | null | undefined>) =>
	!filter || texts.some((t) => t?.toLowerCase().includes(filter.toLowerCase()));

export async function searchWebhooks(this: ILoadOptionsFunctions, filter?: string): Promise<INodeListSearchResult> {
	const { body } = await apiRequest.call(this, 'GET', '/v1/webhooks');
	const rows = ((body.webhooks as WebhookRow[] | undefined) ?? []).filter((w) =>
		matches(filter, w.url, w.description, w.id),
	);
	return {
		results: rows.map((w) => ({
			name: `${w.description ? `${w.description} — ` : ''}${w.url}${w.is_active === false ? ' (inactive)' : ''}`,
			value: w.id,
		})),
	};
}

export async function searchDeliveries(
	this: ILoadOptionsFunctions,
	filter?: string,
	paginationToken?: string,
): Promise<INodeListSearchResult> {
	const webhookId = this.getNodeParameter('webhookId', undefined, { extractValue: true }) as string;
	if (!webhookId) return { results: [] };
	const qs: IDataObject = { limit: 100 };
	if (paginationToken) qs.before = paginationToken;
	const { body } = await apiRequest.call(this, 'GET', `/v1/webhooks/${encodeURIComponent(webhookId)}/deliveries`, {
		qs,
	});
	const deliveries = (body.deliveries as IDataObject[] | undefined) ?? [];
	const last = deliveries[deliveries.length - 1];
	return {
		results: deliveries
			.filter((d) => matches(filter, d.event_type as string, d.event_id as string, d.id as string))
			.map((d) => ({
				name: `${d.created_at as string} · ${d.event_type as string} · ${d.error ? `failed (${d.error as string})` : `HTTP ${d.status as number}`}`,
				value: d.id as string,
			})),
		paginationToken: body.has_more && last ? (last.created_at as string) : undefined,
	};
}
