import type { IDataObject, IExecuteSingleFunctions, INodeExecutionData } from 'n8n-workflow';

import { field } from '../../shared/fieldBuilders';
import { reading } from '../../shared/reads';

/** What the searchnet research operations (keyword ideas, historical metrics, search terms) share: micros (their Customer is adsFields.ts `customerId`). */

/** Adds `<name>` in currency units next to every `<name>Micros` (searchnet bids and costs are in millionths). */
export function withCurrencyUnits(value: unknown): unknown {
	if (Array.isArray(value)) return value.map(withCurrencyUnits);
	if (!value || typeof value !== 'object') return value;
	const out: IDataObject = {};
	for (const [key, v] of Object.entries(value as IDataObject)) {
		out[key] = withCurrencyUnits(v) as IDataObject;
		if (key.endsWith('Micros') && v !== null && v !== '' && !Number.isNaN(Number(v))) out[key.slice(0, -'Micros'.length)] = Number(v) / 1_000_000;
	}
	return out;
}

/** postReceive of the "Convert Micros" option, applied to each answer. */
export const convertMicros = reading(['convertMicros'], (read) => async function (this: IExecuteSingleFunctions, items: INodeExecutionData[]) {
	if (!read.param(this, 'convertMicros', false)) return items;
	return items.map((item) => ({ ...item, json: withCurrencyUnits(item.json) as IDataObject }));
});

export const convertMicrosField = field({
	displayName: 'Convert Micros',
	name: 'convertMicros',
	type: 'boolean',
	default: true,
	description: 'Whether to add each bid and cost in currency units (e.g. lowTopOfPageBid = lowTopOfPageBidMicros ÷ 1,000,000) next to the micros',
});
