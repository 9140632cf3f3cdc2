import { randomUUID } from 'node:crypto';

import { postsOf, rankPosts } from '../../../fake-api/posts';
import { DEMO } from '../../../fake-api/demo';
import { demoScript } from '../../../fake-api/openai';
import { APPROVAL_TOOLS } from '../../../fake-api/openaiApproval';
import { waitFor as waitUntil } from '../../../scripts/lib/n8n';
import { loadExample, SANDBOX_CAPS } from '../../../sandbox/setup';
import type { Sandbox } from '../../../sandbox/startSandbox';
import { clickButton, openChat, type ChatButtons } from '../../../harness/hostedChat';

/**
 * examples/ai-ad-assistant-with-approval.json in a real n8n 2.41.1 (the sandbox of `npm start`,
 * booted by test/e2e/sandbox.e2e.test.ts), driven as n8n's hosted chat drives it (harness/hostedChat.ts):
 * a chat message to the Chat Trigger's webhook, the chat's WebSocket that receives the review with
 * its Approve and Decline buttons, and a click on a button (a GET of its signed link). The scripted
 * model (fake-api/openaiApproval.ts) finds the best post and asks to boost it (or to create an ad)
 * at the budget the message names; the fake API's state says what was made.
 */

let sandbox: Sandbox;
let chatUrl: string;
const waitFor = <T>(what: string, probe: () => Promise<T | undefined | false> | T | undefined | false, ms = 30_000) => waitUntil(what, probe, ms, () => sandbox.n8n.log);

