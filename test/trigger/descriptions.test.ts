import fs from 'node:fs';
import path from 'node:path';

import type { INodeProperties, INodeType, TriggerPanelDefinition } from 'n8n-workflow';

import { ADS_EVENTS, ALL_EVENTS, EVENT_OPTIONS, TEST_EVENT } from '../../nodes/shared/events';

/**
 * What the editor shows of the trigger types, read from the classes package.json lists (issue 68,
 * items 2 and 3): n8n's trigger panel on each, every field explained in a line of plain words, docs
 * links that survive the tracking n8n appends, and each type offering only its own events.
 */

const ROOT = path.join(__dirname, '..', '..');
const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8'));

async function loadAll(): Promise<INodeType[]> {
	return await Promise.all(
		(pkg.n8n.nodes as string[]).map(async (file) => {
			const source = path.join(ROOT, file.replace(/^dist\//, '').replace(/\.js$/, ''));
			const cls = ((await import(source)) as Record<string, new () => INodeType>)[path.basename(source, '.node')];
			return new cls();
		}),
	);
}

let triggers: INodeType[];
beforeAll(async () => {
	triggers = (await loadAll()).filter((t) => t.description.group.includes('trigger'));
});

const words = (text: string) => text.replace(/<[^>]+>/g, ' ').split(/\s+/).filter(Boolean).length;
const byName = (name: string) => triggers.find((t) => t.description.name === name)!.description;

/** Every text of the panel and the fields a user reads, with where it is. */
function texts(t: INodeType): Array<[string, string]> {
	const found: Array<[string, string]> = [];
	const panel = t.description.triggerPanel as TriggerPanelDefinition;
	for (const [key, value] of Object.entries(panel)) {
		if (typeof value === 'string') found.push([`triggerPanel.${key}`, value]);
		else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) found.push([`triggerPanel.${key}.${k}`, v as string]);
	}
	const walk = (props: INodeProperties[], where: string) => {
		for (const p of props) {
			if (p.type === 'notice') found.push([`${where}${p.name}`, p.displayName]);
			if (p.description) found.push([`${where}${p.name}`, p.description]);
			for (const o of (p.options ?? []) as Array<{ name?: string; displayName?: string; description?: string; options?: unknown }>) {
				if ('displayName' in o) walk([o as INodeProperties], `${where}${p.name}.`);
				else if (o.description) found.push([`${where}${p.name}: ${o.name}`, o.description]);
			}
		}
	};
	walk(t.description.properties, '');
	return found;
}

test('every trigger type declares n8n\'s trigger panel: a header, and what to do before and after publishing', () => {
	expect(triggers.map((t) => t.description.name).sort()).toEqual(['storefrontAdsTrigger', 'storefrontCommerceTrigger', 'storefrontTrigger', 'storefrontWebhooksTrigger']);
	for (const t of triggers) {
		const panel = t.description.triggerPanel as TriggerPanelDefinition;
		expect(typeof panel.header).toBe('string');
		for (const key of ['executionsHelp', 'activationHint'] as const) {
			const value = panel[key] as { active: string; inactive: string };
			expect(Object.keys(value).sort()).toEqual(['active', 'inactive']);
		}
		// how to get a test event without leaving the editor: the trigger asks for one when listening starts
		// n8n's panel button is "Execute step" (n8n 1.123.81 and 2.41.1)
		expect((panel.executionsHelp as { inactive: string }).inactive).toContain("click 'Execute step'");
		expect((panel.activationHint as { inactive: string }).inactive).toContain('Send Test Event on Listen');
		// and the executions list link n8n's panel handles
		expect((panel.executionsHelp as { inactive: string }).inactive).toContain('data-key="executions"');
	}
});

test('the Send Test Event on Listen option, on by default, is where the panel says', () => {
	for (const t of triggers) {
		const options = t.description.properties.find((p) => p.name === 'options')!.options as INodeProperties[];
		expect(options.find((o) => o.displayName === 'Send Test Event on Listen')).toMatchObject({ name: 'sendTestEvent', type: 'boolean', default: true });
	}
});

test('every option and field is explained in a line of plain words: within 60 words, no status numbers, header names or hashing terms', () => {
	for (const t of triggers) {
		for (const [where, text] of texts(t)) {
			const at = `${t.description.name} ${where}: ${text}`;
			expect(words(text) <= 60 ? at : `${at} (${words(text)} words)`).toBe(at);
			expect(/\b[1-5]\d\d\b|HMAC|SHA-?256|\bhex\b|X-[A-Z]|\bPOST\b|\.md\b/.test(text) ? `API words in ${at}` : at).toBe(at);
		}
	}
	// each field and each of Acknowledge's choices has its line
	const acknowledge = byName('storefrontTrigger').properties.find((p) => p.name === 'acknowledge')!;
	expect((acknowledge.options as Array<{ description?: string }>).every((o) => (o.description ?? '').length > 20)).toBe(true);
	for (const option of byName('storefrontTrigger').properties.find((p) => p.name === 'options')!.options as INodeProperties[]) expect(option.description).toBeTruthy();
});

test('docs links survive n8n\'s tracking suffix: no codex URL or documentationUrl in nodes/ or credentials/ ends in an #anchor', () => {
	const files = (dir: string): string[] =>
		fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? files(path.join(dir, e.name)) : [path.join(dir, e.name)]));
	const urls = [...files(path.join(ROOT, 'nodes')), ...files(path.join(ROOT, 'credentials'))].flatMap((file) => {
		const text = fs.readFileSync(file, 'utf8');
		const found = file.endsWith('.json') ? [...text.matchAll(/"url":\s*"([^"]+)"/g)] : [...text.matchAll(/documentationUrl\s*[:=]\s*'([^']+)'/g)];
		return found.map((m) => ({ file: path.relative(ROOT, file), url: m[1] }));
	});
	expect(urls.length).toBeGreaterThan(0);
	expect(urls.filter((u) => u.url.includes('#'))).toEqual([]);
	// the triggers' docs are the trigger's own page
	for (const t of triggers) {
		const codex = JSON.parse(fs.readFileSync(path.join(ROOT, 'nodes', ...codexPath(t.description.name)), 'utf8'));
		expect(codex.resources.primaryDocumentation[0].url).toMatch(/\/docs\/trigger\.md$/);
	}
});

