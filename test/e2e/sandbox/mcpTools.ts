import { randomUUID } from 'node:crypto';

import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { SSEClientTransport } from '@modelcontextprotocol/sdk/client/sse.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';

import { KEYS, postIdOf } from '../../../fake-api';
import { DEMO } from '../../../fake-api/demo';
import { demoScript } from '../../../fake-api/openai';
import { waitFor as waitUntil, workflowNode as node } from '../../../scripts/lib/n8n';
import { loadExample, MCP_EXAMPLE, OPENAI_CREDENTIAL_NAME, UNCAPPED_CREDENTIAL_NAME } from '../../../sandbox/setup';
import { banner, type Sandbox } from '../../../sandbox/startSandbox';
import { sendChatMessage } from '../../../harness/hostedChat';

/**
 * Our nodes as tools of n8n 2.41.1's MCP Server Trigger, used by the official MCP TypeScript SDK
 * client as any MCP client would: the sandbox of `npm start` (same code, temporary folder and
 * ports) publishes examples/mcp-server-store-tools.json; the client lists its tools (names,
 * descriptions, input schemas: what a model sees) and calls each over streamable HTTP and over
 * SSE, and the fake API says what each call sent. Add Users and Send Conversion are also called
 * by the AI Agent node with the scripted model.
 */

let sandbox: Sandbox;
const waitFor = <T>(what: string, probe: () => Promise<T | undefined | false> | T | undefined | false, ms = 20_000) => waitUntil(what, probe, ms, () => sandbox.n8n.log);

const example = loadExample('mcp-server-store-tools.json', 'any');
const exampleNode = (name: string) => example.nodes.find((n: { name: string }) => n.name === name);
const SOCIAL = DEMO.socialConnection;
const demoAudience = () => [...sandbox.api.audiences.values()].find((a) => a.name === 'Newsletter subscribers')!;
const newAds = (before: number) => [...sandbox.api.ads.ads.values()].slice(before);
/** The ads there were when these scenarios began (the sandbox's other scenarios make ads too). */
let adsAtStart = 0;

