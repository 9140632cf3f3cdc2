import { startFakeApi, type FakeApiServer } from '../../fake-api';
import { DEMO_TOOLS } from '../../fake-api/openai';
import type { ChatMessage, ChatRequest } from '../../fake-api/openaiConversation';

/**
 * The scripted OpenAI-compatible model (/openai/v1) with a plain HTTP client. That n8n's own
 * OpenAI client parses its answers is shown by the AI agent example in test/e2e/sandbox/examples.ts.
 */

let api: FakeApiServer;
beforeEach(async () => (api = await startFakeApi()));
afterEach(async () => await api.close());

const tool = (name: string) => ({ type: 'function' as const, function: { name, parameters: { type: 'object', properties: {} } } });
const ALL_TOOLS = Object.values(DEMO_TOOLS).map(tool);

async function call(method: string, path: string, body?: unknown, key: string | null = 'sk-anything') {
	const res = await fetch(`${api.url}/openai/v1${path}`, {
		method,
		headers: { ...(key ? { authorization: `Bearer ${key}` } : {}), ...(body ? { 'content-type': 'application/json' } : {}) },
		body: body === undefined ? undefined : JSON.stringify(body),
	});
	return { status: res.status, body: (await res.json()) as any }; // eslint-disable-line @typescript-eslint/no-explicit-any
}

const complete = async (messages: ChatMessage[], tools = ALL_TOOLS) =>
	await call('POST', '/chat/completions', { model: 'gpt-4.1-mini', stream: false, tools, messages } satisfies ChatRequest);

/** What n8n sends back after a tool call: one assistant message per call, then its result. */
const answered = (id: string, name: string, args: Record<string, unknown>, result: unknown): ChatMessage[] => [
	{ role: 'assistant', content: [], tool_calls: [{ id, type: 'function', function: { name, arguments: JSON.stringify({ ...args, id }) } }] },
	{ role: 'tool', content: JSON.stringify(result), tool_call_id: id },
];

test('any Bearer key is accepted; none gets OpenAI\'s 401 error body', async () => {
	const none = await call('GET', '/models', undefined, null);
	expect(none.status).toBe(401);
	expect(none.body).toEqual({ error: { message: expect.stringContaining("You didn't provide an API key"), type: 'invalid_request_error', param: null, code: null } });
	const models = await call('GET', '/models');
	expect(models.status).toBe(200);
	expect(models.body.object).toBe('list');
	expect(models.body.data.map((m: { id: string }) => m.id)).toContain('gpt-4.1-mini');
});

test('the demo script, turn by turn, takes its values from the tool results and starts again for the next user message', async () => {
	const start: ChatMessage[] = [{ role: 'system', content: 'You help.' }, { role: 'user', content: 'Boost the best post' }];
	const first = await complete(start);
	expect(first.status).toBe(200);
	expect(first.body).toMatchObject({ object: 'chat.completion', model: 'gpt-4.1-mini', choices: [{ index: 0, finish_reason: 'tool_calls', message: { role: 'assistant', content: null } }] });
	expect(first.body.usage.total_tokens).toBe(first.body.usage.prompt_tokens + first.body.usage.completion_tokens);
	const calls = first.body.choices[0].message.tool_calls;
	expect(calls.map((c: { type: string; function: { name: string; arguments: string } }) => [c.type, c.function.name, JSON.parse(c.function.arguments)])).toEqual([
		['function', DEMO_TOOLS.pages, {}],
		['function', DEMO_TOOLS.bestPosts, { howMany: 1 }],
	]);

	const reads = [
		...start,
		...answered(calls[0].id, DEMO_TOOLS.pages, {}, [{ title: 'About us', handle: 'about-us' }]),
		...answered(calls[1].id, DEMO_TOOLS.bestPosts, { howMany: 1 }, [{ postId: 'post_9', caption: 'Linen' }]),
	];
	const second = await complete(reads);
	const [check] = second.body.choices[0].message.tool_calls;
	expect([check.function.name, JSON.parse(check.function.arguments)]).toEqual([DEMO_TOOLS.check, { postId: 'post_9', dailyBudget: 10 }]);

	const checked = [...reads, ...answered(check.id, DEMO_TOOLS.check, { postId: 'post_9', dailyBudget: 10 }, [{ valid: true, checked_by: 'service', checks: [] }])];
	const third = await complete(checked);
	const [boost] = third.body.choices[0].message.tool_calls;
	expect([boost.function.name, JSON.parse(boost.function.arguments)]).toEqual([DEMO_TOOLS.boost, { postId: 'post_9', dailyBudget: 10 }]);

	const boosted = [...checked, ...answered(boost.id, DEMO_TOOLS.boost, { postId: 'post_9', dailyBudget: 10 }, [{ id: 'ad_1', name: 'Boost of post_9', status: 'paused' }])];
	const last = await complete(boosted);
	expect(last.body.choices[0]).toMatchObject({ finish_reason: 'stop', message: { role: 'assistant' } });
	expect(last.body.choices[0].message.tool_calls).toBeUndefined();
	expect(last.body.choices[0].message.content).toBe(
		'Your store has 1 page: About us (/pages/about-us).\nYour best post is post_9 ("Linen").\n' +
			'I checked a boost of 10 USD a day first (valid, checked by service), then created ad ad_1 "Boost of post_9" with status paused.\n' +
			'Review it and start it in socialnet when you are ready.',
	);

	// a new user message (with the previous exchange as memory) starts the script again
	const again = await complete([...boosted, { role: 'assistant', content: 'Done.' }, { role: 'user', content: 'Once more' }]);
	expect(again.body.choices[0].message.tool_calls.map((c: { function: { name: string } }) => c.function.name)).toEqual([DEMO_TOOLS.pages, DEMO_TOOLS.bestPosts]);
	expect(api.openai.requests()).toHaveLength(5);
});

