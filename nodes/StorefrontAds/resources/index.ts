import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

import type { ResourceSpec } from '../../shared/assembly';
import { requireSpendDeclarations } from '../helpers/spends';
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

/** The node's resources, each with its operation files (the node file assembles their fields). */
export const adsResources: ResourceSpec[] = [ad, adSet, audience, campaign, connection, conversion, insight, keyword, post, recommendation, searchTerm, targeting];
requireSpendDeclarations(adsResources);

type CustomOperation = (this: IExecuteFunctions) => Promise<INodeExecutionData[][]>;

/**
 * Operations n8n runs once with every incoming item (a declarative node's `customOperations`)
 * instead of through RoutingNode item by item: every operation that exports an `execute`
 * (helpers/batchOperation.ts `batchOperation`), under its resource and operation values.
 */
export const customOperations: Record<string, Record<string, CustomOperation>> = {};
for (const r of adsResources) {
	for (const o of r.operations) {
		const execute = (o as { execute?: CustomOperation }).execute;
		if (execute) (customOperations[r.value] ??= {})[String(o.option.value)] = execute;
	}
}
