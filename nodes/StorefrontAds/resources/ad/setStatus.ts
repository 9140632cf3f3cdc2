import type { INodeProperties } from 'n8n-workflow';

import { operation } from '../../../shared/operation';
import { statusChoice } from '../../helpers/choices';

export const option = operation({
	value: 'setStatus',
	name: 'Set Status',
	action: 'Pause or resume an ad',
	description: 'Pause or resume an ad (on microblog its line item too)',
	method: 'PUT',
	path: '/v1/ads/{adId}/status',
	send: { status: 'body' },
});

export const uses = ['adId'];

export const properties: INodeProperties[] = [statusChoice('Paused stops spending; Active resumes it')];
