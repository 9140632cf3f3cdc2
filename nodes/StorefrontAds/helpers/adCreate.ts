import type { IDataObject, IExecuteSingleFunctions, IHttpRequestOptions, INodeProperties } from 'n8n-workflow';

import { collection } from '../../shared/fields';
import { operation, type OperationModule } from '../../shared/operation';
import { param } from '../../shared/params';
import { checkAdBeforeSending } from './adChecks';
import { codesList, keywordsField, linesList } from './lists';
import { NETWORKS, networkOptions, type NetworkFacts } from './networks';
import { createdOutput, optionsCollection, sendIdempotencyKey, spendSend, validateOnlyField } from './spendSafety';

/**
 * Create, messaging and call ads: one body (reference: POST /v1/ads/create), plus `destination`
 * or `phoneNumber`. Every body field is offered on every network the reference allows it for:
 * required creative fields as top-level fields on the networks that need them, optional ones
 * under Additional Fields on the others (both read from the NETWORKS table).
 */
export type Kind = 'create' | 'messaging' | 'call';

/** The shared part of create and boost: what the user decides first (fix order: network, where, how much). */
export const SPEND_USES = ['accountId', 'adAccountId', 'budgetAmount', 'budgetType', 'endDate', 'status'];

export function networkField(fact?: keyof NetworkFacts): INodeProperties {
	return {
		displayName: 'Network',
		name: 'network',
		type: 'options',
		required: true,
		options: networkOptions(fact),
		default: 'socialnet',
		description: 'The ad network. Only the fields it needs are shown.',
	};
}

export const spendNotice: INodeProperties = {
	displayName: 'An ACTIVE ad spends real money once the network approves it. Keep it Paused, or turn on Validate Only to check everything first.',
	name: 'spendNotice',
	type: 'notice',
	default: '',
};

const requiredOn = (field: string) => Object.keys(NETWORKS).filter((n) => NETWORKS[n].requiredCreative.includes(field));
const CREATIVE = ['headline', 'body', 'linkUrl', 'imageUrl', 'callToAction'];
const CALLS_TO_ACTION = ['BOOK_NOW', 'CONTACT_US', 'DOWNLOAD', 'GET_OFFER', 'LEARN_MORE', 'SHOP_NOW', 'SIGN_UP', 'SUBSCRIBE'].map((v) => ({
	name: v.replace(/_/g, ' ').toLowerCase().replace(/^./, (c) => c.toUpperCase()),
	value: v,
}));
const GOALS = ['awareness', 'app_promotion', 'catalog_sales', 'conversions', 'engagement', 'leads', 'messages', 'traffic', 'video_views'];

const CREATIVE_FIELDS: Record<string, Omit<INodeProperties, 'name' | 'default'>> = {
	headline: { displayName: 'Headline', type: 'string', description: 'Chatnet: 3 to 50 characters' },
	body: { displayName: 'Ad Text', type: 'string', typeOptions: { rows: 3 }, description: 'The primary text. Microblog: the post, up to 280 characters. Chatnet: up to 100 characters.' },
	linkUrl: { displayName: 'Link URL', type: 'string', placeholder: 'https://shop.example.com/summer', description: 'Where a click takes people' },
	imageUrl: { displayName: 'Image URL', type: 'string', placeholder: 'https://cdn.example.com/summer.jpg or med_123', description: 'A public image URL or a media ID (med_…)' },
	callToAction: { displayName: 'Call to Action', type: 'options', options: CALLS_TO_ACTION },
};
const creativeDefault = (field: string) => (field === 'callToAction' ? 'LEARN_MORE' : '');

/** Videonet's video goes as imageUrl; the other creative fields are top-level where required. */
const topCreative: INodeProperties[] = CREATIVE.filter((f) => requiredOn(f).length && f !== 'imageUrl')
	.map((f) => ({ ...CREATIVE_FIELDS[f], name: f, default: creativeDefault(f), required: true, displayOptions: { show: { network: requiredOn(f) } } }) as INodeProperties)
	.concat([
		{ ...CREATIVE_FIELDS.imageUrl, name: 'imageUrl', default: '', required: true, displayOptions: { show: { network: requiredOn('imageUrl').filter((n) => n !== 'videonet') } } } as INodeProperties,
		{
			displayName: 'Video URL',
			name: 'videoUrl',
			type: 'string',
			required: true,
			default: '',
			placeholder: 'https://cdn.example.com/summer.mp4 or med_123',
			description: 'The video to run, as a public URL or a media ID (med_…)',
			displayOptions: { show: { network: ['videonet'] } },
		},
	]);

