import { NodeHelpers, type INodeParameters, type INodeProperties, type INodeTypeDescription } from 'n8n-workflow';

import { postIdOf } from '../../fake-api';
import { REQUIRED_ON_VALUE } from '../../nodes/shared/requiredOnValue';
import { nodeType } from '../../harness';
import { ACTION_NODES, type NodeName } from '../contract/reference/types';

/**
 * Every operation of the three action nodes, each with parameters that get it past the node's
 * own checks so that it calls the API: generated from the node descriptions (required and
 * shown fields filled by name), so a new operation is covered without editing this file.
 * `fillOperation` does it for one operation, with values of the caller's own where it has them
 * (the property test of money, money.ts, fills in the IDs of objects it seeded).
 */

const rl = (value: string) => ({ __rl: true, mode: 'id', value });
const ADS_ACCOUNT: Record<string, [string, string]> = {
	socialnet: ['acc_social1', 'act_1001'],
	searchnet: ['acc_search1', '123-456-7890'],
	pronet: ['acc_pro1', '501'],
	videonet: ['acc_video1', '7001'],
	microblog: ['acc_micro1', 'mb-18ce'],
	// not a connection of a fresh fake API: Connection → Connect Chatnet makes one (money.ts seeds it)
	chatnet: ['acc_chat1', 'cn-chat1'],
};

/** A plausible value for a field, by its name (and the values chosen so far); the contract suite sets an endpoint's fields with it where its area file says nothing (test/contract/reference/ways.ts). */
export function plausibleValue(p: INodeProperties, params: INodeParameters, node: string): unknown {
	const network = String(params.network ?? (['keyword', 'searchTerm', 'recommendation'].includes(String(params.resource)) ? 'searchnet' : 'socialnet'));
	const [account, adAccount] = ADS_ACCOUNT[network] ?? ADS_ACCOUNT.socialnet;
	const byName: Record<string, unknown> = {
		accountId: node === 'storefrontAds' ? rl(account) : 'store_hosted',
		adId: rl('ad_1'),
		audienceId: rl('aud_1'),
		campaignId: rl('cmp_1'),
		adAccountId: rl(adAccount),
		videonetAdAccountId: rl(adAccount),
		body: 'Light linen, 20% off',
		headline: 'Linen dresses',
		budgetAmount: 25,
		dailyBudget: 25,
		catalogAccountId: 'cat_acc_1',
		catalogId: 'catalog_1',
		channel: 'SOCIAL',
		searchCountries: 'US',
		chatnetCountries: ['US'],
		date: '2026-11-20',
		fromDate: '2026-11-01',
		toDate: '2026-11-07',
		videonetFromDate: '2026-11-01',
		videonetToDate: '2026-11-07',
		destination: 'dest_1',
		destinationId: 'dest_1',
		goal: 'traffic',
		handle: 'summer',
		identityId: 'identity_1',
		imageUrl: 'https://cdn.example.com/a.jpg',
		videoUrl: 'https://cdn.example.com/a.mp4',
		linkUrl: 'https://shop.example.com/summer',
		url: 'https://hooks.example.com/storefront',
		keywords: 'linen shirt',
		searchnetKeywords: 'linen shirt',
		name: 'Summer sale',
		audienceName: 'Buyers',
		organizationId: 'org_1',
		path: '/old-summer',
		target: '/pages/summer',
		phoneNumber: '+15551234567',
		postId: rl(postIdOf(account, 0)),
		q: 'linen',
		query: 'SELECT campaign.id FROM campaign',
		remoteId: 'remote_1',
		resourceNames: 'customers/1234567890/recommendations/1',
		status: 'ACTIVE',
		tactic: 'AD',
		title: 'Summer sale',
		campaignsJson: JSON.stringify([{ platformCampaignId: 'cmp_1', platform: 'meta' }]),
		peopleJson: JSON.stringify([{ email: 'ana@example.com' }]),
		eventsJson: JSON.stringify([{ eventName: 'Purchase', eventTime: '2026-11-20T10:00:00Z', user: { email: 'ana@example.com' }, value: 20, currency: 'USD' }]),
		itemsJson: JSON.stringify([{ title: 'Home', url: '/' }]),
	};
	if (p.name in byName) return byName[p.name];
	if (p.type === 'resourceLocator') return rl(`${p.name.replace(/Id$/, '')}_1`);
	if (p.type === 'number') return typeof p.default === 'number' && p.default > 0 ? p.default : 1;
	return 'value_1';
}

