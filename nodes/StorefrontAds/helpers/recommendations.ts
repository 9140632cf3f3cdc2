import type { IDataObject, IExecuteSingleFunctions, INodeExecutionData, PostReceiveAction } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { codesList, failItem } from '../../shared/requestActions';

/** The resource names given (a `send` map), refused when there are none. A name (customers/<id>/recommendations/<id>) holds no comma. */
export function namesOrFail(this: IExecuteSingleFunctions, value: unknown): string[] {
	const names = codesList(value);
	if (!names.length) failItem(this, 'No recommendations named', 'Map the resourceName of the recommendations (from Get Many).');
	return names;
}

/**
 * Apply and dismiss answer per recommendation: one output item each. A failed one fails the
 * node item (naming it), unless Continue On Fail is on: then it stays visible with its message.
 */
export function perRecommendation(done: string): PostReceiveAction {
	return async function (this: IExecuteSingleFunctions, items: INodeExecutionData[]) {
		const results = items.flatMap(({ json }) => ((json.results as IDataObject[] | undefined) ?? []).map((r) => ({ json: r })));
		const failed = results.filter((r) => r.json.status !== done);
		if (failed.length && !this.continueOnFail()) {
			throw new NodeOperationError(this.getNode(), `${failed.length} of ${results.length} recommendations failed`, {
				description: `${failed.map((r) => `${String(r.json.resourceName)}: ${String(r.json.message ?? r.json.status)}`).join('; ')}. The others were ${done}.`,
				itemIndex: this.getItemIndex(),
			});
		}
		return results;
	};
}
