import type { INodeProperties } from 'n8n-workflow';

import { operation } from '../../../shared/operation';
import { statusChoice } from '../../helpers/choices';

export const option = operation({
	value: 'setStatus',
	name: 'Set Status',
	action: 'Pause or resume a campaign',
	description: 'Pause or resume a campaign and its ad sets, on every network',
	method: 'PUT',
	path: '/v1/ads/campaigns/{campaignId}/status',
	send: { status: 'body', platform: 'body' },
});

export const uses = ['campaignId', 'platform'];

export const properties: INodeProperties[] = [statusChoice('Paused stops spending; Active resumes it')];
