import type { AdsService } from './ads';
import { accountAndAdAccountQuery, bestPostsQuery, pronetPagesQuery } from './contract/ads';
import type { FakeApi } from './core';
import { invalid } from './errors';
import { DAY_MS, figure, hashOf } from './figures';

/**
 * What an ad can promote and whom it runs as: the posts of each connection (best posts, photoapp
 * posts: the only posts Boost takes, ads.ts asks `hasPost` through index.ts), and the photoapp
 * accounts, pronet pages and videonet identities.
 */

/** Posts each connection has (best posts and photoapp posts list them). */
const POSTS_PER_ACCOUNT = 8;

/** The id of a connection's `index`-th post (0 to 7), as best posts lists it; photoapp posts are keyed `<accountId>:photoapp`. */
export const postIdOf = (accountId: string, index: number) => `post_${hashOf(`${accountId}:post:${index}`).toString('hex').slice(0, 10)}`;

/** Posts of a connection, generated once from its id: some with engagement, some without. */
export function postsOf(accountId: string, network: string) {
	return Array.from({ length: POSTS_PER_ACCOUNT }, (_, i) => {
		const key = `${accountId}:post:${i}`;
		const engaged = i % 4 !== 3;
		const metrics = engaged
			? { likes: figure(`${key}:l`, 400), comments: figure(`${key}:c`, 60), shares: figure(`${key}:s`, 30), reactions: figure(`${key}:r`, 100) }
			: { likes: 0, comments: 0, shares: 0, reactions: 0 };
		return {
			id: postIdOf(accountId, i),
			network,
			account: network === 'videonet' ? '@shopvideos' : 'Shop Page',
			caption: `Post ${i + 1} of ${network}`,
			mediaType: network === 'videonet' ? 'VIDEO' : i % 2 ? 'IMAGE' : 'REEL',
			thumbnailUrl: `https://cdn.example.com/${accountId}/${i}.jpg`,
			permalink: `https://${network}.example.com/p/${i}`,
			publishedAt: new Date(Date.parse('2026-11-01T12:00:00Z') - i * DAY_MS).toISOString(),
			metrics,
			score: metrics.likes + metrics.reactions + 2 * metrics.comments + 3 * metrics.shares,
		};
	});
}

/** Whether the connection lists this post (its own posts and, on socialnet, its photoapp posts): the only posts it can boost. */
export function hasPost(accountId: string, network: string, postId: string): boolean {
	const owners = network === 'socialnet' ? [accountId, `${accountId}:photoapp`] : [accountId];
	return owners.some((owner) => Array.from({ length: POSTS_PER_ACCOUNT }, (_, i) => postIdOf(owner, i)).includes(postId));
}

/** The reference's ranking: posts with engagement by score, then the rest newest first. */
export function rankPosts<T extends { score: number; publishedAt: string }>(posts: T[]): T[] {
	const engaged = posts.filter((p) => p.score > 0).sort((a, b) => b.score - a.score);
	const rest = posts.filter((p) => p.score === 0).sort((a, b) => b.publishedAt.localeCompare(a.publishedAt));
	return [...engaged, ...rest];
}

export function registerPosts(api: FakeApi, svc: AdsService) {
	const ads = true;
	api.route('GET', '/v1/ads/best-posts', { ads, query: bestPostsQuery }, ({ query }) => {
		const network = svc.onlyOn(query.accountId, ['socialnet', 'videonet'], 'best posts');
		const posts = rankPosts(postsOf(query.accountId, network));
		return {
			posts,
			sources: [{ network, account: posts[0].account, posts: posts.length, metrics: true }],
			notes: [],
			...(network === 'videonet' ? { postingAccountId: query.accountId } : {}),
		};
	});
	api.route('GET', '/v1/ads/photoapp-posts', { ads, query: accountAndAdAccountQuery }, ({ query }) => {
		svc.onlyOn(query.accountId, ['socialnet'], 'photoapp posts');
		const posts = rankPosts(
			postsOf(`${query.accountId}:photoapp`, 'photoapp').map((p) => ({ ...p, metrics: { likes: 0, comments: 0, shares: 0, reactions: 0 }, score: 0 })),
		);
		return { posts, sources: [{ network: 'photoapp', account: '@shop', posts: posts.length, metrics: false }], notes: ['The photoapp account is not connected for posting, so posts carry no counts'] };
	});
	api.route('GET', '/v1/ads/photoapp-accounts', { ads, query: accountAndAdAccountQuery }, ({ query }) => {
		svc.onlyOn(query.accountId, ['socialnet'], 'photoapp accounts');
		const account = { photoappUserId: '17841400000000001', username: 'shop', source: 'page' };
		return {
			accounts: [account],
			pages: [{ pageId: '1000001', name: 'Shop Page', photoappBusinessAccount: { photoappUserId: account.photoappUserId, username: account.username } }],
			resolved: { pageId: '1000001', photoappUserId: account.photoappUserId, source: 'page' },
		};
	});
	api.route('GET', '/v1/ads/pronet-pages', { ads, query: pronetPagesQuery }, ({ query }) => {
		const accountId = query.accountId ?? [...svc.connections.values()].find((c) => c.network === 'pronet')?.id;
		if (!accountId) throw invalid('accountId', 'no pronet connection');
		svc.onlyOn(accountId, ['pronet'], 'pronet pages');
		return {
			pages: [
				{ organizationId: '2414183', name: 'Shop Inc.', vanityName: 'shop-inc', logoUrl: 'https://cdn.example.com/logo.png' },
				{ organizationId: '2414184', name: 'Shop Careers', vanityName: 'shop-careers', logoUrl: null },
			],
			postingAccountId: accountId,
			notes: [],
		};
	});
	api.route('GET', '/v1/ads/videonet-identities', { ads, query: accountAndAdAccountQuery }, ({ query }) => {
		svc.onlyOn(query.accountId, ['videonet'], 'videonet identities');
		return {
			adAccountId: query.adAccountId,
			identities: [
				{ identityId: 'vid_ident_1', identityType: 'VIDEO_USER', displayName: 'Shop Videos', username: 'shopvideos', profileImage: 'https://cdn.example.com/v.png' },
				{ identityId: 'vid_ident_2', identityType: 'CUSTOMIZED_USER', displayName: 'Shop Brand', username: 'shopbrand', profileImage: null },
			],
		};
	});
}
