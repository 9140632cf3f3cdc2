import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import { assembleNode, type ResourceSpec } from '../../shared/assembly';
import { sharedFields } from '../helpers/sharedFields';
import { ad } from './ad';
import { adSet } from './adSet';
import { audience } from './audience';
import { campaign } from './campaign';
import { connection } from './connection';
import { conversion } from './conversion';
import { insight } from './insight';
import { keyword } from './keyword';
import { post } from './post';
import { recommendation } from './recommendation';
import { searchTerm } from './searchTerm';
import { targeting } from './targeting';

const resources: ResourceSpec[] = [ad, adSet, audience, campaign, connection, conversion, insight, keyword, post, recommendation, searchTerm, targeting];

export const properties: INodeProperties[] = assembleNode(resources, sharedFields, 'ad');

type CustomOperation = (this: IExecuteFunctions) => Promise<INodeExecutionData[][]>;

/**
 * Operations n8n runs once with every incoming item (a declarative node's `customOperations`)
 * instead of through RoutingNode item by item: every operation that exports an `execute`
 * (helpers/batchInput.ts `batchOperation`), under its resource and operation values.
 */
export const customOperations: Record<string, Record<string, CustomOperation>> = {};
for (const r of resources) {
	for (const o of r.operations) {
		const execute = (o as { execute?: CustomOperation }).execute;
		if (execute) (customOperations[r.value] ??= {})[String(o.option.value)] = execute;
	}
}
