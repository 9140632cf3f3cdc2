import type { INodeProperties } from 'n8n-workflow';

import { assembleNode, type ResourceSpec } from '../../shared/operation';
import { sharedFields } from '../helpers/fields';
import { ad } from './ad';
import { adSet } from './adSet';
import { audience } from './audience';
import * as addUsers from './audience/addUsers';
import { campaign } from './campaign';
import { connection } from './connection';
import { conversion } from './conversion';
import * as send from './conversion/send';
import { insight } from './insight';
import { keyword } from './keyword';
import { post } from './post';
import { recommendation } from './recommendation';
import { searchTerm } from './searchTerm';
import { targeting } from './targeting';

const resources: ResourceSpec[] = [ad, adSet, audience, campaign, connection, conversion, insight, keyword, post, recommendation, searchTerm, targeting];

export const properties: INodeProperties[] = assembleNode(resources, sharedFields, 'ad');

/**
 * Operations n8n runs once with every incoming item (a declarative node's `customOperations`)
 * instead of through RoutingNode item by item: the batch operations.
 */
export const customOperations = {
	audience: { addUsers: addUsers.execute },
	conversion: { send: send.execute },
};
