import { randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';

import { KEYS, signBody } from '../../../fake-api';
import { postsOf, rankPosts } from '../../../fake-api/posts';
import { DEMO } from '../../../fake-api/demo';
import { DEMO_TOOLS, demoScript } from '../../../fake-api/openai';
import { ensureN8n, waitFor as waitUntil, workflowNode as node } from '../../../scripts/lib/n8n';
import { loadExample, loadExamples, OPENAI_CREDENTIAL_NAME, UNCAPPED_CREDENTIAL_NAME } from '../../../sandbox/setup';
import type { Sandbox } from '../../../sandbox/startSandbox';
import { sendChatMessage } from '../../../harness/hostedChat';
import { activateTriggerExample, deliverPosts, demoStore, LANDING_PAGE_DAILY, publishLandingPage, runExample, TRIGGER_EXAMPLE, triggerEndpoint } from '../core';

/**
 * The example workflows inside the sandbox that `npm start` runs (same code, temporary folder
 * and ports): each is imported, executed in a real n8n 2.41.1 and judged by the fake API's
 * resulting state.
 */

let sandbox: Sandbox;
const id = (name: string) => sandbox.workflows.get(name)!;
const store = () => demoStore(sandbox);
const run = async (workflow: string, trigger: string) => await runExample(sandbox, workflow, trigger);

const waitFor = <T>(what: string, probe: () => Promise<T | undefined | false> | T | undefined | false, ms = 20_000) => waitUntil(what, probe, ms, () => sandbox.n8n.log);

/** The scenarios, on the sandbox `bed` gives (test/e2e/sandbox.e2e.test.ts boots it). */
export function exampleScenarios(bed: () => Sandbox) {
	beforeAll(() => {
		sandbox = bed();
	});

	test('every example imports, with only node types this n8n knows and our credential on every Storefront node', async () => {
		const known = new Set((await sandbox.n8n.rest<Array<{ name: string }>>('GET', '/types/nodes.json')).map((t) => t.name));
		const examples = loadExamples(sandbox.credentialId);
		expect(examples.map((e) => e.file)).toEqual([
			'ai-ad-assistant-with-approval.json',
			'ai-agent-boost-with-spending-caps.json',
			'ai-agent-store-assistant.json',
			'boost-best-post-every-monday.json',
			'landing-page-daily-figures.json',
			'landing-page-with-redirect.json',
			'mcp-server-store-tools.json',
			'post-published-to-marketing-activity.json',
		]);
		for (const { workflow } of examples) {
			const saved = await sandbox.n8n.rest<{ nodes: Array<{ type: string; credentials?: Record<string, { id: string }> }> }>(
				'GET',
				`/rest/workflows/${id(workflow.name)}`,
			);
			expect(saved.nodes).toHaveLength(workflow.nodes.length);
			for (const node of saved.nodes) {
				expect(known.has(node.type)).toBe(true);
				if (node.type.startsWith('n8n-nodes-storefront.') && node.type !== 'n8n-nodes-storefront.storefrontTrigger') {
					// the three AI agent examples run under the sandbox's capped credential (docs/nodes.md, "Spending caps")
					const capped = [
						'AI ad assistant with approval (human review of every spend)',
						'Ad agent under spending caps (AI agent with boost tools)',
						'Store assistant (AI agent with Storefront tools)',
					].includes(workflow.name);
					expect(node.credentials?.storefrontApi?.id).toBe(capped ? sandbox.cappedCredentialId : sandbox.credentialId);
				}
			}
		}
	});

	test('boost the best post: validated first, created PAUSED and named after its caption; a second run skips the post already boosted and boosts the next; each recorded for the team', async () => {
		const workflow = 'Boost the best post every Monday';
		const boosts = () => sandbox.api.requests.filter((r) => r.method === 'POST' && r.path === '/v1/ads/boost');
		const adsBefore = sandbox.api.ads.ads.size;
		await run(workflow, 'Every Monday at 9:00');
		await run(workflow, 'Every Monday at 9:00');

		const newAds = [...sandbox.api.ads.ads.values()].slice(adsBefore);
		const [best, next] = rankPosts(postsOf(DEMO.socialConnection, 'socialnet'));
		// no re-boost: one ad each for the two best posts, in order
		expect(newAds.map((a) => a.name)).toEqual([`${best.caption} (${best.id})`, `${next.caption} (${next.id})`]);
		for (const ad of newAds) expect(ad).toMatchObject({ requestedStatus: 'paused', accountId: DEMO.socialConnection });

		// per run: Validate Only, then the real call, each of the post that run picked
		expect(boosts().map((r) => [(r.body as { postId: string }).postId, (r.body as { validateOnly?: boolean }).validateOnly ?? false])).toEqual([
			[best.id, true],
			[best.id, false],
			[next.id, true],
			[next.id, false],
		]);
		const keys = boosts().filter((r) => !(r.body as { validateOnly?: boolean }).validateOnly).map((r) => r.headers['idempotency-key']);
		expect(keys[0]).toMatch(/^n8n-[0-9a-f]{40}$/);
		expect(keys[1]).not.toBe(keys[0]);
		expect(boosts().every((r) => (r.body as { status: string }).status === 'PAUSED')).toBe(true);

		expect(store().activities.get(`boost-${newAds[0].id}`)).toMatchObject({ tactic: 'AD', channel: 'SOCIAL', status: 'PAUSED', url: best.permalink });
		expect(store().activities.get(`boost-${newAds[1].id}`)).toMatchObject({ tactic: 'AD', channel: 'SOCIAL', status: 'PAUSED', url: next.permalink });
	});

	test('landing page: the page, its /sale redirect and the marketing activity exist; the daily workflow records yesterday\'s figures', async () => {
		await publishLandingPage(sandbox);

		await run(LANDING_PAGE_DAILY, 'Every day at 7:00');
		const analytics = sandbox.api.requests.find((r) => r.path === `/v1/ads/campaigns/${DEMO.campaign}/analytics`)!;
		const day = analytics.query.fromDate as string;
		expect(analytics.query.toDate).toBe(day);
		const [engagement] = store().engagements.filter((e) => e.remoteId === 'landing-summer-sale');
		expect(engagement).toMatchObject({ date: day });
		expect(engagement.impressions).toBeGreaterThan(0);
		expect(engagement.adSpend).toMatch(/^\d+\.\d{2}$/);
	});

	describe('post published → marketing activity (trigger example, activated)', () => {
		const endpoint = () => triggerEndpoint(sandbox);
		const executions = async () => await sandbox.n8n.executions(id(TRIGGER_EXAMPLE));

		test('activation registers the endpoint; the API\'s test delivery is acknowledged (webhook.test is not a chosen event)', async () => {
			await activateTriggerExample(sandbox);
		});

		test('three genuine events → exactly three executions and three activities; a redelivery and a forged event start nothing', async () => {
			await deliverPosts(sandbox, [1, 2, 3]);

			const [first] = sandbox.api.webhooks.deliveries.filter((d) => d.event_type === 'post.published');
			const again = await fetch(`${sandbox.api.url}/v1/webhooks/${endpoint().id}/deliveries/${first.id}/redeliver`, {
				method: 'POST',
				headers: { authorization: `Bearer ${KEYS.full}` },
			});
			expect(again.status).toBe(200);
			const body = JSON.stringify({ id: 'evt_forged', event: 'post.published', timestamp: new Date().toISOString(), data: { post: { id: 'forged' } } });
			const forged = await fetch(endpoint().url, {
				method: 'POST',
				headers: { 'content-type': 'application/json', 'x-webhook-signature': signBody('whsec_not_the_secret', body) },
				body,
			});
			expect(forged.status).toBe(401);
			await new Promise((r) => setTimeout(r, 1500));
			expect(await executions()).toHaveLength(3);
			expect(store().activities.has('post-forged')).toBe(false);
		});

		test('deactivation deletes the endpoint at the API', async () => {
			await sandbox.n8n.deactivate(id(TRIGGER_EXAMPLE));
			await waitFor('the endpoint to be deleted', () => sandbox.api.webhooks.endpoints.size === 0);
		});
	});

	test('pairedItem in a real n8n: after a Get Many that turns 3 items into 7 (one of them an error item under Continue On Fail), `$(\'Items\').item` finds each output item\'s own input', async () => {
		const credentials = { storefrontApi: { id: sandbox.credentialId, name: UNCAPPED_CREDENTIAL_NAME } };
		const items = [
			{ tag: 'first', account: DEMO.store },
			{ tag: 'broken', account: 'store_missing' },
			{ tag: 'third', account: DEMO.store },
		];

		const workflow = await sandbox.n8n.createWorkflow({
			name: 'pairedItem across N→M',
			nodes: [
				node('Start', 'n8n-nodes-base.manualTrigger', 0, {}),
				node('Items', 'n8n-nodes-base.code', 200, { jsCode: `return ${JSON.stringify(items)}.map((json) => ({ json }));` }, { typeVersion: 2 }),
				node(
					'Pages',
					'n8n-nodes-storefront.storefrontCommerce',
					400,
					{ resource: 'page', operation: 'getAll', accountId: '={{ $json.account }}', returnAll: false, limit: 3 },
					{ credentials, onError: 'continueRegularOutput' },
				),
				node(
					'Tag',
					'n8n-nodes-base.set',
					600,
					{ mode: 'manual', assignments: { assignments: [{ id: 'a1', name: 'from', type: 'string', value: "={{ $('Items').item.json.tag }}" }] }, includeOtherFields: true },
					{ typeVersion: 3.4 },
				),
			],
			connections: {
				Start: { main: [[{ node: 'Items', type: 'main', index: 0 }]] },
				Items: { main: [[{ node: 'Pages', type: 'main', index: 0 }]] },
				Pages: { main: [[{ node: 'Tag', type: 'main', index: 0 }]] },
			},
			settings: {},
		});
		const execution = await sandbox.n8n.runManually(workflow.id, 'Start');
		expect(execution.status).toBe('success');
		// n8n stores execution data with flatted: read it with n8n's own copy
		const flatted = createRequire(ensureN8n().n8n)('flatted') as { parse(text: string): unknown };
		const data = flatted.parse(execution.data as string) as {
			resultData: { runData: Record<string, Array<{ data: { main: Array<Array<{ json: Record<string, unknown>; pairedItem?: unknown }>> } }>> };
		};
		const tagged = data.resultData.runData.Tag[0].data.main[0].map((i) => [i.json.from, i.json.error === undefined ? 'page' : 'error']);
		expect(tagged).toEqual([
			['first', 'page'],
			['first', 'page'],
			['first', 'page'],
			['broken', 'error'],
			['third', 'page'],
			['third', 'page'],
			['third', 'page'],
		]);
	});

	test('"Retry execution" in a real n8n resends the original execution\'s Idempotency-Keys: the pages made before the failure are not made again', async () => {
		const credentials = { storefrontApi: { id: sandbox.credentialId, name: UNCAPPED_CREDENTIAL_NAME } };
		const titles = Array.from({ length: 5 }, (_, i) => `Retry execution ${randomUUID().slice(0, 8)} ${i}`);
		const workflow = await sandbox.n8n.createWorkflow({
			name: 'Retry execution: five pages',
			nodes: [
				node('Start', 'n8n-nodes-base.manualTrigger', 0, {}),
				node('Titles', 'n8n-nodes-base.code', 200, { jsCode: `return ${JSON.stringify(titles)}.map((title) => ({ json: { title } }));` }, { typeVersion: 2 }),
				node('Pages', 'n8n-nodes-storefront.storefrontCommerce', 400, { resource: 'page', operation: 'create', accountId: DEMO.store, title: '={{ $json.title }}' }, { credentials }),
			],
			connections: { Start: { main: [[{ node: 'Titles', type: 'main', index: 0 }]] }, Titles: { main: [[{ node: 'Pages', type: 'main', index: 0 }]] } },
			settings: {},
		});
		// one create answers 500 (not resent by the node): the execution fails with the other four pages made
		sandbox.api.injectFault({ type: 'status', status: 500 }, 1, { method: 'POST', path: '/v1/commerce/pages' });
		sandbox.api.clearRequests();
		const failed = await sandbox.n8n.runManually(workflow.id, 'Start');
		expect(failed.status).toBe('error');
		const made = () => store().pages.filter((p) => titles.includes(p.title)).map((p) => p.title);
		expect(made()).toHaveLength(4);
		const firstKeys = sandbox.api.requests.filter((r) => r.method === 'POST').map((r) => r.headers['idempotency-key']);

		sandbox.api.clearRequests();
		await sandbox.n8n.rest('POST', `/rest/executions/${failed.id}/retry`, { loadWorkflow: false });
		await waitFor('the retried execution to succeed', async () => (await sandbox.n8n.executions(workflow.id)).some((e) => e.status === 'success'), 60_000);
		// the retry ran the failed node with all five items again, with the original's keys (retryOf)
		const retried = sandbox.api.requests.filter((r) => r.method === 'POST');
		expect(retried).toHaveLength(5);
		expect(new Set(retried.map((r) => r.headers['idempotency-key']))).toEqual(new Set(firstKeys));
		expect(retried.filter((r) => r.replayed)).toHaveLength(4);
		expect(made().sort()).toEqual([...titles].sort());
	});

	describe('AI agent example, run from a chat message with the scripted model', () => {
		const budget = 15; // not the tool's $fromAI default (10): the value must come from the model
		afterAll(() => (sandbox.api.openai.script = demoScript()));

		test('the agent lists the pages, finds the best post, checks the boost with Validate Only, boosts it Paused once and answers with what the tools returned', async () => {
			// under the sandbox's capped credential, as imported: 15 a day and one paused boost are within its caps
			const example = loadExample('ai-agent-store-assistant.json', sandbox.credentialId, sandbox.openAiCredentialId, sandbox.cappedCredentialId);
			const model = example.nodes.find((n: { type: string }) => n.type === '@n8n/n8n-nodes-langchain.lmChatOpenAi');
			expect(model.credentials).toEqual({ openAiApi: { id: sandbox.openAiCredentialId, name: OPENAI_CREDENTIAL_NAME } });
			// the example's chat is the editor's (not public); here the same workflow answers on its public chat webhook, as an embedded chat calls it
			const webhookId = randomUUID();
			const trigger = example.nodes.find((n: { type: string }) => n.type === '@n8n/n8n-nodes-langchain.chatTrigger');
			Object.assign(trigger, { webhookId, parameters: { public: true, mode: 'webhook', options: {} } });
			const workflow = await sandbox.n8n.createWorkflow({ ...example, name: `${example.name} (public chat)` });
			await sandbox.n8n.activate(workflow.id);
			sandbox.api.openai.script = demoScript(budget);

			const from = sandbox.api.requests.length;
			const adsBefore = sandbox.api.ads.ads.size;
			const res = await sendChatMessage(`${sandbox.n8n.url}/webhook/${webhookId}/chat`, 'e2e-chat-1', 'Boost our best post, please', waitFor);
			expect(res.status).toBe(200);
			const { output } = (await res.json()) as { output: string };
			const [execution] = await waitFor('the finished execution', async () => {
				const list = await sandbox.n8n.executions(workflow.id);
				return list.length && !['new', 'running'].includes(list[0].status) ? list : undefined;
			});
			expect(execution).toMatchObject({ status: 'success', mode: 'webhook' });
			await sandbox.n8n.deactivate(workflow.id);

			const [best] = rankPosts(postsOf(DEMO.socialConnection, 'socialnet'));
			const newAds = [...sandbox.api.ads.ads.values()].slice(adsBefore);
			expect(newAds).toHaveLength(1);
			const [ad] = newAds;
			expect(ad).toMatchObject({ name: `Boost of ${best.id}`, requestedStatus: 'paused', budget: { amount: budget, type: 'daily' }, accountId: DEMO.socialConnection });

			// every call, in order: the model, our two reads (one turn, two tool calls), the model, the check, the model, the boost, the model
			const calls = sandbox.api.requests.slice(from);
			const chat = '/openai/v1/chat/completions';
			expect(calls.map((r) => `${r.method} ${r.path} ${r.status}`)).toEqual([
				`POST ${chat} 200`,
				'GET /v1/commerce/pages 200',
				'GET /v1/ads/best-posts 200',
				// which posts already have a boost: one list of the API's ads
				'GET /v1/ads 200',
				`POST ${chat} 200`,
				'POST /v1/ads/boost 200',
				`POST ${chat} 200`,
				'POST /v1/ads/boost 200',
				`POST ${chat} 200`,
			]);
			expect(calls[1].query).toEqual({ accountId: DEMO.store, limit: '100' });
			expect(calls[2].query).toEqual({ accountId: DEMO.socialConnection, adAccountId: DEMO.socialAdAccount });
			const boost = { accountId: DEMO.socialConnection, adAccountId: DEMO.socialAdAccount, postId: best.id, budgetAmount: budget, budgetType: 'daily', status: 'PAUSED' };
			expect(calls[5].body).toEqual({ ...boost, validateOnly: true });
			expect(calls[7].body).toEqual(boost);
			expect(calls[7].headers['idempotency-key']).toMatch(/^n8n-[0-9a-f]{40}$/);

			// what the model received: the four tools, and each tool call answered by a tool message with the node's output
			const requests = sandbox.api.openai.requests().slice(-4);
			expect(requests.map((r) => [r.model, r.stream])).toEqual(Array(4).fill(['gpt-4.1-mini', false]));
			expect(requests[0].tools!.map((t) => t.function.name).sort()).toEqual([DEMO_TOOLS.boost, DEMO_TOOLS.check, DEMO_TOOLS.bestPosts, DEMO_TOOLS.pages]);
			expect(requests[0].tools!.find((t) => t.function.name === DEMO_TOOLS.boost)!.function.parameters).toMatchObject({
				properties: { postId: { type: 'string' }, dailyBudget: { type: 'number', default: 10 } },
				required: ['postId'],
			});
			const messages = requests[3].messages;
			expect(messages.map((m) => m.role)).toEqual(['system', 'user', 'assistant', 'tool', 'assistant', 'tool', 'assistant', 'tool', 'assistant', 'tool']);
			expect(messages[1].content).toBe('Boost our best post, please');
			// n8n sends one assistant message per tool call, and adds the call's id to its arguments
			const toolCalls = messages.filter((m) => m.role === 'assistant').map((m) => {
				const [call] = m.tool_calls!;
				const { id, ...args } = JSON.parse(call.function.arguments) as Record<string, unknown>;
				expect(id).toBe(call.id);
				return { name: call.function.name, args, answeredBy: messages.find((t) => t.role === 'tool' && t.tool_call_id === call.id)?.content };
			});
			expect(toolCalls.map(({ name, args }) => ({ name, args }))).toEqual([
				{ name: DEMO_TOOLS.pages, args: {} },
				{ name: DEMO_TOOLS.bestPosts, args: { howMany: 1 } },
				{ name: DEMO_TOOLS.check, args: { postId: best.id, dailyBudget: budget } },
				{ name: DEMO_TOOLS.boost, args: { postId: best.id, dailyBudget: budget } },
			]);
			const [pages, posts, check, boosted] = toolCalls.map((c) => JSON.parse(c.answeredBy as string) as Array<Record<string, unknown>>);
			expect(pages.map((p) => p.title)).toEqual(store().pages.map((p) => p.title));
			expect(posts).toEqual([expect.objectContaining({ postId: best.id, rank: 1, accountId: DEMO.socialConnection, adAccountId: DEMO.socialAdAccount })]);
			expect(check).toEqual([expect.objectContaining({ validateOnly: true, valid: true, checked_by: 'service' })]);
			expect(boosted).toEqual([
				{
					id: ad.id,
					name: `Boost of ${best.id}`,
					status: 'pending_review',
					requestedStatus: 'paused',
					statusNote: 'In review by the network (pending_review). Created Paused: once approved it stays paused and spends nothing until you set it active (Ad → Pause or resume an ad).',
					message: 'Created paused; it will not spend until you activate it',
				},
			]);

			// the answer quotes what the tools returned
			for (const page of store().pages) expect(output).toContain(`${page.title} (/pages/${page.handle})`);
			expect(output).toContain(`Your best post is ${best.id} ("${best.caption}")`);
			expect(output).toContain(`valid, checked by service`);
			expect(output).toContain(`created ad ${ad.id} "Boost of ${best.id}" with status ${ad.status}: Created paused; it will not spend until you activate it`);
		});
	});
}
