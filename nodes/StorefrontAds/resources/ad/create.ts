import type { INodeProperties } from 'n8n-workflow';

import { bodyFrom, collection, operation, type OperationModule } from '../../../shared/descriptions';
import { adAccountLocator, budgetAndLists, commaList, connectionLocator, networkField } from '../common';
import { checkAdBeforeSending, createdOutput, idempotencyOption, sendIdempotencyKey, spendFields } from '../safety';

/** Create, messaging and call ads: one body (reference: Ads → create), plus `destination` or `phoneNumber`. */
type Kind = 'create' | 'messaging' | 'call';

const body = (property: string) => ({ send: { type: 'body' as const, property } });
const onlyFor = (...network: string[]) => ({ show: { network } });

const GOALS = ['awareness', 'app_promotion', 'conversions', 'engagement', 'leads', 'messages', 'traffic', 'video_views'];

export const spendNotice: INodeProperties = {
	displayName: 'An ACTIVE ad spends real money once the network approves it. Keep it Paused, or turn on Validate Only to check everything first.',
	name: 'spendNotice',
	type: 'notice',
	default: '',
};

/** Connection, ad account, budget and schedule: the start of every create and boost. */
export function accountAndBudget(networks?: string[]): INodeProperties[] {
	return [
		networkField(networks),
		connectionLocator('body', 'The connected ad network login to run the ad on (the list shows the chosen network only)'),
		adAccountLocator('body'),
		{
			displayName: 'Budget Amount',
			name: 'budgetAmount',
			type: 'number',
			required: true,
			typeOptions: { minValue: 0, numberPrecision: 2 },
			default: 0,
			description: "Whole units of the ad account's currency. Videonet needs at least 20 USD.",
			routing: body('budgetAmount'),
		},
		{
			displayName: 'Budget Type',
			name: 'budgetType',
			type: 'options',
			options: [
				{ name: 'Daily', value: 'daily' },
				{ name: 'Lifetime', value: 'lifetime', description: 'Total for the whole run; needs an End Date' },
			],
			default: 'daily',
			routing: body('budgetType'),
		},
		{
			displayName: 'End Date',
			name: 'endDate',
			type: 'dateTime',
			default: '',
			description: 'When the ad stops. Required for a lifetime budget; a daily-budget socialnet ad must run at least 24 hours.',
			routing: { send: { type: 'body', property: 'endDate', value: '={{ $value || undefined }}' } },
		},
		...spendFields,
		spendNotice,
	];
}

const creative: INodeProperties[] = [
	{
		displayName: 'Headline',
		name: 'headline',
		type: 'string',
		required: true,
		default: '',
		description: 'Chatnet: 3 to 50 characters',
		displayOptions: onlyFor('socialnet', 'searchnet', 'chatnet'),
		routing: body('headline'),
	},
	{
		displayName: 'Ad Text',
		name: 'body',
		type: 'string',
		required: true,
		typeOptions: { rows: 3 },
		default: '',
		description: 'The primary text. Microblog: the post, up to 280 characters. Chatnet: up to 100 characters.',
		displayOptions: onlyFor('socialnet', 'searchnet', 'microblog', 'chatnet'),
		routing: body('body'),
	},
	{
		displayName: 'Link URL',
		name: 'linkUrl',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'https://shop.example.com/summer',
		description: 'Where a click takes people',
		displayOptions: onlyFor('socialnet', 'searchnet', 'chatnet'),
		routing: body('linkUrl'),
	},
	{
		displayName: 'Image URL',
		name: 'imageUrl',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'https://cdn.example.com/summer.jpg or med_123',
		description: 'A public image URL or a media ID (med_…)',
		displayOptions: onlyFor('socialnet', 'chatnet'),
		routing: body('imageUrl'),
	},
	{
		displayName: 'Video URL',
		name: 'videoUrl',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'https://cdn.example.com/summer.mp4 or med_123',
		description: 'The video to run, as a public URL or a media ID (med_…)',
		displayOptions: onlyFor('videonet'),
		routing: body('imageUrl'),
	},
	{
		displayName: 'Call to Action',
		name: 'callToAction',
		type: 'options',
		required: true,
		options: ['BOOK_NOW', 'CONTACT_US', 'DOWNLOAD', 'GET_OFFER', 'LEARN_MORE', 'SHOP_NOW', 'SIGN_UP', 'SUBSCRIBE'].map((v) => ({
			name: v.replace(/_/g, ' ').toLowerCase().replace(/^./, (c) => c.toUpperCase()),
			value: v,
		})),
		default: 'LEARN_MORE',
		displayOptions: onlyFor('socialnet'),
		routing: body('callToAction'),
	},
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
		displayOptions: onlyFor('searchnet'),
		routing: body('campaignType'),
	},
	{
		displayName: 'Keywords',
		name: 'keywords',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'summer dress, linen dress',
		description: 'Comma-separated',
		displayOptions: onlyFor('searchnet'),
		routing: commaList('body', 'keywords'),
	},
	{
		displayName: 'Organization ID',
		name: 'organizationId',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'e.g. 2414183',
		description: 'The Company Page the ad runs as',
		displayOptions: onlyFor('pronet'),
		routing: body('organizationId'),
	},
	{
		displayName: 'Identity ID',
		name: 'identityId',
		type: 'string',
		required: true,
		default: '',
		description: 'The profile shown on the ad',
		displayOptions: onlyFor('videonet'),
		routing: body('identityId'),
	},
	{
		displayName: 'Identity Type',
		name: 'identityType',
		type: 'options',
		required: true,
		options: [
			{ name: 'Business Center Authorized Video Account', value: 'BC_AUTH_VIDEO' },
			{ name: 'Custom Identity', value: 'CUSTOMIZED_USER' },
			{ name: 'Video Account', value: 'VIDEO_USER' },
		],
		default: 'VIDEO_USER',
		displayOptions: onlyFor('videonet'),
		routing: body('identityType'),
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
		displayOptions: onlyFor('chatnet'),
		routing: body('countries'),
	},
];

