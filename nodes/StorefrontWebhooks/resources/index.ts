import type { INodeProperties } from 'n8n-workflow';

import { assembleNode } from '../../shared/assembly';
import { sharedFields } from '../helpers/sharedFields';
import { delivery } from './delivery';
import { webhook } from './webhook';

export const properties: INodeProperties[] = assembleNode([webhook, delivery], sharedFields, 'webhook');
