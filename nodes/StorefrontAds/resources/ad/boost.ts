import type { IDataObject, IExecuteSingleFunctions, IHttpRequestOptions } from 'n8n-workflow';

import { actionName } from '../../../shared/actionNames';
import { collection, field } from '../../../shared/fieldBuilders';
import { readerOf } from '../../../shared/reads';
import { failItem, targetingOf } from '../../../shared/requestActions';
import { postId } from '../../helpers/adsLocators';
import { adsOperation } from '../../helpers/adsOperation';
import { boostOutput } from '../../helpers/createdOutput';
import { credentialSecret, refuseSecretInWorkflow, type CredentialSecret } from '../../helpers/secrets';
import { checkAdThenOwnKey, networkField, spendFields, spendInRequest, spendTail } from '../../helpers/spendRequest';

const SPARK_CODE: CredentialSecret = { name: 'sparkAuthCodeSecret', label: 'Spark Auth Code', usedBy: 'Boost Post with Use Spark Auth Code on' };

/**
 * The boost's own part of the request, its fields read in one call:
 * - `targeting` from the Targeting collection (named fields + free JSON for the rest), and Goal and Start Date;
 * - videonet: the credential's Spark Auth Code when asked for; a code left in the workflow stops the item before anything is sent;
 * - a boost can take minutes while a reel is re-hosted: it waits up to 10 minutes rather than time out.
 */
async function boostRequest(this: IExecuteSingleFunctions, request: IHttpRequestOptions) {
	const { targeting: fields, additionalFields: extra, network } = params(this, { targeting: {} as IDataObject, additionalFields: {} as IDataObject, network: '' });
	const json = { field: 'More Targeting (JSON)', example: 'a JSON object, e.g. {"countries": ["US"]}' };
	const targeting = targetingOf(fields, (key) => key === 'interests', json, (m, d) => failItem(this, m, d));
	const body = { ...(request.body as IDataObject) };
	if (Object.keys(targeting).length) body.targeting = targeting;
	for (const key of ['goal', 'startDate']) if (extra[key]) body[key] = extra[key];
	const legacyCode = extra.sparkAuthCode;
	if (legacyCode !== undefined && legacyCode !== null && legacyCode !== '') refuseSecretInWorkflow(this, SPARK_CODE, 'Additional Fields → Spark Auth Code (Moved to the Credential)');
	if (extra.useSparkAuthCode === true && network === 'videonet') body.sparkAuthCode = await credentialSecret(this, SPARK_CODE);
	request.body = body;
	request.timeout = Math.max(Number(request.timeout ?? 0), 600_000);
	return request;
}

/** Reference: "do not retry on a timeout". Said when a boost's answer did not come in time. */
export const NO_RESEND_AFTER_TIMEOUT = `a boost can take minutes at the API, and the reference says not to resend one after a timeout. Look for the ad with ${actionName('ad', 'getAll')} before running it again; a run with the same fields is safe (it makes nothing new), a changed one is not.`;

/** Where, then what to boost (the Post list is the chosen connection's), then how much (the shared budget fields). */
const [connection, adAccount, ...budgetAndStatus] = spendFields;
export const fields = [
	networkField('boost'),
	connection,
	adAccount,
	postId,
	...budgetAndStatus,
	field({
		displayName: `A boost can take minutes while a video is re-hosted; the node waits up to 10 minutes. If it still times out, check ${actionName('ad', 'getAll')} before running again: a re-run with the same fields is safe (it makes nothing new), a changed one is not.`,
		name: 'boostNotice',
		type: 'notice',
		default: '',
	}),
	collection('Targeting', 'targeting', [
		{ displayName: 'Countries', name: 'countries', type: 'string', default: '', placeholder: 'e.g. US, CA', description: 'ISO country codes, comma-separated or one per line' },
		{ displayName: 'Minimum Age', name: 'ageMin', type: 'number', typeOptions: { minValue: 13, maxValue: 65 }, default: 18 },
		{ displayName: 'Maximum Age', name: 'ageMax', type: 'number', typeOptions: { minValue: 13, maxValue: 65 }, default: 65 },
		{
			displayName: 'Interests',
			name: 'interests',
			type: 'string',
			typeOptions: { rows: 3 },
			default: '',
			placeholder: 'e.g. Fashion\nFood, drink and dining',
			description: 'Interest names or IDs, one per line (a comma stays inside the name), or a list from an expression',
		},
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
		{
			displayName: 'Ad Name',
			name: 'adName',
			type: 'string',
			default: '',
			placeholder: 'e.g. Spring sale post',
			description: "The new ad's name. Empty: the post's caption and ID, when the post comes from the list or from the incoming item (adName of Get Many Ranked for Boosting).",
			displayOptions: { show: { '/network': ['socialnet'] } },
		},
		{ displayName: 'Start Date', name: 'startDate', type: 'dateTime', default: '' },
		{
			displayName: 'Use Spark Auth Code',
			name: 'useSparkAuthCode',
			type: 'boolean',
			default: false,
			description:
				"Whether to send the Spark Auth Code of this node's credential, to boost a video whose owner is not one of your identities. The code is kept in the credential, never in the workflow: for several codes, use one credential per code.",
			displayOptions: { show: { '/network': ['videonet'] } },
		},
		// Up to 0.1.0 the code was typed here, and n8n kept it in the workflow in plain text. Shown only
		// while a saved workflow still holds a value, so that the user can remove it; its value is never sent.
		{
			displayName: 'Spark Auth Code (Moved to the Credential)',
			name: 'sparkAuthCode',
			type: 'string',
			default: '',
			description: 'No longer used: put the code in the credential, turn on Use Spark Auth Code and remove this field. A value here stops the node.',
			displayOptions: { show: { sparkAuthCode: [{ _cnd: { exists: true } }] } },
		},
	]),
	...spendTail("Whether to only run the API's checks (boosts have no network dry run) and return them, creating and charging nothing"),
];

/** The function above reads only names of `fields`. */
const { params } = readerOf<typeof fields>();

export const option = adsOperation({
	value: 'boost',
	name: 'Boost Post',
	action: 'Boost a post',
	description: `Promote an already published post (picked from the ranked list, or its ID from ${actionName('post', 'getBest')}), keeping its likes and comments. When the service is busy or the connection drops, the node sends it again by itself, safely; never after a timeout.`,
	method: 'POST',
	path: '/v1/ads/boost',
	spends: ['create', 'activate', 'budget'],
	fields,
	inRequest: { ...spendInRequest, postId: { in: 'body', locator: true } },
	// a spending call: keyed by the workflow, so a re-run of the same request within 24 hours spends nothing twice
	keying: 'workflow',
	noResendAfterTimeout: NO_RESEND_AFTER_TIMEOUT,
	preSend: [boostRequest, checkAdThenOwnKey(true)],
	postReceive: [boostOutput],
});
