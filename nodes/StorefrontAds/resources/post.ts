import type { IDataObject, IExecuteSingleFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import { assembleResource, operation, returnAllOrLimit, type OperationModule } from '../../shared/descriptions';
import { adAccountLocator, connectionLocator } from './common';

/**
 * Adds what Ad → Boost Post needs to every post: `postId`, `accountId` (the connection to boost
 * with: `postingAccountId` on videonet) and `adAccountId` when one was chosen, plus `rank`.
 * A best-posts → boost workflow then maps `{{ $json.postId }}` and `{{ $json.accountId }}`.
 */
async function readyToBoost(this: IExecuteSingleFunctions, items: INodeExecutionData[]) {
	const accountId = this.getNodeParameter('accountId', '', { extractValue: true }) as string;
	const adAccountId = this.getNodeParameter('adAccountId', '', { extractValue: true }) as string;
	return items.map(({ json }) => {
		const boostWith = (json.postingAccountId as string | undefined) ?? accountId;
		const posts = ((json.posts as IDataObject[] | undefined) ?? []).map((post, i) => ({
			...post,
			rank: i + 1,
			postId: post.id,
			accountId: boostWith,
			...(adAccountId ? { adAccountId } : {}),
		}));
		return { json: { ...json, posts } };
	});
}

/** Sent only when set. */
const optional = (field: INodeProperties, description: string): INodeProperties => ({
	...field,
	required: false,
	description,
	routing: { send: { type: 'query', property: field.name, value: '={{ $value || undefined }}' } },
});
const optionalAdAccount = optional(adAccountLocator('query'), 'Optional: the ad account the boost will use (copied onto each post)');

const getBest: OperationModule = {
	option: operation({
		value: 'getBest',
		name: 'Get Best to Boost',
		action: 'Get many posts ranked for boosting',
		description:
			'Published socialnet or videonet posts ranked for boosting (likes + reactions + 2×comments + 3×shares; posts without engagement last, newest first); one item per post',
		method: 'GET',
		url: '/v1/ads/best-posts',
		postReceive: [readyToBoost],
		list: { style: 'none', rootProperty: 'posts' },
	}),
	properties: [
		connectionLocator('query', 'A socialnet or videonet ad connection'),
		optionalAdAccount,
		...returnAllOrLimit('posts').map((p) => (p.name === 'limit' ? { ...p, default: 5, hint: 'Set 1 to get only the best post' } : p)),
	],
};

const getPhotoappPosts: OperationModule = {
	option: operation({
		value: 'getPhotoappPosts',
		name: 'Get Photoapp Posts',
		action: 'Get many photoapp posts',
		description: 'Photo-app posts reachable through a socialnet connection; counts only when the account is also connected for posting',
		method: 'GET',
		url: '/v1/ads/photoapp-posts',
		postReceive: [readyToBoost],
		list: { style: 'none', rootProperty: 'posts' },
	}),
	properties: [connectionLocator('query', 'A socialnet ad connection'), adAccountLocator('query'), ...returnAllOrLimit('posts')],
};

const getPhotoappAccounts: OperationModule = {
	option: operation({
		value: 'getPhotoappAccounts',
		name: 'Get Photoapp Accounts',
		action: 'Get the photoapp accounts of a connection',
		description: 'Photo-app accounts and Pages of a socialnet connection; `resolved` is the identity ads use by default',
		method: 'GET',
		url: '/v1/ads/photoapp-accounts',
	}),
	properties: [connectionLocator('query', 'A socialnet ad connection'), adAccountLocator('query')],
};

const getPronetPages: OperationModule = {
	option: operation({
		value: 'getPronetPages',
		name: 'Get Pronet Pages',
		action: 'Get many pronet company pages',
		description: 'Company Pages an ad can run as (their organizationId goes to Ad → Create); one item per page',
		method: 'GET',
		url: '/v1/ads/pronet-pages',
		list: { style: 'none', rootProperty: 'pages' },
	}),
	properties: [
		optional(connectionLocator('query'), 'A pronet ad connection; can stay empty when there is only one'),
		{
			displayName: 'The member must be Administrator or Sponsored Content Poster of the Page, and the Page must be linked to the ad account.',
			name: 'pronetNotice',
			type: 'notice',
			default: '',
		},
		...returnAllOrLimit('pages'),
	],
};

const getVideonetIdentities: OperationModule = {
	option: operation({
		value: 'getVideonetIdentities',
		name: 'Get Videonet Identities',
		action: 'Get many videonet identities',
		description: 'Profiles an ad can show (identityId and identityType go to Ad → Create); one item per identity',
		method: 'GET',
		url: '/v1/ads/videonet-identities',
		list: { style: 'none', rootProperty: 'identities' },
	}),
	properties: [connectionLocator('query', 'A videonet ad connection'), adAccountLocator('query'), ...returnAllOrLimit('identities')],
};

export const postProperties = assembleResource('post', [getBest, getPhotoappPosts, getPhotoappAccounts, getPronetPages, getVideonetIdentities], 'getBest');
