/**
 * Values a model sets never break publishing or the panel: with any parameter (Network and the
 * other menus included) given as an expression such as `$fromAI(...)`, n8n's static check
 * (NodeHelpers.getNodeParametersIssues, what the editor shows and what publishing refuses on)
 * finds nothing to complain about. Fields whose need depends on such a value are checked by the
 * node at run time, with an error naming the field.
 */
import { NodeHelpers, type INode, type INodeParameters, type INodeProperties, type INodeType } from 'n8n-workflow';

import { nodeType } from '../../harness';
import { everyOperation } from '../reliability/operations';

// each node built once: nodeType() builds every node of the package, and the loop below asks per property
const types = new Map<string, INodeType>();
const typeOf = (node: string) => types.get(node) ?? types.set(node, nodeType(node)).get(node)!;

const fromAI = (name: string) => `={{ $fromAI('${name}', '', 'string') }}`;
const FIXED = new Set(['resource', 'operation']);

function issues(node: string, parameters: INodeParameters) {
	const description = typeOf(node).description;
	const n: INode = { id: 'n', name: 'Storefront', type: `n8n-nodes-storefront.${node}`, typeVersion: 1, position: [0, 0], parameters };
	// as the editor and the publish check do: the node's parameters with defaults, then the issues
	const withDefaults = NodeHelpers.getNodeParameters(description.properties, parameters, true, false, n, description)!;
	return NodeHelpers.getNodeParametersIssues(description.properties, { ...n, parameters: withDefaults }, description)?.parameters ?? {};
}

const cases = everyOperation().map((c) => ({ ...c, label: `${c.node} ${c.resource}.${c.operation}` }));

test.each(cases)('$label: every menu, toggle and value given by an expression', (c) => {
	const { description } = typeOf(c.node);
	const props: INodeProperties[] = description.properties;
	expect(issues(c.node, c.parameters)).toEqual({});
	const parameters: INodeParameters = { ...c.parameters };
	// every top-level parameter the operation shows, set or not, except the resource and operation menus
	for (const p of props) {
		if (FIXED.has(p.name) || p.noDataExpression || ['notice', 'collection', 'fixedCollection'].includes(p.type)) continue;
		if (!NodeHelpers.displayParameter(c.parameters, p, { typeVersion: 1 } as INode, description)) continue;
		parameters[p.name] = (p.type === 'resourceLocator' ? { __rl: true, mode: 'id', value: fromAI(p.name) } : fromAI(p.name)) as never;
	}
	expect(issues(c.node, parameters)).toEqual({});
});

test('Network given by the model on Boost Post (the reported case) needs nothing of other operations', () => {
	const boost = cases.find((c) => c.label === 'storefrontAds ad.boost')!;
	expect(issues('storefrontAds', { ...boost.parameters, network: fromAI('network') })).toEqual({});
});