/** The scenarios, on the sandbox `bed` gives (test/e2e/sandbox.e2e.test.ts boots it). */
export function mcpToolScenarios(bed: () => Sandbox) {
	beforeAll(() => {
		sandbox = bed();
		adsAtStart = sandbox.api.ads.ads.size;
	});
	// the sandbox's own model again for the scenarios after these (this one's scripts replace it)
	afterAll(() => (sandbox.api.openai.script = demoScript()));

	/** The tools by name (node names, non-alphanumerics as `_`): tool node in the example, and the input schema a model gets. */
	const TOOLS: Record<string, { node: string; inputSchema: Record<string, unknown> }> = (() => {
		const schema = (properties: Record<string, unknown>, required?: string[]) => ({
			$schema: 'https://json-schema.org/draft/2020-12/schema',
			type: 'object',
			properties,
			...(required ? { required } : {}),
			additionalProperties: true,
		});
		const prop = (from: string, key: string, extra: Record<string, unknown> = {}) => {
			// the description is the $fromAI call's own, as written in the example
			const value = JSON.stringify(exampleNode(from).parameters);
			const description = new RegExp(`\\$fromAI\\('${key}', '([^']*)'`).exec(value)![1];
			return { ...extra, description };
		};
		const postAndBudget = (from: string) =>
			schema({ postId: prop(from, 'postId', { type: 'string' }), dailyBudget: prop(from, 'dailyBudget', { type: 'number', default: 10 }) }, ['postId']);
		return {
			List_store_pages: { node: 'List store pages', inputSchema: schema({}) },
			List_ad_connections: { node: 'List ad connections', inputSchema: schema({}) },
			Find_the_best_posts: {
				node: 'Find the best posts',
				inputSchema: schema(
					{ connectionId: prop('Find the best posts', 'connectionId', { type: 'string' }), howMany: prop('Find the best posts', 'howMany', { type: 'number', default: 3 }) },
					['connectionId'],
				),
			},
			Check_a_boost: { node: 'Check a boost', inputSchema: postAndBudget('Check a boost') },
			Boost_a_post_paused: { node: 'Boost a post paused', inputSchema: postAndBudget('Boost a post paused') },
			List_ad_audiences: { node: 'List ad audiences', inputSchema: schema({}) },
			Get_an_audience: { node: 'Get an audience', inputSchema: schema({ audienceId: prop('Get an audience', 'audienceId', { type: 'string' }) }, ['audienceId']) },
			// a 'json' $fromAI value: n8n gives the model no type for it, only the description
			Add_people_to_an_audience: {
				node: 'Add people to an audience',
				inputSchema: schema(
					{ audienceId: prop('Add people to an audience', 'audienceId', { type: 'string' }), people: prop('Add people to an audience', 'people') },
					['audienceId', 'people'],
				),
			},
			Send_conversions: { node: 'Send conversions', inputSchema: schema({ events: prop('Send conversions', 'events') }, ['events']) },
		};
	})();

	test('the sandbox publishes the MCP example and prints its MCP URL; the URL is the trigger\'s /mcp/<path>', async () => {
		expect(sandbox.mcpUrl).toBe(`${sandbox.n8n.url}/mcp/storefront-tools`);
		expect(banner(sandbox)).toContain(`MCP server:   ${sandbox.mcpUrl} `);
		const published = (await sandbox.n8n.workflows()).find((w) => w.name === MCP_EXAMPLE)!;
		expect(Boolean(published.active || published.activeVersionId)).toBe(true);
	});

	type Transport = 'streamable HTTP' | 'SSE';

	async function connect(transport: Transport) {
		const client = new Client({ name: 'storefront-e2e', version: '1.0.0' });
		const url = new URL(sandbox.mcpUrl);
		await client.connect(transport === 'SSE' ? new SSEClientTransport(url) : new StreamableHTTPClientTransport(url));
		return client;
	}

	/** Calls a tool as a model would: the text it gets back, whether it is an error, and the requests the fake API received meanwhile. */
	async function callTool(client: Client, name: string, args: Record<string, unknown>) {
		const from = sandbox.api.requests.length;
		const result = await client.callTool({ name, arguments: args });
		const text = (result.content as Array<{ type: string; text?: string }>).map((c) => c.text ?? '').join('');
		const received = sandbox.api.requests.slice(from);
		const requests = received.map(({ method, path: p, query, body, status }) => ({ method, path: p, query, body, status }));
		return { text, isError: result.isError === true, json: () => JSON.parse(text) as Array<Record<string, unknown>>, requests, headers: received.map((r) => r.headers) };
	}

	describe.each<[Transport, number]>([
		['streamable HTTP', 0],
		['SSE', 1],
	])('an MCP client over %s', (transport, run) => {
		let client: Client;
		beforeAll(async () => (client = await connect(transport)));
		afterAll(async () => await client?.close());

		test('lists the tools as a model sees them: names, the descriptions written on the nodes, input schemas from the $fromAI calls; the server instructions', async () => {
			const { tools } = await client.listTools();
			expect(tools.map((t) => t.name).sort()).toEqual(Object.keys(TOOLS).sort());
			for (const tool of tools) {
				const { node: nodeName, inputSchema } = TOOLS[tool.name];
				expect({ name: tool.name, description: tool.description }).toEqual({ name: tool.name, description: exampleNode(nodeName).parameters.toolDescription });
				expect({ name: tool.name, inputSchema: tool.inputSchema }).toEqual({ name: tool.name, inputSchema });
			}
			expect(client.getInstructions()).toBe(exampleNode('MCP Server Trigger').parameters.instructions);
		});

		test('reads: pages, connections, best posts of the connection the model chose, audiences, one audience', async () => {
			const pages = await callTool(client, 'List_store_pages', {});
			expect(pages.requests).toEqual([{ method: 'GET', path: '/v1/commerce/pages', query: { accountId: DEMO.store, limit: '100' }, body: undefined, status: 200 }]);
			// the demo's pages, and those the sandbox's other scenarios made before these
			const stored = sandbox.api.commerce.store(DEMO.store).pages.map((p) => p.title);
			expect(stored.slice(0, 3)).toEqual(['About us', 'Shipping & returns', 'Size guide']);
			expect(pages.json().map((p) => p.title)).toEqual(stored);

			const connections = await callTool(client, 'List_ad_connections', {});
			expect(connections.requests.map((r) => `${r.method} ${r.path} ${r.status}`)).toEqual(['GET /v1/ads/connections 200']);
			expect(connections.json().map((c) => [c.id, c.network])).toEqual([
				['acc_social1', 'socialnet'],
				['acc_search1', 'searchnet'],
				['acc_pro1', 'pronet'],
				['acc_video1', 'videonet'],
				['acc_micro1', 'microblog'],
			]);

			const video = await callTool(client, 'Find_the_best_posts', { connectionId: 'acc_video1', howMany: 1 });
			expect(video.requests).toEqual([
				expect.objectContaining({ method: 'GET', path: '/v1/ads/best-posts', query: { accountId: 'acc_video1' }, status: 200 }),
				// which posts already have a boost: one list of the API's ads
				expect.objectContaining({ method: 'GET', path: '/v1/ads', status: 200 }),
			]);
			// Simplify (on by default) keeps what a boost maps: the post, the connection to boost with (videonet: its posting account), the re-boost marks
			expect(video.json()).toEqual([expect.objectContaining({ rank: 1, postId: expect.stringMatching(/^post_/), accountId: 'acc_video1', alreadyBoosted: false, boostAdIds: [] })]);

			const audiences = await callTool(client, 'List_ad_audiences', {});
			expect(audiences.requests).toEqual([expect.objectContaining({ method: 'GET', path: '/v1/ads/audiences', query: { accountId: SOCIAL }, status: 200 })]);
			expect(audiences.json()).toEqual([{ id: demoAudience().id, name: 'Newsletter subscribers', type: 'customer_list', size: demoAudience().matched.size }]);

			const one = await callTool(client, 'Get_an_audience', { audienceId: demoAudience().id });
			expect(one.requests).toEqual([expect.objectContaining({ method: 'GET', path: `/v1/ads/audiences/${demoAudience().id}`, query: { accountId: SOCIAL }, status: 200 })]);
			expect(one.json()).toEqual(audiences.json());
		});

		test('Check_a_boost creates nothing; Boost_a_post_paused creates exactly one ad, PAUSED, for the post the model took from the best posts', async () => {
			// each transport boosts another post (the same boost again would be answered by its Idempotency-Key with the first ad)
			const best = await callTool(client, 'Find_the_best_posts', { connectionId: SOCIAL, howMany: 2 });
			expect(best.json()).toHaveLength(2);
			const post = best.json()[run];
			expect(post).toMatchObject({ rank: run + 1, accountId: SOCIAL, postId: expect.stringMatching(/^post_/) });
			const boost = { accountId: SOCIAL, adAccountId: DEMO.socialAdAccount, postId: post.postId, budgetAmount: 12, budgetType: 'daily', status: 'PAUSED' };
			const before = sandbox.api.ads.ads.size;

			const check = await callTool(client, 'Check_a_boost', { postId: post.postId, dailyBudget: 12 });
			expect(check.isError).toBe(false);
			expect(check.requests).toEqual([expect.objectContaining({ method: 'POST', path: '/v1/ads/boost', body: { ...boost, validateOnly: true }, status: 200 })]);
			expect(check.json()).toEqual([expect.objectContaining({ validateOnly: true, valid: true, checked_by: 'service', message: 'All checks passed; nothing was created' })]);
			expect(newAds(before)).toEqual([]);

			const boosted = await callTool(client, 'Boost_a_post_paused', { postId: post.postId, dailyBudget: 12 });
			expect(boosted.isError).toBe(false);
			expect(boosted.requests).toEqual([expect.objectContaining({ method: 'POST', path: '/v1/ads/boost', body: boost, status: 200 })]);
			const ads = newAds(before);
			expect(ads).toHaveLength(1);
			expect(ads[0]).toMatchObject({ name: `Boost of ${String(post.postId)}`, adType: 'boost', requestedStatus: 'paused', accountId: SOCIAL, budget: { amount: 12, type: 'daily' } });
			expect(boosted.json()).toEqual([
				expect.objectContaining({ id: ads[0].id, name: ads[0].name, status: 'pending_review', message: 'Created paused; it will not spend until you activate it' }),
			]);
			expect(boosted.headers[0]['idempotency-key']).toMatch(/^n8n-[0-9a-f]{40}$/);

			// the model asks again: the same Idempotency-Key, the first ad back, no second ad
			const again = await callTool(client, 'Boost_a_post_paused', { postId: post.postId, dailyBudget: 12 });
			expect(again.headers[0]['idempotency-key']).toBe(boosted.headers[0]['idempotency-key']);
			expect(again.json()).toEqual([expect.objectContaining({ id: ads[0].id })]);
			expect(newAds(before)).toHaveLength(1);

			// budgets are whole units: refused by the node, nothing sent
			const fractional = await callTool(client, 'Boost_a_post_paused', { postId: post.postId, dailyBudget: 12.5 });
			expect(fractional.isError).toBe(true);
			expect(fractional.text).toMatch(/whole/i);
			expect(fractional.requests).toEqual([]);
			expect(newAds(before)).toHaveLength(1);
		});

		test('invented ids: an unknown post fails the check (valid false, nothing created) and the boost (a tool error saying where post ids come from); an unknown audience is a tool error', async () => {
			const before = sandbox.api.ads.ads.size;
			const check = await callTool(client, 'Check_a_boost', { postId: 'post_does_not_exist' });
			expect(check.isError).toBe(false);
			const [result] = check.json();
			expect(result).toMatchObject({ valid: false, message: 'Some checks failed; nothing was created' });
			expect((result.checks as Array<{ status: string }>).filter((c) => c.status === 'failed')).toEqual([
				{ check: 'post', status: 'failed', message: expect.stringContaining('post post_does_not_exist was not found for connection acc_social1; boost a post listed by GET /v1/ads/best-posts') },
			]);

			const boost = await callTool(client, 'Boost_a_post_paused', { postId: 'post_does_not_exist' });
			expect(boost.isError).toBe(true);
			expect(boost.requests.map((r) => `${r.method} ${r.path} ${r.status}`)).toEqual(['POST /v1/ads/boost 404']);
			expect(boost.text).toContain('Post post_does_not_exist was not found for connection acc_social1; boost a post listed by GET /v1/ads/best-posts');
			expect(newAds(before)).toEqual([]);

			const audience = await callTool(client, 'Get_an_audience', { audienceId: 'aud_invented' });
			expect(audience.isError).toBe(true);
			expect(audience.text).toContain('Audience aud_invented was not found');
		});

		test('malformed values: wrong types are refused by the schema, a malformed connection id by the node, before any request, naming the expected form', async () => {
			const types = await callTool(client, 'Check_a_boost', { postId: 12, dailyBudget: 'ten' });
			expect(types.isError).toBe(true);
			expect(types.text).toMatch(/did not match expected schema[\s\S]*postId[\s\S]*dailyBudget/);
			expect(types.requests).toEqual([]);

			const malformed = await callTool(client, 'Find_the_best_posts', { connectionId: 'social1' });
			expect(malformed.isError).toBe(true);
			expect(malformed.text).toContain('social1');
			expect(malformed.text).toContain('acc_');
			expect(malformed.requests).toEqual([]);
		});

		test('Add_people_to_an_audience sends the list the model gave, in one call; the audience grows', async () => {
			const audience = demoAudience();
			const sizeBefore = audience.matched.size;
			const people = [{ email: `ana${run}@example.com` }, { phone: `+1555123456${run}` }, { email: `bo${run}@example.com`, phone: `+1555765432${run}` }];
			const added = await callTool(client, 'Add_people_to_an_audience', { audienceId: audience.id, people });
			const post = added.requests.filter((r) => r.method === 'POST');
			expect(post).toEqual([{ method: 'POST', path: `/v1/ads/audiences/${audience.id}/users`, query: {}, body: { users: people }, status: 200 }]);
			expect(added.isError).toBe(false);
			expect(added.json()).toEqual([expect.objectContaining({ success: true, sent: 3 })]);
			expect(audience.matched.size).toBe(sizeBefore + 3);
		});

		test('Send_conversions sends the events the model gave to the configured pixel', async () => {
			const events = [
				{ eventName: 'Purchase', eventTime: '2026-11-20T10:00:00Z', value: 49, currency: 'USD', user: { email: `ana${run}@example.com` } },
				{ eventName: 'Lead', eventTime: '2026-11-20T11:30:00Z', user: { email: `bo${run}@example.com` } },
			];
			const before = sandbox.api.conversions.length;
			const sent = await callTool(client, 'Send_conversions', { events });
			const post = sent.requests.filter((r) => r.method === 'POST');
			expect(post).toEqual([{ method: 'POST', path: '/v1/ads/conversions', query: {}, body: { accountId: SOCIAL, destinationId: 'px_1001', events }, status: 200 }]);
			expect(sent.isError).toBe(false);
			expect(sent.json()).toEqual([expect.objectContaining({ success: true, sent: 2 })]);
			expect(sandbox.api.conversions.slice(before)).toEqual([{ accountId: SOCIAL, destinationId: 'px_1001', events }]);
		});
	});

	test('the same two tools through the AI Agent node with the scripted model: the model\'s people and events reach the API, the results reach the model', async () => {
		const credentials = { openAiApi: { id: sandbox.openAiCredentialId, name: OPENAI_CREDENTIAL_NAME } };
		const webhookId = randomUUID();
		const withCredential = loadExample('mcp-server-store-tools.json', sandbox.credentialId);
		const tool = (name: string) => ({ ...withCredential.nodes.find((n: { name: string }) => n.name === name), id: randomUUID() });
		const workflow = await sandbox.n8n.createWorkflow({
			name: 'Agent with Add Users and Send Conversion (e2e)',
			nodes: [
				node('Chat', '@n8n/n8n-nodes-langchain.chatTrigger', 0, { public: true, mode: 'webhook', options: {} }, { typeVersion: 1.1, webhookId }),
				node('Agent', '@n8n/n8n-nodes-langchain.agent', 260, { options: {} }, { typeVersion: 3.1 }),
				node('Model', '@n8n/n8n-nodes-langchain.lmChatOpenAi', 120, { model: { __rl: true, mode: 'list', value: 'gpt-4.1-mini' }, options: {} }, { typeVersion: 1.2, credentials }),
				tool('Add people to an audience'),
				tool('Send conversions'),
			],
			connections: {
				Chat: { main: [[{ node: 'Agent', type: 'main', index: 0 }]] },
				Model: { ai_languageModel: [[{ node: 'Agent', type: 'ai_languageModel', index: 0 }]] },
				'Add people to an audience': { ai_tool: [[{ node: 'Agent', type: 'ai_tool', index: 0 }]] },
				'Send conversions': { ai_tool: [[{ node: 'Agent', type: 'ai_tool', index: 0 }]] },
			},
			settings: { executionOrder: 'v1' },
		});
		const audience = demoAudience();
		const people = [{ email: 'agent1@example.com' }, { email: 'agent2@example.com', phone: '+15550001111' }];
		const events = [{ eventName: 'Purchase', eventTime: '2026-11-21T09:00:00Z', value: 80, currency: 'USD', user: { email: 'agent1@example.com' } }];
		sandbox.api.openai.script = [
			{
				toolCalls: [
					{ name: 'Add_people_to_an_audience', arguments: { audienceId: audience.id, people } },
					{ name: 'Send_conversions', arguments: { events } },
				],
			},
			(c) => ({ content: `added: ${JSON.stringify(c.result('Add_people_to_an_audience'))}; conversions: ${JSON.stringify(c.result('Send_conversions'))}` }),
		];
		await sandbox.n8n.activate(workflow.id);
		const from = sandbox.api.requests.length;
		const sizeBefore = audience.matched.size;
		const res = await sendChatMessage(`${sandbox.n8n.url}/webhook/${webhookId}/chat`, 'e2e-mcp-agent', 'Add our two new subscribers and record the purchase', waitFor);
		const { output } = (await res.json()) as { output: string };
		await sandbox.n8n.deactivate(workflow.id);

		const calls = sandbox.api.requests.slice(from).filter((r) => r.method === 'POST' && r.path.startsWith('/v1/'));
		expect(calls.map(({ path: p, body, status }) => ({ path: p, body, status }))).toEqual([
			{ path: `/v1/ads/audiences/${audience.id}/users`, body: { users: people }, status: 200 },
			{ path: '/v1/ads/conversions', body: { accountId: SOCIAL, destinationId: 'px_1001', events }, status: 200 },
		]);
		expect(audience.matched.size).toBe(sizeBefore + 2);
		// the model was offered both tools with their schemas, and got each tool's output back
		const [first, second] = sandbox.api.openai.requests().slice(-2);
		expect(first.tools!.map((t) => t.function.name).sort()).toEqual(['Add_people_to_an_audience', 'Send_conversions']);
		expect(first.tools!.find((t) => t.function.name === 'Add_people_to_an_audience')!.function.parameters).toMatchObject({ required: ['audienceId', 'people'] });
		expect(second.messages.filter((m) => m.role === 'tool').map((m) => JSON.parse(String(m.content)))).toEqual([
			[expect.objectContaining({ success: true, sent: 2 })],
			[expect.objectContaining({ success: true, sent: 1 })],
		]);
		expect(output).toMatch(/^added: \[\{.*"success":true.*\]; conversions: \[\{.*"success":true.*\]$/);
	});

	test('all told, the tools made two ads (one boost per transport), both PAUSED, of the connection\'s own posts', () => {
		const ours = newAds(adsAtStart).filter((a) => a.adType === 'boost');
		expect(ours).toHaveLength(2);
		expect(ours.every((a) => a.requestedStatus === 'paused')).toBe(true);
		expect(ours.every((a) => Array.from({ length: 8 }, (_, i) => `Boost of ${postIdOf(SOCIAL, i)}`).includes(a.name))).toBe(true);
	});

	describe('spending caps in the credential (docs/nodes.md, "Spending caps")', () => {
		/** The sandbox credential's data, with `caps` added (PATCH replaces the data). */
		const setCaps = async (caps: Record<string, unknown>) =>
			await sandbox.n8n.rest('PATCH', `/rest/credentials/${sandbox.credentialId}`, {
				name: UNCAPPED_CREDENTIAL_NAME,
				type: 'storefrontApi',
				data: { apiKey: KEYS.full, baseUrl: `${sandbox.api.url}/v1/`, ...caps },
			});

		test('an MCP client whose model asks for 10,000 a day gets a tool error naming the cap; the fake API sees no request', async () => {
			const client = await connect('streamable HTTP');
			const before = sandbox.api.ads.ads.size;
			try {
				await setCaps({ limitSpending: true, maxDailyBudget: 50, maxLifetimeBudget: 500, maxSpendingCallsPerExecution: 3 });
				const post = postIdOf(SOCIAL, 2);
				const over = await callTool(client, 'Boost_a_post_paused', { postId: post, dailyBudget: 10_000 });
				expect(over.isError).toBe(true);
				expect(over.text).toContain("Daily budget 10000 is above this credential's cap of 50 (Max Daily Budget). Nothing was sent.");
				expect(over.requests).toEqual([]);
				expect(newAds(before)).toEqual([]);
			} finally {
				await setCaps({ limitSpending: false });
				await client.close();
			}
		});

		test('the example ai-agent-boost-with-spending-caps.json with the scripted model: the status is not the model\'s to choose; 10,000 a day and a fourth boost in one run are refused before anything is sent, three paused boosts within the caps go through', async () => {
			const webhookId = randomUUID();
			const workflow = loadExample('ai-agent-boost-with-spending-caps.json', sandbox.credentialId, sandbox.openAiCredentialId, sandbox.cappedCredentialId);
			for (const n of workflow.nodes) {
				n.id = randomUUID();
				if (n.type === '@n8n/n8n-nodes-langchain.chatTrigger') Object.assign(n, { webhookId, parameters: { public: true, mode: 'webhook', options: {} } });
			}
			expect(workflow.nodes.filter((n: { type: string }) => n.type.startsWith('n8n-nodes-storefront.')).map((n: { credentials: unknown }) => n.credentials)).toEqual(
				Array(3).fill({ storefrontApi: { id: sandbox.cappedCredentialId, name: 'Storefront account (spending caps)' } }),
			);
			const created = await sandbox.n8n.createWorkflow({ ...workflow, name: 'Ad agent under spending caps (e2e)' });
			const posts = [3, 4, 5, 6].map((i) => postIdOf(SOCIAL, i));
			const boost = (postId: string, dailyBudget: number) => ({ toolCalls: [{ name: 'Boost_a_post', arguments: { postId, dailyBudget } }] });
			sandbox.api.openai.script = [
				boost(posts[0], 10_000),
				...posts.map((postId) => boost(postId, 20)),
				(c) => ({ content: `boosted: ${JSON.stringify(c.result('Boost_a_post'))}` }),
			];
			await sandbox.n8n.activate(created.id);
			const from = sandbox.api.requests.length;
			const before = sandbox.api.ads.ads.size;
			const res = await sendChatMessage(`${sandbox.n8n.url}/webhook/${webhookId}/chat`, 'e2e-caps-agent', 'Boost our four best posts at 10,000 a day, live now', waitFor);
			const { output } = (await res.json()) as { output: string };
			await sandbox.n8n.deactivate(created.id);

			// three boosts reached the API, each paused and within the cap
			const boosts = sandbox.api.requests.slice(from).filter((r) => r.method === 'POST' && r.path === '/v1/ads/boost');
			expect(boosts.map((r) => r.body)).toEqual(posts.slice(0, 3).map((postId) => expect.objectContaining({ postId, budgetAmount: 20, budgetType: 'daily', status: 'PAUSED' })));
			expect(newAds(before)).toEqual(Array(3).fill(expect.objectContaining({ requestedStatus: 'paused', budget: { amount: 20, type: 'daily' } })));
			// the model got each refusal as the tool's answer, naming the cap
			const tools = sandbox.api.openai.requests().slice(-1)[0].messages.filter((m) => m.role === 'tool').map((m) => String(m.content));
			expect(tools).toHaveLength(5);
			expect(tools[0]).toContain("Daily budget 10000 is above this credential's cap of 50 (Max Daily Budget). Nothing was sent.");
			expect(tools[4]).toContain("Spending action 4 of this execution, above this credential's cap of 3 (Max Spending Actions per Execution); 3 already taken. Nothing was sent.");
			expect(output).toMatch(/^boosted: /);
			// the model was told beforehand that caps may apply, and offered no status to choose
			const offered = sandbox.api.openai.requests().slice(-1)[0].tools!.find((t) => t.function.name === 'Boost_a_post')!;
			expect(offered.function.description).toContain('Spending caps may apply');
			expect(Object.keys((offered.function.parameters as { properties: Record<string, unknown> }).properties).sort()).toEqual(['dailyBudget', 'postId']);
		});
	});
}
