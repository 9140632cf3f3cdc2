import type { AdsService } from './ads';
import { conversionsBody, insightsQuery } from './contract/ads';
import type { FakeApi } from './core';
import { invalid } from './errors';
import { DAY_MS, figure } from './figures';

/** The ads API's measurement: conversion events sent server-side, and insights (reports) read per network. */

/** Dimensions of videonet reports with reportType=AUDIENCE (reference: Ads: insights). */
const AUDIENCE_DIMENSIONS = ['age', 'gender', 'country_code', 'platform'];

/** Conversion events received, per destination (the server's `api.conversions`). */
export type ConversionsReceived = Array<{ accountId: string; destinationId: string; events: unknown[] }>;

export function registerMeasurement(api: FakeApi, svc: AdsService): ConversionsReceived {
	const conversions: ConversionsReceived = [];
	const ads = true;
	api.route('POST', '/v1/ads/conversions', { ads, body: conversionsBody }, ({ body }) => {
		svc.onlyOn(body.accountId, ['socialnet', 'searchnet', 'chatnet'], 'server-side conversions');
		conversions.push({ accountId: body.accountId, destinationId: body.destinationId, events: body.events });
		return { success: true };
	});
	api.route('GET', '/v1/ads/insights', { ads, query: insightsQuery }, ({ query }) => {
		const network = svc.onlyOn(query.accountId, ['socialnet', 'searchnet', 'videonet', 'pronet'], 'insights');
		if (network === 'searchnet') {
			if (!query.query) throw invalid('query', 'required on searchnet');
			if (/\b(mutate|insert|update|delete)\b/i.test(query.query)) throw invalid('query', 'queries are read-only');
			return { data: [{ campaign: { id: 'cmp_1', name: 'Search one' }, metrics: { clicks: '120', costMicros: '45600000' } }] };
		}
		if (network === 'videonet') {
			const dimensions = (query.dimensions ?? '').split(',').filter(Boolean);
			if (dimensions.length < 1 || dimensions.length > 4) throw invalid('dimensions', '1 to 4 dimensions');
			const other = dimensions.filter((d) => !AUDIENCE_DIMENSIONS.includes(d));
			if (query.reportType === 'AUDIENCE' && other.length) throw invalid('dimensions', `AUDIENCE reports take ${AUDIENCE_DIMENSIONS.join(', ')}, not ${other.join(', ')}`);
			if (!query.fromDate || !query.toDate) throw invalid('fromDate', 'fromDate and toDate are required on videonet');
			const span = (Date.parse(query.toDate) - Date.parse(query.fromDate)) / DAY_MS + 1;
			if (span > 30) throw invalid('toDate', 'at most 30 days per query');
			const metrics = (query.metrics ?? 'spend,impressions').split(',');
			const rows = [];
			for (let i = 0; i < span; i++) {
				const date = new Date(Date.parse(query.fromDate) + i * DAY_MS).toISOString().slice(0, 10);
				rows.push({
					dimensions: Object.fromEntries(dimensions.map((d) => [d, d === 'stat_time_day' ? `${date} 00:00:00` : `${d}_value`])),
					metrics: Object.fromEntries(metrics.map((m) => [m, String(figure(`${date}:${m}`, 1000))])),
				});
			}
			return { data: rows };
		}
		const fields = (query.fields ?? 'spend,impressions').split(',');
		return { data: [Object.fromEntries([['object_id', query.objectId ?? 'act_1001'], ...fields.map((f) => [f, String(figure(f, 1000))])])] };
	});
	return conversions;
}
