import { ExpressionError, NodeApiError, NodeOperationError, type IExecuteSingleFunctions, type INode, type JsonObject } from 'n8n-workflow';

import { passOn } from '../../nodes/shared/wire/failure';
import { param } from '../../nodes/shared/params';

/**
 * passOn: what the request steps' catch blocks throw (n8n's verification scanner wants n8n's own
 * error types re-thrown). The user must see what RoutingNode itself showed before: n8n errors
 * unchanged, anything else wrapped as RoutingNode wraps it (its message, its HTTP code or "none").
 */

const node: INode = { id: '1', name: 'Storefront', type: 'n8n-nodes-storefront.storefrontCommerce', typeVersion: 1, position: [0, 0], parameters: {} };

test('a NodeApiError or NodeOperationError is passed on as it is: same message, description and HTTP code', () => {
	const api = new NodeApiError(node, { status: 404 } as JsonObject, { message: 'Page not found', description: 'Check the ID', httpCode: '404' });
	const operation = new NodeOperationError(node, 'Title is required');
	expect(passOn(node, api)).toBe(api);
	expect(passOn(node, operation)).toBe(operation);
	expect(api).toMatchObject({ message: 'Page not found', description: 'Check the ID', httpCode: '404' });
});

test('anything else becomes the NodeApiError RoutingNode would make of it', () => {
	const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:4010'), { code: 'ECONNREFUSED' });
	const wrapped = passOn(node, refused);
	expect(wrapped).toBeInstanceOf(NodeApiError);
	expect(wrapped).toMatchObject({ message: 'The service refused the connection - perhaps it is offline', httpCode: 'none' });
	// what RoutingNode throws for the same error when it is left to wrap it
	const routingNode = new NodeApiError(node, refused as unknown as JsonObject, { message: refused.message, httpCode: 'none' });
	expect({ message: wrapped.message, description: wrapped.description, httpCode: (wrapped as NodeApiError).httpCode }).toEqual({
		message: routingNode.message,
		description: routingNode.description,
		httpCode: routingNode.httpCode,
	});

	const axiosLike = Object.assign(new Error('Request failed with status code 502'), { isAxiosError: true, response: { status: 502 } });
	expect(passOn(node, axiosLike)).toMatchObject({ message: 'Request failed with status code 502', httpCode: '502' });
});

test('param(): an ExpressionError from a parameter becomes a NodeOperationError with its message, description and parameter', () => {
	const expression = new ExpressionError('invalid syntax', { description: 'Check the expression', parameter: 'title' });
	const ctx = {
		getNode: () => node,
		getNodeParameter: () => {
			throw expression;
		},
	} as unknown as IExecuteSingleFunctions;
	let thrown: unknown;
	try {
		param(ctx, 'title');
	} catch (error) {
		thrown = error;
	}
	expect(thrown).toBeInstanceOf(NodeOperationError);
	expect(thrown).toMatchObject({ message: 'invalid syntax', description: 'Check the expression', context: { parameter: 'title' } });
});
