import type {
	IDataObject,
	IExecutePaginationFunctions,
	IExecuteSingleFunctions,
	INodeExecutionData,
	INodeProperties,
} from 'n8n-workflow';

/**
 * Operations that send many incoming items in one request (audience users, conversion
 * events) run through a pagination function: the first item's run sends everything and
 * the other items' runs send nothing, so n runs make one batch instead of n calls.
 */

/** The field as the user wrote it, evaluated for every incoming item (e.g. `{{ $json.email }}` → each item's email). */
export function valuesForEveryItem(ctx: IExecuteSingleFunctions, parameter: string): unknown[] {
	const raw = (ctx.getNode().parameters as IDataObject)[parameter];
	const count = ctx.getWorkflowDataProxy(ctx.getItemIndex()).$input.all().length;
	return Array.from({ length: count }, (_, i) =>
		typeof raw === 'string' && raw.startsWith('=') ? ctx.evaluateExpression(raw.slice(1), i) : raw,
	);
}

export const isFirstItem = (ctx: IExecuteSingleFunctions) => ctx.getItemIndex() === 0;

/** Sends `rows` under `key` in calls of at most `size`; returns how many calls were made. */
export async function sendInChunks(
	ctx: IExecutePaginationFunctions,
	requestData: Parameters<IExecutePaginationFunctions['makeRoutingRequest']>[0],
	key: string,
	rows: IDataObject[],
	size: number,
): Promise<{ calls: number; answers: INodeExecutionData[] }> {
	const answers: INodeExecutionData[] = [];
	let calls = 0;
	for (let start = 0; start < rows.length; start += size) {
		const body = { ...(requestData.options.body as IDataObject), [key]: rows.slice(start, start + size) };
		answers.push(...(await ctx.makeRoutingRequest({ ...requestData, options: { ...requestData.options, body } })));
		calls += 1;
	}
	return { calls, answers };
}

/** "From Incoming Items" (one per item, sent by one run) or "JSON List" (per item): the input choice of batch operations. */
export function itemsOrJson(name: string, displayName: string, what: string): INodeProperties {
	return {
		displayName,
		name,
		type: 'options',
		options: [
			{
				name: 'From Incoming Items',
				value: 'items',
				description: `One ${what} per item, all sent by one run (n8n prepares each item: for tens of thousands, a JSON list is much faster)`,
			},
			{ name: 'JSON List', value: 'json', description: `A list of ${what}s per item` },
		],
		default: 'items',
	};
}
