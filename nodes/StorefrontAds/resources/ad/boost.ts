import type { IDataObject, IExecuteSingleFunctions, IHttpRequestOptions, INodeProperties } from 'n8n-workflow';

import { collection, operation } from '../../../shared/descriptions';
import { jsonParameter, splitList } from '../common';
import { allowLongBoost, checkAdBeforeSending, createdOutput, sendIdempotencyKey } from '../safety';
import { accountAndBudget, optionsCollection } from './create';

/** Builds `targeting` from the Targeting collection (named fields + free JSON for the rest). */
async function sendTargeting(this: IExecuteSingleFunctions, request: IHttpRequestOptions) {
	const fields = this.getNodeParameter('targeting', {}) as IDataObject;
	const { moreJson, countries, interests, ...rest } = fields;
	const targeting: IDataObject = moreJson ? { ...(jsonParameter(this, moreJson, 'More Targeting (JSON)') as IDataObject) } : {};
	if (countries) targeting.countries = splitList(countries);
	if (interests) targeting.interests = splitList(interests);
	for (const [key, value] of Object.entries(rest)) if (value !== undefined && value !== '') targeting[key] = value;
	const body = { ...(request.body as IDataObject) };
	if (Object.keys(targeting).length) body.targeting = targeting;
	const extra = this.getNodeParameter('additionalFields', {}) as IDataObject;
	for (const key of ['goal', 'startDate', 'sparkAuthCode']) if (extra[key]) body[key] = extra[key];
	request.body = body;
	return request;
}

export const option = operation({
	value: 'boost',
	name: 'Boost Post',
	action: 'Boost a post',
	description: 'Promote an already published post, keeping its likes and comments. Never retried automatically.',
	method: 'POST',
	url: '/v1/ads/boost',
	preSend: [sendTargeting, checkAdBeforeSending, allowLongBoost, sendIdempotencyKey],
	postReceive: [createdOutput('ad')],
});

export const properties: INodeProperties[] = [
	...accountAndBudget(['microblog', 'searchnet', 'socialnet', 'videonet']),
	{
		displayName: 'Post ID',
		name: 'postId',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'e.g. post_abc123 or the network’s post ID',
		description: 'The published post to boost (a post_ ID or the platform post ID)',
		routing: { send: { type: 'body', property: 'postId' } },
	},
	{
		displayName:
			'A boost can take minutes while a video is re-hosted; the node waits up to 10 minutes. If it still times out, check Ad → Get Many before running again: a re-run with the same fields is safe (same Idempotency-Key), a changed one is not.',
		name: 'boostNotice',
		type: 'notice',
		default: '',
	},
	collection('Targeting', 'targeting', [
		{ displayName: 'Countries', name: 'countries', type: 'string', default: '', placeholder: 'US, CA', description: 'Comma-separated ISO country codes' },
		{ displayName: 'Minimum Age', name: 'ageMin', type: 'number', typeOptions: { minValue: 13, maxValue: 65 }, default: 18 },
		{ displayName: 'Maximum Age', name: 'ageMax', type: 'number', typeOptions: { minValue: 13, maxValue: 65 }, default: 65 },
		{ displayName: 'Interests', name: 'interests', type: 'string', default: '', description: 'Comma-separated interest names or IDs' },
		{
			displayName: 'More Targeting (JSON)',
			name: 'moreJson',
			type: 'json',
			default: '{}',
			description: 'Any other targeting keys the network takes, merged under the fields above',
		},
	]),
	collection('Additional Fields', 'additionalFields', [
		{
			displayName: 'Goal',
			name: 'goal',
			type: 'options',
			options: [
				{ name: 'Awareness', value: 'awareness' },
				{ name: 'Engagement', value: 'engagement' },
				{ name: 'Traffic', value: 'traffic' },
				{ name: 'Video Views', value: 'video_views' },
			],
			default: 'engagement',
			description: 'Default: engagement',
		},
		{ displayName: 'Start Date', name: 'startDate', type: 'dateTime', default: '' },
		{
			displayName: 'Spark Auth Code',
			name: 'sparkAuthCode',
			type: 'string',
			typeOptions: { password: true },
			default: '',
			description: 'Videonet: lets you boost a video whose owner is not one of your identities',
			displayOptions: { show: { '/network': ['videonet'] } },
		},
	]),
	optionsCollection,
];