/**
 * The creative texts and ids create, messaging and call ads share: node-wide shared fields (one
 * property per name, so a mapped headline costs 3 evaluations per item, not 7); callToAction
 * (a menu) stays each operation's own.
 */
const SHARED_CREATIVE = ['headline', 'body', 'linkUrl', 'imageUrl', 'videoUrl', 'organizationId', 'identityId'];

const networkFields: INodeProperties[] = [
	{
		displayName: 'Campaign Type',
		name: 'campaignType',
		type: 'options',
		required: true,
		options: [
			{ name: 'Demand Gen', value: 'demand_gen' },
			{ name: 'Display', value: 'display' },
			{ name: 'Performance Max', value: 'pmax', description: 'Also runs the network’s own dry run on Validate Only' },
			{ name: 'Search', value: 'search' },
		],
		default: 'search',
		displayOptions: { show: { network: ['searchnet'] } },
	},
	{ ...keywordsField, displayOptions: { show: { network: ['searchnet'] } } },
	{
		displayName: 'Organization ID',
		name: 'organizationId',
		type: 'string',
		default: '',
		placeholder: 'e.g. 2414183',
		description: 'The Company Page the ad runs as',
		hint: 'Optional: without it the API runs the ad without a Company Page (as the connected member account)',
		displayOptions: { show: { network: ['pronet'] } },
	},
	{
		displayName: 'Identity ID',
		name: 'identityId',
		type: 'string',
		default: '',
		description: 'The profile shown on the ad',
		hint: 'Optional: without it the API uses the ad account’s default identity',
		displayOptions: { show: { network: ['videonet'] } },
	},
	{
		displayName: 'Identity Type',
		name: 'identityType',
		type: 'options',
		options: [
			{ name: 'Business Center Authorized Video Account', value: 'BC_AUTH_VIDEO' },
			{ name: 'Custom Identity', value: 'CUSTOMIZED_USER' },
			{ name: 'Video Account', value: 'VIDEO_USER' },
		],
		default: 'VIDEO_USER',
		description: 'Sent with Identity ID',
		displayOptions: { show: { network: ['videonet'] } },
	},
	{
		displayName: 'Countries',
		name: 'countries',
		type: 'multiOptions',
		required: true,
		options: [
			{ name: 'Australia', value: 'AU' },
			{ name: 'Canada', value: 'CA' },
			{ name: 'New Zealand', value: 'NZ' },
			{ name: 'United States', value: 'US' },
		],
		default: ['US'],
		description: 'Chatnet targets countries only, and shows ads in these four',
		displayOptions: { show: { network: ['chatnet'] } },
	},
];

const creativeFields = [...topCreative, ...networkFields];
export const adCreativeFields = creativeFields.filter((f) => SHARED_CREATIVE.includes(f.name));
const ownCreativeFields = creativeFields.filter((f) => !SHARED_CREATIVE.includes(f.name));

const KIND_FIELDS: Record<Kind, INodeProperties[]> = {
	create: [],
	messaging: [
		{ displayName: 'Destination', name: 'destination', type: 'string', required: true, default: '', placeholder: 'e.g. page_123 or a chat ID', description: 'The page or chat where conversations start' },
	],
	call: [
		{ displayName: 'Phone Number', name: 'phoneNumber', type: 'string', required: true, default: '', placeholder: '+15551234567', description: 'The number people call, in E.164 format (+, country code, digits)' },
	],
};

const optionalFields = collection('Additional Fields', 'additionalFields', [
	{ displayName: 'Start Date', name: 'startDate', type: 'dateTime', default: '', description: 'When the ad starts (default: as soon as approved)' },
	{
		displayName: 'Audience ID',
		name: 'audienceId',
		type: 'string',
		default: '',
		placeholder: 'aud_…',
		description: 'A saved audience to target',
		displayOptions: { show: { '/network': Object.keys(NETWORKS).filter((n) => NETWORKS[n].audiences) } },
	},
	{
		displayName: 'Countries',
		name: 'countries',
		type: 'string',
		default: '',
		placeholder: 'US, CA',
		description: 'ISO country codes, comma-separated or one per line',
		displayOptions: { hide: { '/network': ['chatnet'] } },
	},
	{
		displayName: 'Existing Campaign ID',
		name: 'existingCampaignId',
		type: 'string',
		default: '',
		description: 'Add the ad to this campaign instead of creating one (socialnet, searchnet)',
		displayOptions: { show: { '/network': Object.keys(NETWORKS).filter((n) => NETWORKS[n].existingCampaign) } },
	},
	// the creative fields a network does not require, offered as optional
	...CREATIVE.map(
		(f) =>
			({
				...CREATIVE_FIELDS[f],
				name: f,
				default: creativeDefault(f),
				displayOptions: { hide: { '/network': f === 'imageUrl' ? [...requiredOn(f), 'videonet'] : requiredOn(f) } },
			}) as INodeProperties,
	),
]);

