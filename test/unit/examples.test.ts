import fs from 'node:fs';
import path from 'node:path';

import { StorefrontApi } from '../../credentials/StorefrontApi.credentials';
import { startFakeApi } from '../../fake-api';
import { DEMO, seedDemo } from '../../fake-api/demo';
import { editorCredentialName } from '../../harness/editorNames';
import { EXAMPLE_CREDENTIAL, EXAMPLE_PLACEHOLDERS, EXAMPLES_DIR, loadExamples } from '../../sandbox/setup';

/**
 * The example workflows as a user imports them into their own n8n (docs/examples.md): each says on
 * a sticky note what to set, and what they set is a placeholder, never an ID of the demo data; no
 * model chooses an ad's status. The sandbox fills the placeholders in at import (one mapping,
 * sandbox/setup.ts); test/e2e/sandbox/examples.ts runs them in a real n8n
 * (test/e2e/sandbox.e2e.test.ts).
 */

interface ExampleNode {
	name: string;
	type: string;
	parameters: Record<string, unknown>;
	credentials?: Record<string, unknown>;
}

const files = fs.readdirSync(EXAMPLES_DIR).filter((f) => f.endsWith('.json')).sort();
const read = (file: string) => JSON.parse(fs.readFileSync(path.join(EXAMPLES_DIR, file), 'utf8')) as { name: string; nodes: ExampleNode[] };
const isSticky = (n: ExampleNode) => n.type === 'n8n-nodes-base.stickyNote';
const PLACEHOLDER = /\bYOUR_[A-Z_]+\b/g;
const DEMO_VALUES = [DEMO.store, DEMO.pluginStore, DEMO.socialConnection, DEMO.socialAdAccount, DEMO.searchConnection, DEMO.campaign, DEMO.socialPixel, 'shop.example.com'];

test('there are eight examples', () => {
	expect(files).toHaveLength(8);
});

describe.each(files)('%s', (file) => {
	const example = read(file);
	const text = fs.readFileSync(path.join(EXAMPLES_DIR, file), 'utf8');
	const nodes = example.nodes.filter((n) => !isSticky(n));
	const notes = example.nodes.filter(isSticky).map((n) => String(n.parameters.content));
	const used = [...new Set(nodes.flatMap((n) => JSON.stringify(n.parameters).match(PLACEHOLDER) ?? []))];

	test('no ID of the demo data, in any node, tool description or note', () => {
		expect(DEMO_VALUES.filter((id) => text.includes(id))).toEqual([]);
	});

	test('a sticky note says what to set: each placeholder by name, and the credential', () => {
		expect(notes.length).toBeGreaterThanOrEqual(1);
		const said = notes.join('\n');
		expect(used.filter((p) => !said.includes(p))).toEqual([]);
		expect(said).toMatch(/Storefront API/);
		// in the Settings node when there is one: a user sets the IDs in one place
		if (example.nodes.some((n) => n.name === 'Settings')) expect(said).toContain('**Settings** node');
	});

	test('a note asks to replace a placeholder only "if you imported this file yourself": in the sandbox they are filled in', () => {
		// a list item or paragraph of a note is one block
		const blocks = notes.flatMap((note) => note.split(/\n+/));
		const unconditional = blocks.filter((block) => (block.match(PLACEHOLDER) ?? []).length > 0 && !block.includes('If you imported this file yourself'));
		expect(unconditional).toEqual([]);
	});

	test('every placeholder is one the sandbox fills in; once imported, none is left', () => {
		expect(used.filter((p) => !(p in EXAMPLE_PLACEHOLDERS))).toEqual([]);
		const imported = loadExamples('any').find((e) => e.file === file)!.workflow as { nodes: ExampleNode[] };
		const left = imported.nodes.filter((n) => !isSticky(n)).flatMap((n) => JSON.stringify(n.parameters).match(PLACEHOLDER) ?? []);
		expect(left).toEqual([]);
	});

	test('no credential ID of ours: every Storefront node names the credential n8n gives a user first ("Storefront account"), with no ID', () => {
		// the name n8n's editor proposes for a new credential of ours, from its display name
		expect(editorCredentialName(new StorefrontApi().displayName)).toBe(EXAMPLE_CREDENTIAL.name);
		const ours = nodes.filter((n) => n.type.startsWith('n8n-nodes-storefront.') || n.credentials?.storefrontApi);
		expect(ours.length).toBeGreaterThan(0);
		for (const n of ours) expect({ node: n.name, credentials: n.credentials }).toEqual({ node: n.name, credentials: { storefrontApi: EXAMPLE_CREDENTIAL } });
		expect(text).not.toMatch(/storefront-sandbox/);
	});

	test('the IDs a user sets sit in the Settings node; the other nodes read them from there', () => {
		const settings = nodes.find((n) => n.name === 'Settings');
		// the MCP Server Trigger runs each tool on its own: there the tools hold them (From list)
		if (!settings) {
			expect(nodes.some((n) => n.type === '@n8n/n8n-nodes-langchain.mcpTrigger')).toBe(true);
			return;
		}
		expect(settings.type).toBe('n8n-nodes-base.set');
		const others = nodes.filter((n) => n !== settings).map((n) => JSON.stringify(n.parameters));
		expect(others.flatMap((p) => p.match(PLACEHOLDER) ?? [])).toEqual([]);
		expect(others.some((p) => p.includes("$('Settings').first().json."))).toBe(true);
	});

	test('no model chooses what an ad is created as or set to: Status is fixed PAUSED on every boost and create', () => {
		for (const n of nodes.filter((n) => n.type.startsWith('n8n-nodes-storefront.'))) {
			const p = n.parameters;
			expect({ node: n.name, status: JSON.stringify(p.status ?? '') }).not.toEqual({ node: n.name, status: expect.stringContaining('$fromAI') });
			if (p.resource === 'ad' && ['boost', 'create', 'createMessaging', 'createCall'].includes(String(p.operation))) expect({ node: n.name, status: p.status }).toEqual({ node: n.name, status: 'PAUSED' });
			expect(['setStatus', 'bulkSetStatus'].includes(String(p.operation)) && JSON.stringify(p).includes('$fromAI')).toBe(false);
		}
	});
});

test('the daily figures example records the landing page\'s own campaign: the demo campaign it reads is the "Summer sale" one', async () => {
	const api = await startFakeApi();
	try {
		await seedDemo(api);
		expect(EXAMPLE_PLACEHOLDERS.YOUR_CAMPAIGN_ID).toBe(DEMO.campaign);
		expect(api.ads.campaigns.get(DEMO.campaign)?.campaignName).toBe('Summer sale');
	} finally {
		await api.close();
	}
	const landing = read('landing-page-with-redirect.json').nodes.find((n) => n.name === 'Settings')!;
	expect(JSON.stringify(landing.parameters)).toContain('"name":"pageTitle","value":"Summer sale"');
	const daily = read('landing-page-daily-figures.json').nodes.find((n) => n.name === 'Settings')!;
	expect(JSON.stringify(daily.parameters)).toContain('"name":"activityId","value":"landing-summer-sale"');
	const recorded = read('landing-page-with-redirect.json').nodes.find((n) => n.name === 'Record the marketing activity')!;
	expect(recorded.parameters.remoteId).toBe('landing-summer-sale');
});