test('a failed check ends with the failed checks and no boost', async () => {
	const messages: ChatMessage[] = [
		{ role: 'user', content: 'Boost' },
		...answered('call_0_1', DEMO_TOOLS.pages, {}, []),
		...answered('call_0_2', DEMO_TOOLS.bestPosts, { howMany: 1 }, [{ postId: 'post_9' }]),
		...answered('call_1_3', DEMO_TOOLS.check, { postId: 'post_9', dailyBudget: 10 }, [{ valid: false, checks: [{ check: 'min_daily_budget', status: 'failed', message: 'at least 20' }] }]),
	];
	const r = await complete(messages);
	expect(r.body.choices[0]).toMatchObject({
		finish_reason: 'stop',
		message: { content: 'The API would refuse a boost of post_9: min_daily_budget: at least 20. Nothing was created.' },
	});
});

test('a script set by a test is answered as given; a tool the agent does not offer and a missing turn are said in text', async () => {
	api.openai.script = [{ toolCalls: [{ name: 'Nope', arguments: {} }] }];
	const unknown = await complete([{ role: 'user', content: 'hi' }], [tool('A_tool')]);
	expect(unknown.body.choices[0].message.content).toBe('(The scripted model wanted to call Nope, but the agent offers A_tool.)');

	const set = await fetch(`${api.url}/__control/openai-script`, { method: 'POST', body: JSON.stringify({ turns: [{ content: 'Hello from the script' }] }) });
	expect(await set.json()).toEqual({ turns: 1 });
	const hello = await complete([{ role: 'user', content: 'hi' }]);
	expect(hello.body.choices[0]).toMatchObject({ finish_reason: 'stop', message: { content: 'Hello from the script' } });
	const beyond = await complete([{ role: 'user', content: 'hi' }, ...answered('call_0_1', 'A_tool', {}, 'ok')]);
	expect(beyond.body.choices[0].message.content).toBe('(The scripted model has no turn 2: its script has 1.)');
});

test('streaming and the Responses API are refused with OpenAI error bodies that say what to change', async () => {
	const stream = await call('POST', '/chat/completions', { model: 'gpt-4.1-mini', stream: true, messages: [{ role: 'user', content: 'hi' }] });
	expect(stream.status).toBe(400);
	expect(stream.body.error).toMatchObject({ type: 'invalid_request_error', param: 'stream', message: expect.stringContaining('When Last Node Finishes') });
	const responses = await call('POST', '/responses', { model: 'gpt-4.1-mini', input: 'hi' });
	expect(responses.status).toBe(404);
	expect(responses.body.error.message).toContain('turn "Use Responses API" off');
	const noModel = await call('POST', '/chat/completions', { messages: [{ role: 'user', content: 'hi' }] });
	expect(noModel.body.error).toMatchObject({ code: 'missing_required_parameter', param: 'model' });
});
