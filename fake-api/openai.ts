import { ReplyWith, type FakeApi, type RecordedRequest } from './core';
import { APPROVAL_TOOLS, approvalScript } from './openaiApproval';
import { Conversation, listOf, type AssistantTurn, type ChatRequest, type ScriptStep } from './openaiConversation';

/**
 * An OpenAI-compatible chat model whose answers are scripted, so that n8n's AI Agent can run
 * the example workflow with our nodes as tools and no real model.
 *
 * It serves what n8n 2.41.1's OpenAI Chat Model node (typeVersion ≤ 1.2, or 1.3 with "Use
 * Responses API" off) sends through @langchain/openai: POST <base URL>/chat/completions with
 * `stream: false`, plus GET <base URL>/models for the credential test and the model list. The
 * base URL to give the `openAiApi` credential is `<fake API>/openai/v1`; any API key is accepted.
 *
 * The script is a list of assistant turns. For every new user message the agent's requests
 * replay it from the first turn: the turn answered is the number of tool-call rounds already in
 * the messages after the last user message. A turn can be a function of the conversation so far,
 * to take its values from the tool results the model has received.
 */

export const OPENAI_BASE = '/openai/v1';

export class ScriptedModel {
	/** The turns answered, in order; replaced by tests (`api.openai.script = [...]`). */
	script: ScriptStep[] = demoScript();

	private calls = 0;

	private completions = 0;

	constructor(private readonly api: FakeApi) {}

	/** The Chat Completions requests the fake API received (recorded in `api.requests` like every call). */
	requests(): ChatRequest[] {
		return this.api.requests.filter((r) => r.path === `${OPENAI_BASE}/chat/completions` && r.status === 200).map((r) => r.body as ChatRequest);
	}

	/** The script's turn for this conversation, as a `chat.completion` object as OpenAI sends it. */
	reply(request: ChatRequest) {
		const conversation = new Conversation(request);
		const round = conversation.round;
		return this.completion(request, this.turn(conversation, round), round);
	}

	private turn(conversation: Conversation, round: number): AssistantTurn {
		const step = this.script[round];
		if (!step) return { content: `(The scripted model has no turn ${round + 1}: its script has ${this.script.length}.)` };
		const turn = typeof step === 'function' ? step(conversation) : step;
		const unknown = (turn.toolCalls ?? []).map((c) => c.name).filter((name) => !conversation.tools.includes(name));
		if (unknown.length) {
			return {
				content: `(The scripted model wanted to call ${unknown.join(', ')}, but the agent offers ${conversation.tools.join(', ') || 'no tools'}.)`,
			};
		}
		return turn;
	}

	private completion(request: ChatRequest, turn: AssistantTurn, round: number) {
		const toolCalls = (turn.toolCalls ?? []).map((call) => ({
			id: `call_${round}_${++this.calls}`,
			type: 'function' as const,
			function: { name: call.name, arguments: JSON.stringify(call.arguments) },
		}));
		const content = turn.content ?? (toolCalls.length ? null : '');
		const promptTokens = Math.ceil(JSON.stringify(request.messages).length / 4);
		const completionTokens = Math.ceil(JSON.stringify([content, toolCalls]).length / 4);
		return {
			id: `chatcmpl-fake${String(++this.completions).padStart(6, '0')}`,
			object: 'chat.completion',
			created: Math.floor(Date.now() / 1000),
			model: request.model,
			choices: [
				{
					index: 0,
					message: { role: 'assistant', content, ...(toolCalls.length ? { tool_calls: toolCalls } : {}), refusal: null, annotations: [] },
					logprobs: null,
					finish_reason: toolCalls.length ? 'tool_calls' : 'stop',
				},
			],
			usage: {
				prompt_tokens: promptTokens,
				completion_tokens: completionTokens,
				total_tokens: promptTokens + completionTokens,
				prompt_tokens_details: { cached_tokens: 0, audio_tokens: 0 },
				completion_tokens_details: { reasoning_tokens: 0, audio_tokens: 0, accepted_prediction_tokens: 0, rejected_prediction_tokens: 0 },
			},
			service_tier: 'default',
			system_fingerprint: 'fp_fake_storefront',
		};
	}
}

/** The tool names n8n gives the example's nodes (node name with every run of other characters as `_`). */
export const DEMO_TOOLS = {
	pages: 'List_store_pages',
	bestPosts: 'Find_the_best_posts',
	check: 'Check_a_boost_validate_only_',
	boost: 'Boost_a_post_paused_',
} as const;

interface Page {
	title: string;
	handle: string;
}
interface Post {
	postId: string;
	caption?: string;
	score?: number;
}
interface Check {
	valid: boolean;
	checked_by?: string;
	checks?: Array<{ check: string; status: string; message?: string }>;
}
interface BoostedAd {
	id: string;
	name: string;
	status: string;
	message?: string;
}

/**
 * What the sandbox's model does with any message: reads the store's pages and the best post,
 * checks a 10 USD/day boost of that post with Validate Only, boosts it Paused if the check
 * passed, and answers with what the tools returned. Offered the approval example's tools, it
 * follows that example's script instead (openaiApproval.ts).
 */
