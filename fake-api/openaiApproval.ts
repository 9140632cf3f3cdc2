import { listOf, type AssistantTurn, type Conversation, type ScriptStep } from './openaiConversation';

/**
 * The scripted model's part in examples/ai-ad-assistant-with-approval.json: Boost Post and Create
 * Ad reach it through n8n's human review (a `chatHitlTool` node), which wraps each tool's input as
 * `{toolParameters, hitlParameters}` (n8n-core's createHitlToolkit): the tool's own `$fromAI` values,
 * and those of the review node's message (here the post's caption and link for the reviewer).
 *
 * For a chat message it finds the best post, then asks to boost it at the daily budget the message
 * names ("at 80 a day"; 10 otherwise), or, when the message says "new ad", to create an ad linking to
 * the post; then it answers with what came back: the ad made, the reviewer's refusal, or the error.
 */

/** The tool names n8n gives the example's nodes; the two spending ones are gated by a review node. */
export const APPROVAL_TOOLS = { bestPosts: 'Find_the_best_posts', boost: 'Boost_a_post', createAd: 'Create_an_ad' } as const;

interface Post {
	postId: string;
	caption?: string;
	permalink?: string;
}

/** The daily budget a chat message names ("at 80 a day", "15/day"), else 10. */
export const budgetAsked = (message: string) => Number(/(\d+)\s*(?:[A-Z]{3}\s*)?(?:a day|\/day|per day)/i.exec(message)?.[1] ?? 10);

const wantsNewAd = (c: Conversation) => /new ad/i.test(c.userMessage);

export function approvalScript(): ScriptStep[] {
	const best = (c: Conversation) => listOf<Post>(c.result(APPROVAL_TOOLS.bestPosts))[0];
	const spendCall = (c: Conversation, post: Post): AssistantTurn => {
		const dailyBudget = budgetAsked(c.userMessage);
		const hitlParameters = { postCaption: post.caption ?? '', postLink: post.permalink ?? '' };
		if (wantsNewAd(c)) {
			const toolParameters = {
				campaignName: `Traffic to ${post.postId}`,
				headline: 'Our best post, now on sale',
				adText: post.caption ?? 'See what everyone is talking about.',
				linkUrl: post.permalink ?? 'https://shop.example.com/',
				imageUrl: 'https://cdn.example.com/best-post.jpg',
				dailyBudget,
			};
			return { toolCalls: [{ name: APPROVAL_TOOLS.createAd, arguments: { toolParameters, hitlParameters } }] };
		}
		return { toolCalls: [{ name: APPROVAL_TOOLS.boost, arguments: { toolParameters: { postId: post.postId, dailyBudget }, hitlParameters } }] };
	};
	return [
		{ toolCalls: [{ name: APPROVAL_TOOLS.bestPosts, arguments: { howMany: 1 } }] },
		(c) => {
			const post = best(c);
			return post ? spendCall(c, post) : { content: `I found no post: ${JSON.stringify(c.result(APPROVAL_TOOLS.bestPosts))}` };
		},
		(c) => {
			const tool = wantsNewAd(c) ? APPROVAL_TOOLS.createAd : APPROVAL_TOOLS.boost;
			const what = wantsNewAd(c) ? `the new ad for ${best(c).postId}` : `the boost of ${best(c).postId}`;
			const answer = c.result(tool);
			const [ad] = listOf<{ id?: string; name?: string; status?: string; message?: string }>(answer);
			if (ad?.id) return { content: `Approved: ad ${ad.id} "${ad.name}" was created at ${budgetAsked(c.userMessage)} a day with status ${ad.status}: ${ad.message ?? ''}` };
			const text = typeof answer === 'string' ? answer : JSON.stringify(answer);
			if (/rejected|declined/i.test(text)) return { content: `You declined ${what}: nothing was created. Tell me what to change.` };
			return { content: `${what[0].toUpperCase()}${what.slice(1)} was approved but refused: ${text}` };
		},
	];
}
