import fs from 'node:fs';
import path from 'node:path';

import { DirectoryLoader } from 'n8n-core';
import type { INodePropertyOptions, INodeType } from 'n8n-workflow';

/**
 * The words a user types into n8n's nodes panel find our nodes: n8n searches a node's display name
 * and the `alias` list of its codex file (`<Node>.node.json`, read by n8n-core's DirectoryLoader
 * getCodex, as n8n's own nodes declare them). An action's words ("boost", "best post") are not
 * searched, so each node's aliases name what its actions work on.
 */

const ROOT = path.join(__dirname, '..', '..');
const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { n8n: { nodes: string[] } };

/** A node's codex as n8n reads it from the file next to the node's code. */
const codexOf = (source: string) =>
	(DirectoryLoader.prototype as unknown as { getCodex(this: unknown, file: string): { alias?: string[]; categories?: string[] } }).getCodex.call(
		{ resolvePath: (file: string) => file },
		`${source}.js`,
	);

/** The words users were seen to type, per node (issue 58). */
const TYPED: Record<string, string[]> = {
	storefrontAds: ['boost', 'promote', 'best post', 'ad', 'ads', 'campaign', 'audience', 'keyword'],
	storefrontCommerce: ['store', 'shop', 'page', 'landing page', 'menu', 'redirect', 'short link', 'metaobject', 'marketing activity', 'catalog'],
	storefrontWebhooks: ['webhook', 'delivery', 'redeliver'],
	storefrontTrigger: ['webhook', 'event', 'post published'],
};

describe.each(pkg.n8n.nodes.map((file) => [path.basename(file, '.node.js'), path.join(ROOT, file.replace(/^dist\//, '').replace(/\.js$/, ''))]))('%s', (_name, source) => {
	test('n8n reads its aliases: lower-case words, each once, none its own name', async () => {
		const { alias } = codexOf(source);
		const cls = ((await import(source)) as Record<string, new () => INodeType>)[path.basename(source, '.node')];
		const { description } = new cls();
		expect(alias?.length).toBeGreaterThan(0);
		expect(alias!.filter((word) => word !== word.toLowerCase() || !word.trim())).toEqual([]);
		expect(new Set(alias).size).toBe(alias!.length);
		expect(alias).not.toContain(description.displayName.toLowerCase());
		const typed = TYPED[description.name] ?? TYPED.storefrontTrigger;
		expect(typed.filter((word) => !alias!.includes(word))).toEqual([]);
		// an action node: every resource is found (its name without a qualifier, "keyword" of "Keyword (Searchnet)"), in a word of its own or in one
		// ("post" in "boost post"): the panel's search matches parts of words
		const resource = description.properties.find((p) => p.name === 'resource');
		const resources = ((resource?.options ?? []) as INodePropertyOptions[]).map((o) => o.name.replace(/ \(.*\)$/, '').toLowerCase());
		expect(resources.filter((word) => !alias!.some((a) => a.includes(word)))).toEqual([]);
	});
});