export function demoScript(budget = 10): ScriptStep[] {
	const store = storeAssistantScript(budget);
	const approval = approvalScript();
	return Array.from({ length: Math.max(store.length, approval.length) }, (_, round) => (c: Conversation) => {
		const script = c.tools.includes(APPROVAL_TOOLS.boost) ? approval : store;
		const step = script[round];
		if (!step) return { content: `(The scripted model has no turn ${round + 1}: its script has ${script.length}.)` };
		return typeof step === 'function' ? step(c) : step;
	});
}

function storeAssistantScript(budget: number): ScriptStep[] {
	const bestPost = (c: Conversation) => listOf<Post>(c.result(DEMO_TOOLS.bestPosts))[0];
	const failedChecks = (check: Check | undefined) =>
		(check?.checks ?? []).filter((c) => c.status === 'failed').map((c) => `${c.check}: ${c.message ?? 'failed'}`);
	return [
		{
			toolCalls: [
				{ name: DEMO_TOOLS.pages, arguments: {} },
				{ name: DEMO_TOOLS.bestPosts, arguments: { howMany: 1 } },
			],
		},
		(c) => {
			const post = bestPost(c);
			if (!post) return { content: `I found no post to boost: ${JSON.stringify(c.result(DEMO_TOOLS.bestPosts))}` };
			return { toolCalls: [{ name: DEMO_TOOLS.check, arguments: { postId: post.postId, dailyBudget: budget } }] };
		},
		(c) => {
			const check = listOf<Check>(c.result(DEMO_TOOLS.check))[0];
			if (!check?.valid) {
				return { content: `The API would refuse a boost of ${bestPost(c).postId}: ${failedChecks(check).join('; ') || JSON.stringify(c.result(DEMO_TOOLS.check))}. Nothing was created.` };
			}
			return { toolCalls: [{ name: DEMO_TOOLS.boost, arguments: { postId: bestPost(c).postId, dailyBudget: budget } }] };
		},
		(c) => {
			const pages = listOf<Page>(c.result(DEMO_TOOLS.pages));
			const post = bestPost(c);
			const check = listOf<Check>(c.result(DEMO_TOOLS.check))[0];
			const ad = listOf<BoostedAd>(c.result(DEMO_TOOLS.boost))[0];
			if (!ad?.id) return { content: `The boost of ${post.postId} failed: ${JSON.stringify(c.result(DEMO_TOOLS.boost))}` };
			return {
				content: [
					`Your store has ${pages.length} page${pages.length === 1 ? '' : 's'}: ${pages.map((p) => `${p.title} (/pages/${p.handle})`).join(', ')}.`,
					`Your best post is ${post.postId}${post.caption ? ` ("${post.caption}")` : ''}.`,
					`I checked a boost of ${budget} USD a day first (valid, checked by ${check.checked_by ?? 'the API'}), then created ad ${ad.id} "${ad.name}" with status ${ad.status}${ad.message ? `: ${ad.message}` : ''}.`,
					'Review it and start it in socialnet when you are ready.',
				].join('\n'),
			};
		},
	];
}

const openAiError = (status: number, message: string, type: string, code: string | null, param: string | null = null) =>
	new ReplyWith(status, { error: { message, type, param, code } });

/** Registers the OpenAI-compatible routes under /openai/v1. */
export function registerOpenAi(api: FakeApi): ScriptedModel {
	const model = new ScriptedModel(api);
	const authorized = (request: RecordedRequest) => /^Bearer \S+$/.test(String(request.headers.authorization ?? ''));
	const noKey = () =>
		openAiError(401, "You didn't provide an API key. You need to provide your API key in an Authorization header using Bearer auth (i.e. Authorization: Bearer YOUR_KEY).", 'invalid_request_error', null);

	api.route('GET', `${OPENAI_BASE}/models`, { auth: false }, ({ request }) => {
		if (!authorized(request)) return noKey();
		const created = 1_700_000_000;
		return {
			object: 'list',
			data: ['gpt-4.1-mini', 'gpt-4.1', 'gpt-4o-mini'].map((id) => ({ id, object: 'model', created, owned_by: 'storefront-fake' })),
		};
	});

	api.route('POST', `${OPENAI_BASE}/chat/completions`, { auth: false }, ({ request, body }) => {
		if (!authorized(request)) return noKey();
		const chat = body as unknown as ChatRequest;
		if (typeof chat.model !== 'string' || !chat.model) return openAiError(400, "Missing required parameter: 'model'.", 'invalid_request_error', 'missing_required_parameter', 'model');
		if (!Array.isArray(chat.messages) || !chat.messages.length) {
			return openAiError(400, "Missing required parameter: 'messages'.", 'invalid_request_error', 'missing_required_parameter', 'messages');
		}
		// n8n 2.41.1 streams only when the chat trigger answers in streaming mode, which the example does not use
		if (chat.stream) return openAiError(400, 'This scripted fake model does not stream: set the chat trigger\'s Response Mode to "When Last Node Finishes".', 'invalid_request_error', 'unsupported_value', 'stream');
		return model.reply(chat);
	});

	api.route('POST', `${OPENAI_BASE}/responses`, { auth: false }, () =>
		openAiError(
			404,
			'This scripted fake model serves Chat Completions only: in the OpenAI Chat Model node (version 1.3), turn "Use Responses API" off.',
			'invalid_request_error',
			'unknown_url',
		),
	);

	return model;
}
