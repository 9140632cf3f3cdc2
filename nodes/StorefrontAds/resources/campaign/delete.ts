import type { IDataObject, IExecuteSingleFunctions, IHttpRequestOptions } from 'n8n-workflow';

import { actionName } from '../../../shared/actionNames';
import { field } from '../../../shared/fieldBuilders';
import { failItem, markDeleted } from '../../../shared/requestActions';
import { platform } from '../../helpers/adsFields';
import { campaignId } from '../../helpers/adsLocators';
import { adsOperation } from '../../helpers/adsOperation';
import { NETWORKS, networkOfPlatform } from '../../helpers/networks';

async function checkDeletable(this: IExecuteSingleFunctions, request: IHttpRequestOptions) {
	const chosen = String((request.body as IDataObject).platform);
	if (!NETWORKS[networkOfPlatform(chosen)]?.campaignDelete) {
		failItem(this, `Campaigns on ${chosen} cannot be deleted through the API`, `Pause it instead (${actionName('campaign', 'setStatus')}).`);
	}
	return request;
}

export const fields = [
	field({
		displayName: `Deleting a campaign deletes all its ad sets and ads for good. To stop spending but keep them, pause it (${actionName('campaign', 'setStatus')}).`,
		name: 'deleteNotice',
		type: 'notice',
		default: '',
	}),
	campaignId,
	platform,
];

export const option = adsOperation({
	value: 'delete',
	name: 'Delete',
	action: 'Delete a campaign',
	description: 'Delete a campaign with all its ad sets and ads (socialnet, searchnet). This cannot be undone.',
	method: 'DELETE',
	path: '/v1/ads/campaigns/{campaignId}',
	spends: 'none',
	fields,
	inRequest: { platform: 'body' },
	preSend: [checkDeletable],
	postReceive: [markDeleted],
});
