import type { IDataObject, IExecuteSingleFunctions, INodeExecutionData } from 'n8n-workflow';

import { simplifyField } from '../../shared/fieldBuilders';
import { reading } from '../../shared/reads';
import { pick } from '../../shared/requestActions';
import { boostName } from './reboosts';

/**
 * Adds what Ad → Boost Post needs to every post: `postId`, `accountId` (the connection to boost
 * with: `postingAccountId` on videonet) and `adAccountId` when one was chosen (read from
 * `adAccountParameter`: Options → Ad Account on Get Many Ranked for Boosting), plus `rank` and `adName`, the
 * name a socialnet boost of it gets (reboosts.ts), for a Boost Post that does not follow at once.
 * A best-posts → boost workflow then maps `{{ $json.postId }}` and `{{ $json.accountId }}`.
 */
export const readyToBoost = <A extends 'adAccountId' | 'options.adAccountId'>(adAccountParameter: A) =>
	reading(['accountId', adAccountParameter], (read) => async function (this: IExecuteSingleFunctions, items: INodeExecutionData[]) {
		const accountId = read.locatorValue(this, 'accountId');
		const adAccountId = read.locatorValue(this, adAccountParameter);
		return items.map((item) => {
			const json = item.json;
			const boostWith = (json.postingAccountId as string | undefined) ?? accountId;
			const posts = ((json.posts as IDataObject[] | undefined) ?? []).map((post, i) => ({
				...post,
				rank: i + 1,
				postId: post.id,
				accountId: boostWith,
				...(adAccountId ? { adAccountId } : {}),
				...adNameOf(post),
			}));
			return { ...item, json: { ...json, posts } };
		});
	});

const adNameOf = (post: IDataObject) => {
	const adName = boostName(post.caption, String(post.id));
	return adName ? { adName } : {};
};

/** What the post lists answer beside their rows. */
export const POST_ANSWER_FIELDS = ['postingAccountId', 'sources', 'notes'];

/**
 * A post has up to 20 fields here (the API's 10, the answer's 3 carried on, readyToBoost's 5 and the
 * re-boost marks); Simplify keeps the 10 a boost maps and a reader judges it by (Get Photoapp
 * Posts has no re-boost marks: 8).
 */
export const POST_KEPT = ['id', 'postId', 'rank', 'caption', 'permalink', 'accountId', 'adAccountId', 'adName', 'alreadyBoosted', 'boostAdIds'] as const;

export const simplifyPost = pick(POST_KEPT);

/** One declaration for both post lists: the same words (the node declares each name once). */
export const postSimplify = simplifyField(
	'ID, rank, caption, link, what a boost of it uses (post ID, ad connection, ad account, ad name) and, on Get Many Ranked for Boosting, whether it is already boosted and by which ads',
);
