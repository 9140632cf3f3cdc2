import type { IDataObject, IExecuteSingleFunctions, IHttpRequestOptions, INodeProperties } from 'n8n-workflow';

import { collection, field, type Field } from '../../shared/fieldBuilders';
import { inRequestFor } from '../../shared/operation';
import { reading } from '../../shared/reads';
import { codesList, copyFilled, linesList, withPlainIds } from '../../shared/requestActions';
import { keywords, name } from './adsFields';
import { audienceOption, existingCampaignId, identityId, organizationId, renamedField } from './adsLocators';
import { NETWORKS } from './networks';
import { checkAdThenOwnKey, spendFields, spendInRequest, spendTail } from './spendRequest';
import { optionsOf } from '../../shared/optionName';

/**
 * The fields and body of the create, messaging and call ads (their operation files state the
 * endpoint): one body, plus `destination`
 * or `phoneNumber`. Every body field is offered on every network the reference allows it for:
 * required creative fields as top-level fields on the networks that need them, optional ones
 * under Additional Fields on the others (both read from the NETWORKS table).
 */
export type Kind = 'create' | 'messaging' | 'call';

const requiredOn = (name: string) => Object.keys(NETWORKS).filter((n) => NETWORKS[n].requiredCreative.includes(name));
const CREATIVE = ['headline', 'body', 'linkUrl', 'imageUrl', 'callToAction'] as const;
type Creative = (typeof CREATIVE)[number];
const CALLS_TO_ACTION = optionsOf(['BOOK_NOW', 'CONTACT_US', 'DOWNLOAD', 'GET_OFFER', 'LEARN_MORE', 'SHOP_NOW', 'SIGN_UP', 'SUBSCRIBE']);
const GOALS = ['awareness', 'app_promotion', 'catalog_sales', 'conversions', 'engagement', 'leads', 'messages', 'traffic', 'video_views'];

const CREATIVE_FIELDS: Record<Creative, Omit<INodeProperties, 'name' | 'default'>> = {
	headline: { displayName: 'Headline', type: 'string', description: 'Chatnet: 3 to 50 characters' },
	body: { displayName: 'Ad Text', type: 'string', typeOptions: { rows: 3 }, description: 'The primary text. Microblog: the post, up to 280 characters. Chatnet: up to 100 characters.' },
	linkUrl: { displayName: 'Link URL', type: 'string', placeholder: 'e.g. https://shop.example.com/summer', description: 'Where a click takes people' },
	imageUrl: { displayName: 'Image URL', type: 'string', placeholder: 'e.g. https://cdn.example.com/summer.jpg or med_123', description: 'A public image URL or a media ID (med_…)' },
	callToAction: { displayName: 'Call to Action', type: 'options', options: CALLS_TO_ACTION },
};
const creativeDefault = (name: string) => (name === 'callToAction' ? 'LEARN_MORE' : '');

/** Videonet's video goes as imageUrl; the other creative fields are top-level where required. */
const topCreative: Array<Field<Creative | 'videoUrl'>> = CREATIVE.filter((f) => requiredOn(f).length && f !== 'imageUrl')
	.map((f) => ({ ...CREATIVE_FIELDS[f], name: f, default: creativeDefault(f), required: true, displayOptions: { show: { network: requiredOn(f) } } }) as Field<Creative | 'videoUrl'>)
	.concat([
		{ ...CREATIVE_FIELDS.imageUrl, name: 'imageUrl', default: '', required: true, displayOptions: { show: { network: requiredOn('imageUrl').filter((n) => n !== 'videonet') } } } as Field<'imageUrl'>,
		field({
			displayName: 'Video URL',
			name: 'videoUrl',
			type: 'string',
			required: true,
			default: '',
			placeholder: 'e.g. https://cdn.example.com/summer.mp4 or med_123',
			description: 'The video to run, as a public URL or a media ID (med_…)',
			displayOptions: { show: { network: ['videonet'] } },
		}),
	]);

const networkFields = [
	field({
		displayName: 'Campaign Type',
		name: 'campaignType',
		type: 'options',
		required: true,
		options: [
			{ name: 'Demand Gen', value: 'demand_gen' },
			{ name: 'Display', value: 'display' },
			{ name: 'Performance Max', value: 'pmax', description: "Also runs the network's own dry run on Validate Only" },
			{ name: 'Search', value: 'search' },
		],
		default: 'search',
		displayOptions: { show: { network: ['searchnet'] } },
	}),
	// a name of its own: Keywords on searchnet only (checked when the ad is created), the node's `keywords` required wherever it shows
	renamedField(keywords, 'searchnetKeywords', { displayOptions: { show: { network: ['searchnet'] } } }),
	{
		...organizationId,
		hint: 'Optional: without it the API runs the ad without a Company Page (as the connected member account)',
		displayOptions: { show: { network: ['pronet'] } },
	},
	{
		...identityId,
		hint: "Optional: without it the API uses the ad account's default identity",
		displayOptions: { show: { network: ['videonet'] } },
	},
	field({
		displayName: 'Identity Type',
		name: 'identityType',
		type: 'options',
		options: [
			{ name: 'Business Center Authorized Video Account', value: 'BC_AUTH_VIDEO' },
			{ name: 'Custom Identity', value: 'CUSTOMIZED_USER' },
			{ name: 'Video Account', value: 'VIDEO_USER' },
		],
		default: 'VIDEO_USER',
		description: 'Sent with Identity: the type the Identity list shows beside it',
		displayOptions: { show: { network: ['videonet'] } },
	}),
	field({
		displayName: 'Countries',
		name: 'chatnetCountries',
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
	}),
];

