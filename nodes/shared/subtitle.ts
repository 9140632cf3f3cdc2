import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';

/**
 * The canvas subtitle: the chosen operation's action ("Boost a post", "Get many pages"), the
 * words the node creator lists, instead of the raw "boost: ad" of `operation: resource`. A
 * subtitle is evaluated by the editor only (n8n's engine never reads it), so the lookup table
 * costs nothing per item.
 */
export function actionSubtitle(properties: INodeProperties[]): string {
	const actions: Record<string, string> = {};
	for (const property of properties) {
		if (property.name !== 'operation') continue;
		for (const resource of (property.displayOptions?.show?.resource ?? []) as string[]) {
			for (const option of (property.options ?? []) as INodePropertyOptions[]) {
				actions[`${resource}:${String(option.value)}`] = option.action ?? option.name;
			}
		}
	}
	return `={{ ${JSON.stringify(actions)}[$parameter["resource"] + ":" + $parameter["operation"]] }}`;
}
