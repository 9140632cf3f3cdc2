import type { INodeProperties } from 'n8n-workflow';

import { operation } from '../../../shared/operation';
import { unwrap } from '../../../shared/requestActions';
import { statusChoice } from '../../helpers/choices';

export const option = operation({
	value: 'setStatus',
	name: 'Pause or Resume',
	action: 'Pause or resume a keyword',
	description: 'Pause or resume one keyword',
	method: 'PATCH',
	path: '/v1/ads/keywords/{keywordId}',
	send: { accountId: { in: 'body', locator: true }, status: 'body' },
	postReceive: [unwrap('keyword')],
});

export const uses = ['accountId', 'keywordId'];

export const properties: INodeProperties[] = [statusChoice('Paused stops the keyword from triggering ads; Active resumes it')];
