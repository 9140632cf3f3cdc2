import fs from 'node:fs';
import path from 'node:path';

import { ROOT } from './n8n';

/** What an operation file's spec states, written out: its method and path, and its `keying` when it sets one. */
export interface StatedRequest {
	method: string;
	path: string;
	keying?: string;
}

/** `value: 'get',`, `method: 'GET',`, `path: '/v1/…',`, `keying: 'execution',`: how an operation file's spec states them (CONTRIBUTING.md, "An endpoint"). */
const STATED = {
	value: /^\s*value: '(\w+)',$/gm,
	method: /^\s*method: '(GET|POST|PUT|PATCH|DELETE)',$/gm,
	path: /^\s*path: '(\/v1\/[^']*)',$/gm,
	keying: /^\s*keying: '(\w+)',$/gm,
};

/**
 * The request each operation of a node makes, as its file states it
 * (`nodes/<Node>/resources/<resource>/<operation>.ts`), by `<resource>.<operation>`: read from the
 * source, so that nothing in nodes/ keeps a record only the contract suite and the docs read.
 * `node`: the node's folder, `StorefrontCommerce`…
 */
export function statedRequests(node: string): Map<string, StatedRequest> {
	const resources = path.join(ROOT, 'nodes', node, 'resources');
	const stated = new Map<string, StatedRequest>();
	for (const resource of fs.readdirSync(resources, { withFileTypes: true }).filter((e) => e.isDirectory())) {
		for (const file of fs.readdirSync(path.join(resources, resource.name)).filter((f) => f.endsWith('.ts') && f !== 'index.ts')) {
			const text = fs.readFileSync(path.join(resources, resource.name, file), 'utf8');
			const [value, method, apiPath, keying] = Object.values(STATED).map((pattern) => [...text.matchAll(pattern)].map((m) => m[1]));
			if (value.length !== 1 || method.length !== 1 || apiPath.length !== 1 || keying.length > 1)
				throw new Error(`${node} ${resource.name}/${file}: its spec states value, method and path once each, written out (value: 'get', method: 'GET', path: '/v1/…')`);
			stated.set(`${resource.name}.${value[0]}`, { method: method[0], path: apiPath[0], ...(keying.length ? { keying: keying[0] } : {}) });
		}
	}
	return stated;
}
