import type { INodeProperties } from 'n8n-workflow';

import { deleteOne } from '../../helpers/operation';

export const option = deleteOne({ noun: 'page', path: '/v1/commerce/pages/{pageId}', description: 'Delete a page; this cannot be undone' });

export const uses = ['accountId', 'pageId'];

export const properties: INodeProperties[] = [];