const codexPath = (name: string) => {
	const file = `${name.charAt(0).toUpperCase()}${name.slice(1)}`;
	return name === 'storefrontTrigger' ? ['StorefrontTrigger', `${file}.node.json`] : [file.replace(/Trigger$/, ''), `${file}.node.json`];
};

test('each trigger type offers only its events, and the node creator lists those under its card', () => {
	const offered = (name: string) => (byName(name).properties.find((p) => p.name === 'events')!.options as Array<{ value: string }>).map((o) => o.value);
	const every = EVENT_OPTIONS.map((o) => o.value as string);
	expect(offered('storefrontTrigger')).toEqual([ALL_EVENTS, ...every]);
	expect(offered('storefrontWebhooksTrigger')).toEqual([ALL_EVENTS, ...every]);
	expect(offered('storefrontAdsTrigger').sort()).toEqual([ALL_EVENTS, ...ADS_EVENTS].sort());
	expect(offered('storefrontAdsTrigger')).not.toContain(TEST_EVENT);
	// hidden: no card lists it, saved workflows still load it
	expect(byName('storefrontCommerceTrigger').hidden).toBe(true);
	expect(triggers.filter((t) => t.description.hidden).map((t) => t.description.name)).toEqual(['storefrontCommerceTrigger']);
	// the words on the card: n8n names each trigger "On <option name>" (All Events included)
	const allOption = (name: string) => (byName(name).properties.find((p) => p.name === 'events')!.options as Array<{ value: string; name: string }>).find((o) => o.value === ALL_EVENTS)!.name;
	expect(allOption('storefrontAdsTrigger')).toBe('All Ads Events');
	expect(allOption('storefrontTrigger')).toBe('All Events');
});

test('each trigger describes its events, not an action node', () => {
	for (const t of triggers) {
		expect(t.description.description).toMatch(/^Starts the workflow /);
		expect(t.description.description).not.toMatch(/pages|menus|redirects|campaigns|insights|register webhook/i);
	}
	expect(byName('storefrontAdsTrigger').description).toMatch(/post is published/);
	expect(byName('storefrontAdsTrigger').description).not.toMatch(/message|comment/i);
});