const KIND_FIELDS: Record<Kind, INodeProperties[]> = {
	create: [],
	messaging: [
		{
			displayName: 'Destination',
			name: 'destination',
			type: 'string',
			required: true,
			default: '',
			placeholder: 'e.g. page_123 or a chat ID',
			description: 'The page or chat where conversations start',
			routing: body('destination'),
		},
	],
	call: [
		{
			displayName: 'Phone Number',
			name: 'phoneNumber',
			type: 'string',
			required: true,
			default: '',
			placeholder: '+15551234567',
			description: 'The number people call, in E.164 format (+, country code, digits)',
			routing: body('phoneNumber'),
		},
	],
};

const optionalFields = collection('Additional Fields', 'additionalFields', [
	{ displayName: 'Start Date', name: 'startDate', type: 'dateTime', default: '', description: 'When the ad starts (default: as soon as approved)' },
	{ displayName: 'Audience ID', name: 'audienceId', type: 'string', default: '', placeholder: 'aud_…', description: 'A saved audience to target' },
	{
		displayName: 'Countries',
		name: 'countries',
		type: 'string',
		default: '',
		placeholder: 'US, CA',
		description: 'Comma-separated ISO country codes',
		displayOptions: { hide: { '/network': ['chatnet'] } },
	},
	{
		displayName: 'Existing Campaign ID',
		name: 'existingCampaignId',
		type: 'string',
		default: '',
		description: 'Add the ad to this campaign instead of creating one (socialnet, searchnet)',
		displayOptions: { show: { '/network': ['socialnet', 'searchnet'] } },
	},
	{ displayName: 'Headline', name: 'headline', type: 'string', default: '', displayOptions: { show: { '/network': ['pronet', 'videonet', 'microblog'] } } },
	{ displayName: 'Ad Text', name: 'body', type: 'string', default: '', typeOptions: { rows: 3 }, displayOptions: { show: { '/network': ['pronet', 'videonet'] } } },
	{ displayName: 'Link URL', name: 'linkUrl', type: 'string', default: '', displayOptions: { show: { '/network': ['pronet', 'videonet', 'microblog'] } } },
	{ displayName: 'Image URL', name: 'imageUrl', type: 'string', default: '', displayOptions: { show: { '/network': ['pronet', 'microblog'] } } },
]);

export const optionsCollection = collection('Options', 'options', [idempotencyOption], 'Add Option');

const TITLES: Record<Kind, { value: string; name: string; action: string; description: string; url: string }> = {
	create: {
		value: 'create',
		name: 'Create',
		action: 'Create an ad',
		description: 'Create a campaign, ad set and ad in one call',
		url: '/v1/ads/create',
	},
	messaging: {
		value: 'createMessaging',
		name: 'Create Messaging Ad',
		action: 'Create a messaging ad',
		description: 'Create an ad that starts a conversation',
		url: '/v1/ads/messaging',
	},
	call: {
		value: 'createCall',
		name: 'Create Call Ad',
		action: 'Create a call ad',
		description: 'Create an ad that makes a phone call',
		url: '/v1/ads/call',
	},
};

export function createAdOperation(kind: Kind): OperationModule {
	const t = TITLES[kind];
	const goal = kind === 'messaging' ? 'messages' : 'traffic';
	return {
		option: operation({
			value: t.value,
			name: t.name,
			action: t.action,
			description: t.description,
			method: 'POST',
			url: t.url,
			preSend: [bodyFrom('additionalFields', budgetAndLists), checkAdBeforeSending, sendIdempotencyKey],
			postReceive: [createdOutput('ad')],
		}),
		properties: [
			...accountAndBudget(),
			{
				displayName: 'Campaign Name',
				name: 'name',
				type: 'string',
				required: true,
				default: '',
				routing: body('name'),
			},
			{
				displayName: 'Goal',
				name: 'goal',
				type: 'options',
				options: GOALS.map((g) => ({ name: g.replace(/_/g, ' ').replace(/^./, (c) => c.toUpperCase()), value: g })),
				default: goal,
				description: 'What the network optimizes for (not every goal exists on every network)',
				routing: body('goal'),
			},
			...creative,
			...KIND_FIELDS[kind],
			optionalFields,
			optionsCollection,
		],
	};
}
