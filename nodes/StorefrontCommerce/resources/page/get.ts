import type { INodeProperties } from 'n8n-workflow';

import { getOne } from '../../helpers/operation';

export const option = getOne({ noun: 'page', path: '/v1/commerce/pages/{pageId}', rootKey: 'page', description: 'Get a page with its HTML body' });

export const uses = ['accountId', 'pageId'];

export const properties: INodeProperties[] = [];
