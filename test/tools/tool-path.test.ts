/**
 * Every operation of the three action nodes as an AI tool, through n8n-core's tool path as n8n
 * 2.41.1 builds it (harness/tool.ts: RoutingNode alone, the model's arguments as the input
 * item): each user-facing value, Network included, is given by the model through `$fromAI(...)`,
 * and the fake API must receive exactly the requests of a normal run with the same values typed
 * in, and the tool must answer the normal run's items.
 */
import type { IDataObject, INodeParameters, INodeProperties } from 'n8n-workflow';

import { secretWithheld } from '../../nodes/StorefrontWebhooks/helpers/signingSecret';
import { nodeType } from '../../harness';
import { useFakeApi } from '../../harness/context';
import { runAsTool } from '../../harness/tool';
import { operationKey, referenceOperations } from '../contract/reference';
import { everyOperation, type OperationCase } from '../reliability/operations';

const FROM_AI_TYPES: Record<string, string> = { number: 'number', boolean: 'boolean', json: 'json' };
/** Settings a model should not choose (how the node reads its input) and menus without data. */
const KEPT = new Set(['resource', 'operation', 'peopleInput', 'eventsInput', 'campaignsInput', 'returnAll', 'simplify']);

/** Replaces each top-level value by a `$fromAI` call (the form the editor's "let the model define" button writes) and returns the model's arguments. */
function byModel(c: OperationCase, props: INodeProperties[]): { parameters: INodeParameters; args: IDataObject } {
	const parameters: INodeParameters = {};
	const args: IDataObject = {};
	for (const [name, value] of Object.entries(c.parameters)) {
		const declared = props.find((p) => p.name === name);
		if (!declared || KEPT.has(name) || declared.noDataExpression || value === null || (typeof value === 'object' && !('__rl' in value) && declared.type !== 'json')) {
			parameters[name] = value;
			continue;
		}
		const isLocator = typeof value === 'object' && value !== null && '__rl' in value;
		const raw = isLocator ? (value as IDataObject).value : value;
		const type = FROM_AI_TYPES[declared.type] ?? 'string';
		const expression = `={{ $fromAI('${name}', '', '${type}') }}`;
		args[name] = type === 'json' && typeof raw === 'string' ? JSON.parse(raw) : type === 'string' && typeof raw !== 'string' ? String(raw) : raw;
		parameters[name] = (isLocator ? { ...(value as IDataObject), value: expression } : expression) as never;
	}
	return { parameters, args };
}

/** What the fake API makes up per call: timestamps, UUIDs and signing secrets. */
const stamped = (value: unknown): unknown =>
	JSON.parse(
		JSON.stringify(value ?? null)
			.replace(/"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z"/g, '"<now>"')
			.replace(/"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}"/g, '"<uuid>"')
			.replace(/"whsec_[0-9a-f]+"/g, '"<secret>"'),
	);

/** What a normal run outputs, as the model gets it: Webhook → Create withholds the signing secret (test/webhooks/secret-to-model.test.ts). */
const modelSees = (c: OperationCase, json: IDataObject[]) =>
	c.node === 'storefrontWebhooks' && c.operation === 'create'
		? json.map(({ secret: _secret, secretNotice: _notice, ...endpoint }) => ({ ...endpoint, secretWithheld: true, secretNotice: secretWithheld() }))
		: json;

/** Get Many operations: the model also picks the Limit. */
const withLimit = (c: OperationCase, props: INodeProperties[]): OperationCase =>
	c.parameters.returnAll === false && props.some((p) => p.name === 'limit') ? { ...c, parameters: { ...c.parameters, limit: 2 } } : c;

const cases = everyOperation().map((c) => ({ ...c, label: operationKey(c) }));
const normal = useFakeApi('storefrontCommerce');
const tool = useFakeApi('storefrontCommerce');

test('one case per endpoint of the reference tables (test/contract/reference), nearly all with values from the model', () => {
	expect(cases.map((c) => c.label).sort()).toEqual(referenceOperations());
	const withoutArgs = cases.filter((c) => !Object.keys(byModel(withLimit(c, nodeType(c.node).description.properties), nodeType(c.node).description.properties).args).length);
	// Connect Chatnet's one value, the key, is in the credential: never a model's (test/ads/secrets.test.ts)
	expect(withoutArgs.map((c) => c.label)).toEqual(['storefrontAds connection.connectChatnet']);
});

test.each(cases)('$label', async (operation) => {
	const c = withLimit(operation, nodeType(operation.node).description.properties);
	const typed = await normal.run(c.parameters, { node: c.node, credentials: { apiKey: normal.apiKey, baseUrl: normal.api.url, limitSpending: false, ...c.credentials } });

	const { parameters, args } = byModel(c, nodeType(c.node).description.properties);
	tool.api.clearRequests();
	const call = await runAsTool({ node: c.node, parameters, args, credentials: { apiKey: tool.apiKey, baseUrl: tool.api.url, limitSpending: false, ...c.credentials } });

	const calls = (requests: typeof tool.api.requests) => requests.map((q) => [q.method, q.path, q.query, q.body]);
	expect(calls(tool.api.requests)).toEqual(calls(typed.requests));
	expect(typed.requests.length).toBeGreaterThan(0);
	// the same answer, or the same error (the model gets its message and description)
	if (typed.error) expect(call.error).toContain(typed.error.message);
	else expect([call.error, stamped(call.response)]).toEqual([undefined, stamped(modelSees(c, typed.json))]);
	// the description is the operation's own (nodes/shared/toolDescription.ts), not n8n's "<action> in Storefront …"
	const selector = nodeType(c.node).description.properties.find((p) => p.name === 'operation' && p.displayOptions?.show?.resource?.includes(c.resource))!;
	const option = (selector.options as Array<{ value: string; action: string }>).find((o) => o.value === c.operation)!;
	expect(call.description.startsWith(`${option.action}. `)).toBe(true);
	// the schema the model gets lists each value it gives
	expect(Object.keys((call.schema.properties ?? {}) as IDataObject).sort()).toEqual(Object.keys(args).sort());
});
