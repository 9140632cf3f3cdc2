import type {
	DeclarativeRestApiSettings,
	IDataObject,
	IExecutePaginationFunctions,
	IExecuteSingleFunctions,
	IHttpRequestOptions,
	INodeExecutionData,
} from 'n8n-workflow';

import { field } from '../../../shared/fieldBuilders';
import { readerOf } from '../../../shared/reads';
import { isLocatorValue } from '../../../shared/params';
import { failItem, parseJsonList } from '../../../shared/requestActions';
import { campaignId, optionalLocator } from '../../helpers/adsLocators';
import { adsOperation } from '../../helpers/adsOperation';
import { sendInChunks } from '../../helpers/sendInChunks';
import { PLATFORMS } from '../../helpers/networks';
import { statusChoice } from '../../helpers/choices';

/** The API's limit per bulk call (reference: Limits). */
const BULK_LIMIT = 50;

/** Accepts `{campaignId, platform}` (Campaign picked from the list or given by ID) and the campaign rows Get Many / Get Many with Ad Sets and Ads output (`platformCampaignId`). */
function toCampaignRef(ctx: IExecuteSingleFunctions, row: IDataObject, index: number) {
	const given = isLocatorValue(row.campaignId) ? row.campaignId.value : row.campaignId;
	const campaignId = String(given ?? row.platformCampaignId ?? '').trim();
	const platform = String(row.platform ?? '').trim();
	if (!campaignId || !platform) {
		failItem(ctx, `Campaign ${index + 1} needs a campaign ID and a platform`, 'Each entry is {"campaignId": "...", "platform": "socialfeed"} (or a campaign from Get Many).');
	}
	return { campaignId, platform };
}

async function buildCampaignList(this: IExecuteSingleFunctions, request: IHttpRequestOptions) {
	const mode = param<string>(this, 'campaignsInput', 'define');
	const raw =
		mode === 'json'
			? parseJsonList(param(this, 'campaignsJson', '[]'), 'Campaigns (JSON)', 'a JSON list, e.g. [{"campaignId": "123", "platform": "socialfeed"}]', (m, d) => failItem(this, m, d))
			: (param<IDataObject>(this, 'campaigns', {}).campaign as IDataObject[] | undefined) ?? [];
	const rows = Array.isArray(raw) ? raw : [raw];
	const campaigns = rows.map((row, i) => toCampaignRef(this, row, i));
	if (!campaigns.length) failItem(this, 'No campaigns to update', 'Add at least one campaign.');
	if (campaigns.length > BULK_LIMIT && !param<boolean>(this, 'autoSplit', true)) {
		failItem(
			this,
			`${campaigns.length} campaigns are more than the ${BULK_LIMIT} one call takes`,
			'Turn on "Split Into Calls of 50", or send fewer campaigns.',
		);
	}
	request.body = { ...(request.body as IDataObject), campaigns };
	return request;
}

/** Sends the campaigns in calls of 50 and merges the `updated`/`skipped` counts into one item. */
async function sendBulk(
	this: IExecutePaginationFunctions,
	requestData: DeclarativeRestApiSettings.ResultOptions,
): Promise<INodeExecutionData[]> {
	const body = requestData.options.body as IDataObject;
	const campaigns = body.campaigns as IDataObject[];
	const { calls, answers } = await sendInChunks(this, requestData, 'campaigns', campaigns, BULK_LIMIT);
	const total = (key: string) => answers.reduce((sum, a) => sum + Number(a.json[key] ?? 0), 0);
	return [{ json: { status: body.status, campaigns: campaigns.length, updated: total('updated'), skipped: total('skipped'), calls } }];
}

export const fields = [
	statusChoice('Paused stops spending on every campaign listed; Active resumes it'),
	field({
		displayName: 'Campaigns',
		name: 'campaignsInput',
		type: 'options',
		options: [
			{ name: 'Define Below', value: 'define', description: 'List the campaigns here' },
			{ name: 'JSON', value: 'json', description: 'A JSON list, e.g. mapped from Get Many output' },
		],
		default: 'define',
	}),
	field({
		displayName: 'Campaigns',
		name: 'campaigns',
		type: 'fixedCollection',
		typeOptions: { multipleValues: true },
		placeholder: 'Add Campaign',
		default: {},
		displayOptions: { show: { campaignsInput: ['define'] } },
		options: [
			{
				displayName: 'Campaign',
				name: 'campaign',
				values: [
					optionalLocator(campaignId, 'campaignId', { description: "The campaign, by the network's own campaign ID; set Platform to the platform the list shows beside it" }),
					{ displayName: 'Platform', name: 'platform', type: 'options', options: PLATFORMS, default: 'socialfeed', description: 'The campaign\'s platform, as the Campaign list shows it' },
				],
			},
		],
	}),
	field({
		displayName: 'Campaigns (JSON)',
		name: 'campaignsJson',
		type: 'json',
		default: '[]',
		hint: 'To use every incoming campaign at once, map {{ $input.all().map(i => i.json) }} and turn on "Execute Once" in the node settings',
		description: 'List of {"campaignId", "platform"}, or campaign rows as Get Many outputs them (platformCampaignId, platform)',
		displayOptions: { show: { campaignsInput: ['json'] } },
	}),
	field({
		displayName: 'Split Into Calls of 50',
		name: 'autoSplit',
		type: 'boolean',
		default: true,
		description: 'Whether to send more than 50 campaigns in several calls (the API takes 50 per call) and add up the counts',
	}),
];

/** The functions above read only names of `fields`. */
const { param } = readerOf<typeof fields>();

export const option = adsOperation({
	value: 'bulkSetStatus',
	name: 'Pause or Resume Many',
	action: 'Pause or resume many campaigns',
	description: 'Pause or resume many campaigns, across networks; more than 50 are sent in several calls',
	method: 'POST',
	path: '/v1/ads/campaigns/bulk-status',
	spends: ['activate'],
	switchesOn: 'campaigns',
	fields,
	inRequest: { status: 'body' },
	preSend: [buildCampaignList],
	makeRequests: sendBulk,
});
