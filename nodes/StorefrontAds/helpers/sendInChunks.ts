import type { IDataObject, IExecutePaginationFunctions, INodeExecutionData } from 'n8n-workflow';

/** Sends `rows` under `key` in calls of at most `size`; returns how many calls were made and the answers. */
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