/** A UTC day `days` from today: the supply forecast needs a future window whenever the suite runs. */
const dayFromNow = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** What the name-based filling cannot guess: collections the node requires at least one entry of, seeds, future windows. */
const OVERRIDES: Record<string, INodeParameters> = {
	'storefrontCommerce metaobject.create': { fields: { field: [{ key: 'name', value: 'Ana' }] } },
	'storefrontCommerce metaobject.update': { fields: { field: [{ key: 'name', value: 'Ana' }] } },
	'storefrontCommerce page.update': { updateFields: { title: 'New title' } },
	'storefrontCommerce redirect.update': { updateFields: { target: '/pages/new' } },
	'storefrontAds ad.update': { updateFields: { name: 'Renamed' } },
	'storefrontAds adSet.update': { updateFields: { name: 'Renamed' } },
	'storefrontAds campaign.update': { updateFields: { name: 'Renamed' } },
	'storefrontAds audience.addUsers': { peopleInput: 'json' },
	'storefrontAds campaign.bulkSetStatus': { campaignsInput: 'json' },
	'storefrontAds conversion.send': { eventsInput: 'json' },
	'storefrontAds targeting.getBidPricing': { spec: { countries: 'US' } },
	'storefrontAds targeting.getSupplyForecast': { spec: { countries: 'US' }, fromDate: dayFromNow(7), toDate: dayFromNow(14) },
	'storefrontAds keyword.getIdeas': { seedKeywords: 'linen shirt' },
	'storefrontWebhooks webhook.update': { updateFields: { description: 'New description' } },
};

/** Credential fields an operation reads besides the API key (the ad network secrets are credential fields, not node ones). */
const CREDENTIAL_FIELDS: Record<string, OperationCase['credentials']> = {
	// a key the fake API rejects (400 invalid_credentials): the call is made, and connects nothing
	'storefrontAds connection.connectChatnet': { chatnetApiKey: 'chatnet-key-123' },
};

export interface OperationCase {
	node: NodeName;
	resource: string;
	operation: string;
	parameters: INodeParameters;
	/** To add to the test credential (harness `Credentials`): its other fields, where the operation reads one. */
	credentials: { chatnetApiKey?: string };
}

/** Each node's description, loaded once (a node type is built with all its operations' checks). */
const descriptions = new Map<string, INodeTypeDescription>();
function descriptionOf(node: NodeName): INodeTypeDescription {
	if (!descriptions.has(node)) descriptions.set(node, nodeType(node).description);
	return descriptions.get(node)!;
}

/** The resources and operations of a node, in the order its description lists them. */
export function operationsOf(node: NodeName): Array<{ resource: string; operation: string }> {
	const props = descriptionOf(node).properties;
	const resources = (props.find((p) => p.name === 'resource')!.options as Array<{ value: string }>).map((o) => o.value);
	return resources.flatMap((resource) => {
		const opProp = props.find((p) => p.name === 'operation' && p.displayOptions?.show?.resource?.includes(resource))!;
		return (opProp.options as Array<{ value: string }>).map(({ value }) => ({ resource, operation: String(value) }));
	});
}

export interface FilledOperation {
	parameters: INodeParameters;
	/** The node's properties the editor shows for these parameters (notices and hidden markers left out). */
	shown: INodeProperties[];
}

/**
 * Parameters that get one operation past the node's own checks: `preset` first (e.g. a network),
 * then every shown field that needs a value, from `values` (by field name) where it has one,
 * else a plausible one by name.
 */
export function fillOperation(node: NodeName, resource: string, operation: string, preset: INodeParameters = {}, values: Record<string, unknown> = {}): FilledOperation {
	const description = descriptionOf(node);
	const props = description.properties;
	const shows = (p: INodeProperties, parameters: INodeParameters) => NodeHelpers.displayParameter(parameters, p, { typeVersion: 1 }, description);
	const parameters: INodeParameters = { resource, operation, ...OVERRIDES[`${node} ${resource}.${operation}`], ...preset };
	// two passes: a field shown only after another one is set (e.g. per network) gets filled too
	for (let pass = 0; pass < 2; pass++) {
		for (const p of props) {
			if (p.name in parameters || ['notice', 'collection', 'fixedCollection'].includes(p.type)) continue;
			if (!shows(p, parameters)) continue;
			if (p.type === 'options' || p.type === 'boolean' || p.type === 'hidden' || (p.type === 'multiOptions' && p.name !== 'chatnetCountries')) parameters[p.name] = (p.type !== 'hidden' && p.name in values ? values[p.name] : p.default) as never;
			else if (p.required || REQUIRED_ON_VALUE.has(p) || p.type === 'resourceLocator' || p.type === 'json') parameters[p.name] = (p.name in values ? values[p.name] : plausibleValue(p, parameters, node)) as never;
			else if (p.name === 'returnAll') parameters.returnAll = false;
		}
	}
	const shown = props.filter((p) => p.type !== 'notice' && p.type !== 'hidden' && !['resource', 'operation'].includes(p.name) && shows(p, parameters));
	// oneDeclarationPerName's hidden markers are n8n's to fill in (their defaults), not a saved workflow's
	for (const p of props) if (p.type === 'hidden') delete parameters[p.name];
	return { parameters, shown };
}

/** The credential fields an operation reads besides the API key (harness `Credentials`). */
export const credentialFieldsOf = (node: string, resource: string, operation: string): OperationCase['credentials'] => CREDENTIAL_FIELDS[`${node} ${resource}.${operation}`] ?? {};

export function everyOperation(): OperationCase[] {
	return ACTION_NODES.flatMap((node) =>
		operationsOf(node).map(({ resource, operation }) => ({
			node,
			resource,
			operation,
			parameters: fillOperation(node, resource, operation).parameters,
			credentials: credentialFieldsOf(node, resource, operation),
		})),
	);
}