const TOP_LEVEL = [...CREATIVE, 'campaignType', 'keywords', 'organizationId', 'identityId', 'identityType', 'countries'];
const ONLY_ON: Record<string, string[]> = { campaignType: ['searchnet'], keywords: ['searchnet'], organizationId: ['pronet'], identityId: ['videonet'], identityType: ['videonet'], countries: ['chatnet'] };

/** The body fields of the chosen network: top-level ones it shows, then Additional Fields (lists as lists). */
async function adBody(this: IExecuteSingleFunctions, request: IHttpRequestOptions) {
	const network = param<string>(this, 'network', '');
	const body = { ...(request.body as IDataObject) };
	const shownOn = (f: string) => (ONLY_ON[f] ?? requiredOn(f)).includes(network);
	for (const f of TOP_LEVEL) {
		if (!shownOn(f) || (f === 'imageUrl' && network === 'videonet')) continue;
		const value = param(this, f, undefined);
		if (value !== undefined && value !== '') body[f] = value;
	}
	if (network === 'videonet') body.imageUrl = param(this, 'videoUrl', '');
	if (network !== 'videonet' || !body.identityId) delete body.identityType;
	if (body.keywords !== undefined) body.keywords = linesList(body.keywords);
	for (const [key, value] of Object.entries(param<IDataObject>(this, 'additionalFields', {}))) {
		if (value === undefined || value === '') continue;
		body[key] = key === 'countries' ? codesList(value) : value;
	}
	request.body = body;
	return request;
}

const TITLES: Record<Kind, { value: string; name: string; action: string; description: string; path: string }> = {
	create: { value: 'create', name: 'Create', action: 'Create an ad', description: 'Create a campaign, ad set and ad in one call', path: '/v1/ads/create' },
	messaging: { value: 'createMessaging', name: 'Create Messaging Ad', action: 'Create a messaging ad', description: 'Create an ad that starts a conversation', path: '/v1/ads/messaging' },
	call: { value: 'createCall', name: 'Create Call Ad', action: 'Create a call ad', description: 'Create an ad that makes a phone call', path: '/v1/ads/call' },
};

export const spendTail = (validateOnly: string): INodeProperties[] => [validateOnlyField(validateOnly), spendNotice, optionsCollection];

export const spendSendAll = {
	accountId: { in: 'body', locator: true },
	adAccountId: { in: 'body', locator: true },
	budgetAmount: 'body',
	budgetType: 'body',
	// blank (e.g. a model's empty answer) stays unsent: End Date is optional
	endDate: { in: 'body', optional: true, map: (value: unknown) => (typeof value === 'string' ? value.trim() : value) },
	...spendSend,
} as const;

/** The goals the reference names (not every network takes every goal); an expression can give another. */
export const goalOptions = GOALS.map((g) => ({ name: g.replace(/_/g, ' ').replace(/^./, (c) => c.toUpperCase()), value: g }));

const goalField: INodeProperties = {
	displayName: 'Goal',
	name: 'goal',
	type: 'options',
	options: goalOptions,
	default: 'traffic',
	description: 'What the network optimizes for (not every goal exists on every network; catalog sales is for catalog ads)',
};

export function createAd(kind: Kind): Required<Omit<OperationModule, 'option'>> & { option: OperationModule['option'] } {
	const t = TITLES[kind];
	return {
		option: operation({
			...t,
			method: 'POST',
			send: { ...spendSendAll, name: 'body', goal: 'body', ...Object.fromEntries(KIND_FIELDS[kind].map((f) => [f.name, 'body' as const])) },
			preSend: [adBody, checkAdBeforeSending(), sendIdempotencyKey],
			postReceive: [createdOutput('ad')],
		}),
		leading: [networkField()],
		uses: [...SPEND_USES, 'name', ...SHARED_CREATIVE],
		properties: [
			kind === 'messaging' ? { ...goalField, default: 'messages' } : goalField,
			...KIND_FIELDS[kind],
			...ownCreativeFields,
			optionalFields,
			...spendTail('Whether to only run the checks (required fields, budget, dates, the network’s limits and, where it has one, the network’s own dry run) and return them, creating and charging nothing'),
		],
	};
}