/** The scenarios, on the sandbox `bed` gives (test/e2e/sandbox.e2e.test.ts boots it). */
export function hitlReviewScenarios(bed: () => Sandbox) {
	beforeAll(async () => {
		sandbox = bed();
		// the sandbox's own model, as `npm start` has it (it follows the approval example's script when offered its tools)
		sandbox.api.openai.script = demoScript();
		// the imported example is the editor's chat; here the same workflow as a public hosted chat, as a user shares it
		const example = loadExample('ai-ad-assistant-with-approval.json', sandbox.credentialId, sandbox.openAiCredentialId, sandbox.cappedCredentialId);
		const webhookId = randomUUID();
		const trigger = example.nodes.find((n: { type: string }) => n.type === '@n8n/n8n-nodes-langchain.chatTrigger');
		Object.assign(trigger, { webhookId, parameters: { ...trigger.parameters, public: true } });
		const workflow = await sandbox.n8n.createWorkflow({ ...example, name: `${example.name} (public chat)` });
		await sandbox.n8n.activate(workflow.id);
		chatUrl = `${sandbox.n8n.url}/webhook/${webhookId}/chat`;
	});

	const chat = async (message: string) => await openChat(chatUrl, message, waitFor);
	const click = async (review: ChatButtons, label: 'Approve' | 'Decline') => expect(await clickButton(review, label)).toBe(200);

	const finished = async (executionId: string) =>
		await waitFor('the execution to finish', async () => {
			const e = await sandbox.n8n.execution(executionId);
			return ['new', 'running', 'waiting'].includes(e.status) ? undefined : e;
		});

	const spending = (from: number) => sandbox.api.requests.slice(from).filter((r) => r.method === 'POST' && r.path.startsWith('/v1/ads/'));
	const best = () => rankPosts(postsOf(DEMO.socialConnection, 'socialnet'))[0];

	/** Sends the message and waits for the review: the read tool has run (no stop), nothing has been sent to spend. */
	async function reviewOf(message: string) {
		const from = sandbox.api.requests.length;
		const session = await chat(message);
		const review = JSON.parse(await session.next()) as ChatButtons;
		expect(review.type).toBe('with-buttons');
		expect(review.buttons.map((b) => b.text)).toEqual(['Approve', 'Decline']);
		const before = sandbox.api.requests.slice(from).filter((r) => !r.path.startsWith('/openai/'));
		// the ranked posts, then one list of the API's ads (which of them already have a boost)
		expect(before.map((r) => `${r.method} ${r.path} ${r.status}`)).toEqual(['GET /v1/ads/best-posts 200', 'GET /v1/ads 200']);
		expect((await sandbox.n8n.execution(session.executionId)).status).toBe('waiting');
		return { session, review, from };
	}

	test('the model is offered the two spending tools through the review (toolParameters and hitlParameters) and the read tool as it is', async () => {
		const { session, review } = await reviewOf('Boost our best post at 12 a day');
		await click(review, 'Decline');
		await session.next();
		session.close();
		const [first] = sandbox.api.openai.requests().slice(-2);
		const tool = (name: string) => first.tools!.find((t) => t.function.name === name)!.function.parameters as { properties: Record<string, { properties?: Record<string, unknown> }> };
		expect(first.tools!.map((t) => t.function.name).sort()).toEqual([APPROVAL_TOOLS.boost, APPROVAL_TOOLS.createAd, APPROVAL_TOOLS.bestPosts].sort());
		expect(Object.keys(tool(APPROVAL_TOOLS.bestPosts).properties)).toEqual(['howMany']);
		expect(Object.keys(tool(APPROVAL_TOOLS.boost).properties).sort()).toEqual(['hitlParameters', 'toolParameters']);
		expect(Object.keys(tool(APPROVAL_TOOLS.boost).properties.toolParameters.properties!).sort()).toEqual(['dailyBudget', 'postId']);
		expect(Object.keys(tool(APPROVAL_TOOLS.boost).properties.hitlParameters.properties!).sort()).toEqual(['postCaption', 'postLink']);
		expect(Object.keys(tool(APPROVAL_TOOLS.createAd).properties.toolParameters.properties!).sort()).toEqual(['adText', 'campaignName', 'dailyBudget', 'headline', 'imageUrl', 'linkUrl']);
	});

	test('Approve: the reviewer reads the decision (post, network, budget in the currency, status), and exactly one Paused boost is created with it', async () => {
		const adsBefore = sandbox.api.ads.ads.size;
		const { session, review, from } = await reviewOf('Boost our best post at 15 a day');
		const post = best();
		expect(review.text).toBe(
			[
				'**Approve this boost?** Nothing is spent or created unless you approve.',
				'',
				`- Post: ${post.id}, "${post.caption}" ${post.permalink}`,
				'- Network: socialnet',
				'- Budget: 15 USD a day (daily budget), no end date: it runs until someone stops it',
				'- Status: PAUSED, so it spends nothing until someone activates it',
				'',
				"The credential's spending caps still apply after you approve.",
			].join('\n'),
		);
		expect(spending(from)).toEqual([]);

		await click(review, 'Approve');
		const answer = await session.next();
		session.close();
		expect((await finished(session.executionId)).status).toBe('success');

		const newAds = [...sandbox.api.ads.ads.values()].slice(adsBefore);
		expect(newAds).toHaveLength(1);
		expect(newAds[0]).toMatchObject({ name: `Boost of ${post.id}`, requestedStatus: 'paused', budget: { amount: 15, type: 'daily' }, accountId: DEMO.socialConnection });
		const sent = spending(from);
		expect(sent.map((r) => [r.path, r.status])).toEqual([['/v1/ads/boost', 200]]);
		expect(sent[0].body).toEqual({ accountId: DEMO.socialConnection, adAccountId: DEMO.socialAdAccount, postId: post.id, budgetAmount: 15, budgetType: 'daily', status: 'PAUSED' });
		expect(answer).toContain(`Approved: ad ${newAds[0].id} "Boost of ${post.id}" was created at 15 a day with status ${newAds[0].status}`);
	});

	test('Decline: nothing is sent to the API; the model is told and says so in the chat', async () => {
		const adsBefore = sandbox.api.ads.ads.size;
		const { session, review, from } = await reviewOf('Boost our best post at 20 a day');
		await click(review, 'Decline');
		const answer = await session.next();
		session.close();
		expect((await finished(session.executionId)).status).toBe('success');

		expect(spending(from)).toEqual([]);
		expect(sandbox.api.ads.ads.size).toBe(adsBefore);
		// n8n answers the model's tool call with the refusal in place of the tool's output
		const last = sandbox.api.openai.requests().at(-1)!;
		const toolMessage = last.messages.filter((m) => m.role === 'tool').at(-1)!;
		expect(JSON.parse(String(toolMessage.content))).toEqual([{ output: expect.stringMatching(/^User rejected the tool call to Boost a post \(id: call_\d+_\d+\)\. STOP what you are doing/) }]);
		expect(answer).toBe(`You declined the boost of ${best().id}: nothing was created. Tell me what to change.`);
	});

	test("Approved over the credential's cap: the node refuses it before sending, and the model reports the cap", async () => {
		const adsBefore = sandbox.api.ads.ads.size;
		const over = SANDBOX_CAPS.maxDailyBudget + 30;
		const { session, review, from } = await reviewOf(`Boost our best post at ${over} a day`);
		expect(review.text).toContain(`Budget: ${over} USD a day`);
		await click(review, 'Approve');
		const answer = await session.next();
		session.close();
		await finished(session.executionId);

		expect(spending(from)).toEqual([]);
		expect(sandbox.api.ads.ads.size).toBe(adsBefore);
		// what the model got back from the node: the refusal naming the cap (n8n passes the error's message, not its description)
		const refusal = JSON.parse(answer.replace(/^The boost of \S+ was approved but refused: /, '')) as Array<{ error: string }>;
		expect(refusal).toEqual([{ error: expect.stringMatching(new RegExp(`${over}.*cap of ${SANDBOX_CAPS.maxDailyBudget} \\(Max Daily Budget\\)\\. Nothing was sent\\. .*This refusal is final: do not retry it`)) }]);
		expect(answer.startsWith(`The boost of ${best().id} was approved but refused: `)).toBe(true);
	});

	test('Create Ad behind its own review: the reviewer reads the creative and the budget; Approve creates one Paused ad', async () => {
		const adsBefore = sandbox.api.ads.ads.size;
		const { session, review, from } = await reviewOf('Make a new ad for our best post at 12 a day');
		const post = best();
		expect(review.text).toContain(`Campaign: Traffic to ${post.id} (traffic)`);
		expect(review.text).toContain('Headline: Our best post, now on sale');
		expect(review.text).toContain('Budget: 12 USD a day (daily budget)');
		expect(review.text).toContain('Status: PAUSED');
		await click(review, 'Approve');
		const answer = await session.next();
		session.close();
		expect((await finished(session.executionId)).status).toBe('success');

		const sent = spending(from);
		expect(sent.map((r) => [r.path, r.status])).toEqual([['/v1/ads/create', 200]]);
		expect(sent[0].body).toMatchObject({ name: `Traffic to ${post.id}`, goal: 'traffic', budgetAmount: 12, budgetType: 'daily', status: 'PAUSED', callToAction: 'SHOP_NOW' });
		const newAds = [...sandbox.api.ads.ads.values()].slice(adsBefore);
		expect(newAds).toHaveLength(1);
		expect(answer).toContain(`Approved: ad ${newAds[0].id}`);
	});
}
