/**
 * Required looks required in the editor: for every operation of the three action nodes, each
 * request field the API reference requires (test/contract/reference/, the reference's tables as
 * data), left empty, is reported by n8n's own static check (NodeHelpers.getNodeParametersIssues:
 * the red mark and warning of the editor, and what publishing refuses on); a field the reference
 * leaves optional, left empty, is not.
 *
 * Checked by n8n: the top-level parameters of the types it can find empty (text, date, menu,
 * resource locator; a number always holds one). A menu always holds one of its values, so only its
 * required mark is checked. Not statically: an entry of a collection (n8n cannot require one: the
 * node checks it, e.g. the targeting spec), and a field the reference requires on one network only
 * (`on`), shown on a Network a model may choose: the node checks it when the operation runs,
 * naming it (issue 21: a model-set value never blocks publishing); the contract test
 * (test/contract/reference.test.ts) proves those refusals.
 */
import { NodeHelpers, Workflow, type INode, type INodeParameters, type INodeProperties } from 'n8n-workflow';

import { adsEndpoints } from '../contract/reference/ads';
import { commerceEndpoints } from '../contract/reference/commerce';
import type { Endpoint, RequestField } from '../contract/reference/types';
import { webhookEndpoints } from '../contract/reference/webhooks';
import { NodeTypes, nodeType } from '../../harness';
import { everyOperation } from '../reliability/operations';

/** Types n8n reports empty (NodeHelpers addToIssuesIfMissing). */
const CHECKED_TYPES = ['string', 'dateTime', 'options', 'multiOptions', 'resourceLocator'];

function issuesOf(node: string, parameters: INodeParameters): Record<string, string[]> {
	const description = nodeType(node).description;
	const n: INode = { id: 'n', name: 'Storefront', type: `n8n-nodes-storefront.${node}`, typeVersion: 1, position: [0, 0], parameters };
	// as the editor and the publish check do: the node's parameters with defaults, then the issues
	const withDefaults = NodeHelpers.getNodeParameters(description.properties, parameters, true, false, n, description)!;
	return NodeHelpers.getNodeParametersIssues(description.properties, { ...n, parameters: withDefaults }, description)?.parameters ?? {};
}

const bases = new Map(everyOperation().map((c) => [`${c.node} ${c.resource}.${c.operation}`, c.parameters]));

const emptyValue = (p: INodeProperties) =>
	p.type === 'resourceLocator' ? { __rl: true, mode: 'list', value: '' } : p.type === 'multiOptions' ? [] : '';

interface Row {
	label: string;
	node: string;
	parameters: INodeParameters;
	/** Dotted path of the node parameter left empty. */
	path: string;
	required: boolean;
}

/** The parameter declaration at a dotted path (`options.adAccountId`), shown for these parameters. */
function declarationAt(node: string, parameters: INodeParameters, path: string): INodeProperties | undefined {
	const description = nodeType(node).description;
	const full = NodeHelpers.getNodeParameters(description.properties, parameters, true, false, { typeVersion: 1 } as INode, description)!;
	const [top, ...rest] = path.split('.');
	const shown = description.properties.filter(
		(p: INodeProperties) => p.name === top && NodeHelpers.displayParameter(full, p, { typeVersion: 1 } as INode, description, full),
	);
	if (shown.length !== 1) return undefined;
	if (!rest.length) return shown[0];
	if (shown[0].type !== 'collection' || rest.length !== 1) return undefined;
	return (shown[0].options as INodeProperties[]).find((o) => o.name === rest[0]);
}

function rowsOf(ep: Endpoint): Row[] {
	const base = bases.get(`${ep.node} ${ep.resource}.${ep.operation}`);
	if (!base) return [];
	return ep.request
		.filter((field): field is RequestField & { node: NonNullable<RequestField['node']> } => Boolean(field.node) && !field.on)
		.flatMap((field) => {
			const paths = Object.keys(field.node.set);
			// one parameter for the field (several, such as an input mode and its JSON, are not a value left empty)
			if (paths.length !== 1) return [];
			const [path] = paths;
			const declaration = declarationAt(ep.node, base, path);
			if (!declaration || !CHECKED_TYPES.includes(declaration.type)) return [];
			if (field.required ? path.includes('.') : declaration.type === 'options') return [];
			const parameters = structuredClone(base);
			const [top, child] = path.split('.');
			if (child) parameters[top] = { ...((parameters[top] as object) ?? {}), [child]: emptyValue(declaration) } as never;
			else parameters[top] = emptyValue(declaration) as never;
			const label = `${ep.node} ${ep.resource}.${ep.operation}: ${field.in} ${field.name} (${path}) ${field.required ? 'required' : 'optional'}`;
			return [{ label, node: ep.node, parameters, path, required: Boolean(field.required) }];
		});
}

const rows = [...commerceEndpoints, ...adsEndpoints, ...webhookEndpoints].flatMap(rowsOf);

test('covers the required fields of every node', () => {
	const counted = (node: string) => rows.filter((r) => r.node === node && r.required).length;
	expect(counted('storefrontCommerce')).toBeGreaterThan(20);
	expect(counted('storefrontAds')).toBeGreaterThan(40);
	expect(counted('storefrontWebhooks')).toBeGreaterThan(0);
});

test.each(rows.map((r) => [r.label, r] as const))('%s', (_label, r) => {
	const issues = issuesOf(r.node, r.parameters);
	const flagged = r.path in issues || r.path.split('.')[0] in issues;
	expect({ flagged }).toEqual({ flagged: r.required });
});

test('as publishing sees a saved Boost Post (n8n\'s Workflow fills the defaults, the hidden markers included): the empty Ad Connection and Ad Account are reported', () => {
	const node: INode = {
		id: 'n',
		name: 'Boost',
		type: 'n8n-nodes-storefront.storefrontAds',
		typeVersion: 1,
		position: [0, 0],
		// as the editor saves it: only what differs from the defaults
		parameters: { resource: 'ad', operation: 'boost', postId: 'post_1' },
	};
	const workflow = new Workflow({ nodes: [node], connections: {}, active: false, nodeTypes: new NodeTypes() });
	const saved = workflow.getNode('Boost')!;
	const description = nodeType('storefrontAds').description;
	const issues = NodeHelpers.getNodeParametersIssues(description.properties, saved, description)?.parameters ?? {};
	expect(Object.keys(issues).sort()).toEqual(['accountId', 'adAccountId']);
});
