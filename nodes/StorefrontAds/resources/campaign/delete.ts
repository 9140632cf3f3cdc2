import type { IDataObject, IExecuteSingleFunctions, IHttpRequestOptions, INodeProperties } from 'n8n-workflow';

import { operation } from '../../../shared/operation';
import { failItem } from '../../../shared/requestActions';
import { NETWORKS, networkOfPlatform } from '../../helpers/networks';

async function checkDeletable(this: IExecuteSingleFunctions, request: IHttpRequestOptions) {
	const platform = String((request.body as IDataObject).platform);
	if (!NETWORKS[networkOfPlatform(platform)]?.campaignDelete) {
		failItem(this, `Campaigns on ${platform} cannot be deleted through the API`, 'Pause it instead (Campaign → Set Status).');
	}
	return request;
}

export const option = operation({
	value: 'delete',
	name: 'Delete',
	action: 'Delete a campaign',
	description: 'Delete a campaign with all its ad sets and ads (socialnet, searchnet). This cannot be undone.',
	method: 'DELETE',
	path: '/v1/ads/campaigns/{campaignId}',
	send: { platform: 'body' },
	preSend: [checkDeletable],
});

export const uses = ['campaignId', 'platform'];

export const leading: INodeProperties[] = [
	{
		displayName: 'Deleting a campaign deletes all its ad sets and ads for good. To stop spending but keep them, use Set Status → Paused.',
		name: 'deleteNotice',
		type: 'notice',
		default: '',
	},
];

export const properties: INodeProperties[] = [];
