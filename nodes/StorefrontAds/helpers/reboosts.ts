import type { IDataObject, IExecuteSingleFunctions, ILoadOptionsFunctions, INodeExecutionData } from 'n8n-workflow';

import { reading } from '../../shared/reads';
import { failItem } from '../../shared/requestActions';
import { apiRequest } from '../../shared/wire/request';
import { adsErrors } from './adsErrors';

/**
 * Re-boosts (issue 68): which posts already have a boost, read from the API's own ads, and the name a
 * new boost gets. The ad list does not say which post an ad promotes (reference: Ad); a boost's
 * name does: the name Boost Post gives one (`boostName`) ends in its post's ID, as the API's own
 * default name carries it.
 */

/** The ad list's largest page (contract: `limit` at most 500), and the pages read at most. */
const PAGE_SIZE = 500;
const MAX_PAGES = 20;

export interface BoostAd {
	id: string;
	name: string;
	status: string;
}

/**
 * The boosts among the ads of the API's default window (the last 90 days): one list, in pages of
 * 500. Cancelled (deleted) ones are left out. `undefined` while the API still imports a newly
 * connected account's ad history (202 `backfillPending`): nothing can be said then.
 */
export async function boostAds(ctx: IExecuteSingleFunctions | ILoadOptionsFunctions): Promise<BoostAd[] | undefined> {
	const rows: IDataObject[] = [];
	for (let page = 1; page <= MAX_PAGES; page++) {
		const { status, body } = await apiRequest.call(ctx, 'GET', '/v1/ads', { qs: { page, limit: PAGE_SIZE }, advice: adsErrors });
		if (status === 202 || body.backfillPending === true) return undefined;
		const ads = (body.ads as IDataObject[] | undefined) ?? [];
		rows.push(...ads);
		const pages = Number((body.pagination as IDataObject | undefined)?.pages ?? 1);
		if (ads.length === 0 || !(page < pages)) break;
	}
	return rows
		.filter((a) => (a.adType === undefined || a.adType === 'boost') && a.status !== 'cancelled' && typeof a.id === 'string')
		.map((a) => ({ id: String(a.id), name: String(a.name ?? ''), status: String(a.status ?? '') }));
}

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The boosts whose name carries the post's ID as a word of its own. */
export function boostsOf(postId: string, ads: BoostAd[]): BoostAd[] {
	if (!postId) return [];
	const word = new RegExp(`(^|[^A-Za-z0-9_])${escaped(postId)}($|[^A-Za-z0-9_])`);
	return ads.filter((a) => word.test(a.name));
}

/** A post with `alreadyBoosted` and the IDs of its boosts (`boostAdIds`) beside what the API said. */
export function markedPost(post: IDataObject, ads: BoostAd[]): IDataObject {
	const boosts = boostsOf(String(post.id ?? post.postId ?? ''), ads);
	return { ...post, alreadyBoosted: boosts.length > 0, boostAdIds: boosts.map((a) => a.id) };
}

/** The longest part of a caption a boost's name takes. */
const NAME_CAPTION = 60;

/** One line of text, at most `max` characters, cut at a word where it can be: "Spring is here, and so…". */
export function shortened(text: string, max: number): string {
	const line = text.replace(/\s+/g, ' ').trim();
	if (line.length <= max) return line;
	const cut = line.slice(0, max - 1);
	const atWord = cut.replace(/[\s,.;:!?-]+\S*$/, '');
	return `${(atWord.length >= max / 2 ? atWord : cut).trimEnd()}…`;
}

/**
 * The name Boost Post gives a new ad: its post's caption, shortened, then the post's ID, which
 * lets Get Many Ranked for Boosting recognise the boost later: "Spring sale: 20% off… (post_70cdf62969)".
 * `undefined` for a post without a caption (the API's own name stays).
 */
export function boostName(caption: unknown, postId: string): string | undefined {
	const text = typeof caption === 'string' ? shortened(caption, NAME_CAPTION) : '';
	return text ? `${text} (${postId})` : undefined;
}

/** Said in the Post list beside a post that already has a boost. */
export const BOOSTED_MARK = ' (already boosted)';
const NO_CAPTION = '(no caption)';

/** A post in the Post list: "caption — network, score N" (the list adds BOOSTED_MARK to a post with a boost). */
export function postLabel(post: IDataObject): string {
	const caption = shortened(String(post.caption ?? ''), NAME_CAPTION) || NO_CAPTION;
	return `${caption} — ${String(post.network ?? '?')}, score ${String(post.score ?? 0)}`;
}

/** The caption part of a Post list label (what n8n keeps of a post picked from the list), or undefined. */
export function captionOfLabel(label: unknown): string | undefined {
	if (typeof label !== 'string') return undefined;
	const at = label.lastIndexOf(' — ');
	const caption = at > 0 ? label.slice(0, at) : '';
	return caption && caption !== NO_CAPTION ? caption : undefined;
}

/**
 * Get Many Ranked for Boosting: marks each post that already has a boost (one list of ads per run of the
 * node's item, only when there are posts), and with Options → Skip Posts Already Boosted leaves
 * those out before Limit applies, so Limit 1 is the best post without a boost.
 */
export const markAlreadyBoosted = reading(['options.skipBoosted'], (read) =>
	async function (this: IExecuteSingleFunctions, items: INodeExecutionData[]): Promise<INodeExecutionData[]> {
		const skip = read.param<boolean>(this, 'options.skipBoosted', false) === true;
		const marked: INodeExecutionData[] = [];
		for (const item of items) {
			const posts = item.json.posts;
			if (!Array.isArray(posts) || posts.length === 0) {
				marked.push(item);
				continue;
			}
			const ads = await boostAds(this);
			if (!ads) {
				if (skip) {
					failItem(
						this,
						'Cannot tell yet which posts already have a boost',
						'The ad history of a newly connected account is still being imported. Try again in a few minutes, or turn off Skip Posts Already Boosted.',
					);
				}
				marked.push(item);
				continue;
			}
			const rows = (posts as IDataObject[]).map((post) => markedPost(post, ads));
			marked.push({ ...item, json: { ...item.json, posts: skip ? rows.filter((p) => !p.alreadyBoosted) : rows } });
		}
		return marked;
	},
);
