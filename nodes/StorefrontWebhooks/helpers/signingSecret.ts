import type { IExecuteSingleFunctions, INodeExecutionData } from 'n8n-workflow';

import { actionName } from '../../shared/actionNames';
import { runsAsTool } from '../../shared/toolDescription';

/**
 * A webhook's signing secret comes back once, in Create's answer. In a normal run the output is
 * where the user takes it from. As an AI tool (AI Agent, MCP Server Trigger) the output is the
 * model's context and the chat history, so the secret is left out. It is kept nowhere else either:
 * static data or a log would still be a copy in n8n that the user did not ask for.
 */

export const SECRET_NOTICE =
	'Save "secret" now: the API returns it only in this answer. It signs every delivery (X-Webhook-Signature). To get a new one, delete the webhook and create it again.';

/** Said while the node runs, when the action it names is known (actionNames.ts). */
export const secretWithheld = () =>
	`The signing secret was withheld from the model and is stored nowhere: the API returns it only once, at creation. Deliveries to this endpoint cannot be verified without it. Delete this endpoint (${actionName('webhook', 'delete')}, with its id) and create it from a normal run of the Storefront Webhooks node, whose output holds the secret, or use the Storefront Trigger, which registers its own endpoint and keeps its secret.`;

/** postReceive of the operations whose answer may hold `secret`: said where it is in a normal run, withheld as a tool. */
export function signingSecretOutput(notice: boolean) {
	return async function (this: IExecuteSingleFunctions, items: INodeExecutionData[]) {
		if (!runsAsTool(this)) return notice ? items.map((item) => ({ ...item, json: { ...item.json, secretNotice: SECRET_NOTICE } })) : items;
		return items.map((item) => {
			const { secret, ...endpoint } = item.json;
			return secret === undefined ? item : { ...item, json: { ...endpoint, secretWithheld: true, secretNotice: secretWithheld() } };
		});
	};
}
