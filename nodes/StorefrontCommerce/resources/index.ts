import type { INodeProperties } from 'n8n-workflow';

import { assembleNode } from '../../shared/operation';
import { sharedFields } from '../helpers/fields';
import { page } from './page';

export const properties: INodeProperties[] = assembleNode([page], sharedFields, 'page');
