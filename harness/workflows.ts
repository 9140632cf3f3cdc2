/** Workflows the real-n8n suites create, as n8n's REST API takes them. */

/** Storefront Trigger → No Operation: the smallest workflow that runs once per accepted event. */
export function triggerWorkflow(name: string, webhookId: string, events: string[], credential: { id: string; name: string }) {
	return {
		name,
		nodes: [
			{
				id: 'trigger',
				name: 'Storefront Trigger',
				type: 'n8n-nodes-storefront.storefrontTrigger',
				typeVersion: 1,
				position: [0, 0],
				webhookId,
				parameters: { events },
				credentials: { storefrontApi: { id: credential.id, name: credential.name } },
			},
			{ id: 'noop', name: 'Done', type: 'n8n-nodes-base.noOp', typeVersion: 1, position: [220, 0], parameters: {} },
		],
		connections: { 'Storefront Trigger': { main: [[{ node: 'Done', type: 'main', index: 0 }]] } },
		settings: {},
	};
}
