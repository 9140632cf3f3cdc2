import type { INodeProperties } from 'n8n-workflow';

import { assembleNode } from '../../shared/assembly';
import { sharedFields } from '../helpers/sharedFields';
import { catalogSync } from './catalogSync';
import { marketingActivity } from './marketingActivity';
import { menu } from './menu';
import { metaobject } from './metaobject';
import { metaobjectDefinition } from './metaobjectDefinition';
import { page } from './page';
import { redirect } from './redirect';

export const properties: INodeProperties[] = assembleNode(
	// catalog sync last: the resources that send the store account on every operation share one property
	[marketingActivity, menu, metaobject, metaobjectDefinition, page, redirect, catalogSync],
	sharedFields,
	'page',
);