/** The creative fields of every ad create, declared by each kind alike: oneDeclarationPerName makes them one property each. */
const creativeFields = [...topCreative, ...networkFields];

const KIND_FIELDS = {
	create: [],
	messaging: [
		field({ displayName: 'Destination', name: 'destination', type: 'string', required: true, default: '', placeholder: 'e.g. page_123 or a chat ID', description: 'The page or chat where conversations start' }),
	],
	call: [
		field({ displayName: 'Phone Number', name: 'phoneNumber', type: 'string', required: true, default: '', placeholder: 'e.g. +15551234567', description: 'The number people call, in international format: +, the country code, then digits only' }),
	],
};

const optionalFields = collection('Additional Fields', 'additionalFields', [
	{ displayName: 'Start Date', name: 'startDate', type: 'dateTime', default: '', description: 'When the ad starts (default: as soon as approved)' },
	{ ...audienceOption, displayOptions: { show: { '/network': Object.keys(NETWORKS).filter((n) => NETWORKS[n].audiences) } } },
	{
		displayName: 'Countries',
		name: 'countries',
		type: 'string',
		default: '',
		placeholder: 'e.g. US, CA',
		description: 'ISO country codes, comma-separated or one per line',
		displayOptions: { hide: { '/network': ['chatnet'] } },
	},
	{ ...existingCampaignId, displayOptions: { show: { '/network': Object.keys(NETWORKS).filter((n) => NETWORKS[n].existingCampaign) } } },
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

const TOP_LEVEL = [...CREATIVE, 'campaignType', 'keywords', 'organizationId', 'identityId', 'identityType', 'chatnetCountries'] as const;
/** The parameter holding a network field: its own name, but for Keywords (a name of its own). */
const parameterOf = <F extends (typeof TOP_LEVEL)[number]>(f: F) => (f === 'keywords' ? 'searchnetKeywords' : (f as Exclude<F, 'keywords'>));

/** The body fields of the chosen network: top-level ones it shows, then Additional Fields (lists as lists). */
const adBody = reading(['network', 'videoUrl', 'additionalFields', ...TOP_LEVEL.map(parameterOf)], (read) => async function (this: IExecuteSingleFunctions, request: IHttpRequestOptions) {
	const network = read.param<string>(this, 'network', '');
	const body = { ...(request.body as IDataObject) };
	const facts = NETWORKS[network];
	const shownOn = (f: string) => Boolean(facts && (facts.requiredCreative.includes(f) || facts.ownCreative.includes(f)));
	const shown = TOP_LEVEL.filter((f) => shownOn(f) && !(f === 'imageUrl' && network === 'videonet'));
	// Chatnet's four countries are their own field (a menu), sent as the API's countries; a Company Page or Identity as its plain ID
	copyFilled(body, withPlainIds(this, Object.fromEntries(shown.map((f) => [f === 'chatnetCountries' ? 'countries' : f, read.param(this, parameterOf(f), undefined)]))));
	if (network === 'videonet') body.imageUrl = read.param(this, 'videoUrl', '');
	if (network !== 'videonet' || !body.identityId) delete body.identityType;
	if (body.keywords !== undefined) body.keywords = linesList(body.keywords);
	copyFilled(body, withPlainIds(this, read.param<IDataObject>(this, 'additionalFields', {})), (value, key) => (key === 'countries' ? codesList(value) : value));
	request.body = body;
	return request;
});

/** What every ad create sends as it is (the kind's own field, Destination or Phone Number, is added by its operation). */
export const adInRequest = inRequestFor<ReturnType<typeof adFields> | typeof spendFields | [typeof name]>()({ ...spendInRequest, name: 'body', goal: 'body' });

/** The goals the reference names (not every network takes every goal); an expression can give another. */
export const goalOptions = optionsOf(GOALS);

const goalField = field({
	displayName: 'Goal',
	name: 'goal',
	type: 'options',
	required: true,
	options: goalOptions,
	default: 'traffic',
	description: 'What the network optimizes for (not every goal exists on every network; catalog sales is for catalog ads)',
});

/**
 * preSend list of every ad create: the network's body, the checks, the Idempotency-Key (it hashes the body); the
 * credential's spending caps are added by adsOperation, from the operation's declaration.
 */
export const adPreSend = () => [adBody, checkAdThenOwnKey()];

/** The own fields of an ad create of this kind: goal, the kind's field, the network's creative fields, Additional Fields, spend tail. */
export function adFields<K extends Kind>(kind: K) {
	return [
		kind === 'messaging' ? { ...goalField, default: 'messages' } : goalField,
		...KIND_FIELDS[kind],
		...creativeFields,
		optionalFields,
		...spendTail("Whether to only run the checks (required fields, budget, dates, the network's limits and, where it has one, the network's own dry run) and return them, creating and charging nothing"),
	];
}
