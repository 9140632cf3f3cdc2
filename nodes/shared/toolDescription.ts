import type { IExecuteSingleFunctions, INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import { withActionNames } from './actionNames';
import { locatorSpec } from './params';

/**
 * What a model reads about the node as a tool (AI Agent, MCP Server Trigger). n8n 2.41.1 writes
 * "<operation's action> in <node name>" (NodeHelpers.getToolDescriptionForNode), unless the node
 * has a parameter named `toolDescription`: then n8n adds none of its own (convertNodeToAiTool) and
 * uses its value, an expression resolved at each call. So every node declares one, shown only on
 * the tool variant (`@tool`), whose default looks the chosen operation up, as the subtitle does:
 * what it does, where each ID comes from, and for spending operations what the call will create
 * and that the credential's spending caps may refuse it.
 * Nothing evaluates it outside tool runs; the user may overwrite it.
 */

/** Whether the node runs as an AI tool: n8n runs it under a type of its own, the node's type name with `Tool` appended. */
export const runsAsTool = (ctx: IExecuteSingleFunctions) => ctx.getNode().type.endsWith('Tool');

/** Said of operations that create something that spends (the ones with Validate Only), by how they are set. */
const SPENDING = {
	check:
		"Validate Only is on: it only checks the request (required fields, budget, dates, the network's limits) and returns the checks; it creates nothing and charges nothing.",
	active: 'It is created ACTIVE: it spends real money as soon as the network approves it.',
	paused: 'It is created PAUSED: nothing is spent until someone activates it.',
	either:
		'It is created PAUSED unless Status is ACTIVE (ACTIVE spends real money once the network approves it); with Validate Only on it only checks the request and creates nothing.',
};

/**
 * A sentence a node adds, last, to the description of some of its operations (Ads: the
 * credential's spending caps, StorefrontAds helpers/spends.ts `spendCapsNote`).
 */
export interface OperationNote {
	/** Whether the operation gets it, from its option (operation.ts `preSendActions` gives its checks). */
	applies: (option: INodePropertyOptions) => boolean;
	text: string;
}

const sentence = (text: string) => (/[.!?]$/.test(text.trim()) ? text.trim() : `${text.trim()}.`);

/** The description of one operation, without the spending part. */
function describe(node: string, option: INodePropertyOptions, shown: INodeProperties[]): string {
	// the operation's locators, then the optional ones of its collections (e.g. Options → Ad Account)
	const optional = shown.filter((p) => p.type === 'collection').flatMap((c) => (c.options as INodeProperties[]).map((o) => ({ ...o, within: c.displayName })));
	const ids = [...shown, ...optional]
		.filter((p) => p.type === 'resourceLocator')
		.map((p) => {
			const spec = locatorSpec(node, p.name);
			// the load-time net under the node's explicit list: a locator it left out would have no ID check
			if (!spec) throw new Error(`${node}: locator "${p.name}" is not registered (registerLocators in the node file)`);
			const example = spec.placeholder.replace(/^e\.g\. /, '');
			const notes = [example && `e.g. ${example}`, 'within' in p && `optional, in ${p.within}`].filter(Boolean).join(', ');
			return `${p.displayName} ID${notes ? ` (${notes})` : ''}${spec.listedBy ? ` from ${withActionNames(spec.listedBy)}` : ''}`;
		});
	return [sentence(option.action ?? option.name), sentence(option.description ?? ''), ids.length ? sentence(`IDs: ${ids.join('; ')}`) : '']
		.filter((t) => t && t !== '.')
		.join(' ');
}

/** The `toolDescription` parameter of node `node` (`storefrontAds`), from its plain properties (assembly.ts), with the node's `note` if it has one. */
export function toolDescriptionField(node: string, properties: INodeProperties[], note?: OperationNote): INodeProperties {
	const base: Record<string, string> = {};
	const spending: string[] = [];
	const noted: string[] = [];
	const resources = (properties.find((p) => p.name === 'resource')?.options ?? []) as INodePropertyOptions[];
	for (const selector of properties.filter((p) => p.name === 'operation')) {
		for (const resource of selector.displayOptions!.show!.resource as string[]) {
			for (const option of selector.options as INodePropertyOptions[]) {
				const shown = properties.filter((p) => {
					const show = p.displayOptions?.show as { resource?: string[]; operation?: string[] } | undefined;
					return p.name !== 'operation' && show?.resource?.includes(resource) && (!show.operation || show.operation.includes(String(option.value)));
				});
				const key = `${resource}:${String(option.value)}`;
				base[key] = describe(node, option, shown);
				if (shown.some((p) => p.name === 'validateOnly')) spending.push(key);
				if (note?.applies(option)) noted.push(key);
			}
		}
	}
	const key = '$parameter["resource"] + ":" + $parameter["operation"]';
	// Validate Only and Status as set: a model-set value (an expression) reads as "either"
	const how =
		'($parameter["validateOnly"] === true ? "check" : $parameter["validateOnly"] ? "either" : $parameter["status"] === "ACTIVE" ? "active" : $parameter["status"] === "PAUSED" ? "paused" : "either")';
	const spend = `(${JSON.stringify(spending)}.includes(${key}) ? " " + ${JSON.stringify(SPENDING)}[${how}] : "")`;
	const last = note ? ` + (${JSON.stringify(noted)}.includes(${key}) ? ${JSON.stringify(` ${note.text}`)} : "")` : '';
	return {
		displayName: 'Description',
		name: 'toolDescription',
		type: 'string',
		typeOptions: { rows: 3 },
		default: `={{ ${JSON.stringify(base)}[${key}] + ${spend}${last} }}`,
		description: 'What the model reads about this tool. The default describes the chosen operation, where its IDs come from and, for ads, whether it spends.',
		displayOptions: { show: { resource: resources.map((r) => String(r.value)), '@tool': [true] } },
	};
}
