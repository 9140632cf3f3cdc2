import type { INodeProperties } from 'n8n-workflow';

import { assembleNode } from '../../shared/operation';
import { sharedFields } from '../helpers/fields';
import { delivery } from './delivery';
import { webhook } from './webhook';

export const properties: INodeProperties[] = assembleNode([webhook, delivery], sharedFields, 'webhook');
