/**
 * The scripted model's conversation: what the agent sends (Chat Completions messages and tools)
 * and what a script reads of it, shared by the model (openai.ts) and the scripts it follows
 * (openai.ts's store assistant, openaiApproval.ts).
 */

export interface ToolCall {
	name: string;
	arguments: Record<string, unknown>;
}

export interface AssistantTurn {
	content?: string;
	toolCalls?: ToolCall[];
}

export type ScriptStep = AssistantTurn | ((conversation: Conversation) => AssistantTurn);

/** A message of the Chat Completions API, as the model receives it. */
export interface ChatMessage {
	role: 'system' | 'developer' | 'user' | 'assistant' | 'tool';
	content?: string | Array<{ type: string; text?: string }> | null;
	tool_calls?: Array<{ id: string; type: 'function'; function: { name: string; arguments: string } }>;
	tool_call_id?: string;
}

export interface ChatRequest {
	model: string;
	messages: ChatMessage[];
	tools?: Array<{ type: 'function'; function: { name: string; description?: string; parameters?: unknown } }>;
	stream?: boolean;
}

/** Our tool call ids carry their round: `call_<round>_<n>`. */
const CALL_ID = /^call_(\d+)_\d+$/;

export class Conversation {
	constructor(readonly request: ChatRequest) {}

	get messages() {
		return this.request.messages;
	}

	/** The tools the agent offers, by name. */
	get tools() {
		return (this.request.tools ?? []).map((t) => t.function.name);
	}

	/** Messages after the user's last one: this run's tool calls and results. */
	get sinceUser() {
		const last = this.messages.map((m) => m.role).lastIndexOf('user');
		return this.messages.slice(last + 1);
	}

	get userMessage() {
		const user = [...this.messages].reverse().find((m) => m.role === 'user');
		return text(user?.content);
	}

	/** How many tool-call rounds were answered since the last user message (n8n sends one assistant message per tool call). */
	get round() {
		const rounds = new Set<string>();
		for (const message of this.sinceUser) {
			if (message.role !== 'assistant') continue;
			for (const call of message.tool_calls ?? [{ id: '' }]) rounds.add(CALL_ID.exec(call.id)?.[1] ?? `other:${rounds.size}`);
		}
		return rounds.size;
	}

	/** What the last call to `tool` since the user's message returned (JSON-parsed when it is JSON). */
	result(tool: string): unknown {
		const calls = this.sinceUser.flatMap((m) => m.tool_calls ?? []).filter((c) => c.function.name === tool);
		const call = calls[calls.length - 1];
		const answer = call && this.sinceUser.find((m) => m.role === 'tool' && m.tool_call_id === call.id);
		if (!answer) return undefined;
		const content = text(answer.content);
		try {
			return JSON.parse(content);
		} catch {
			return content;
		}
	}
}

function text(content: ChatMessage['content']): string {
	if (typeof content === 'string') return content;
	return (content ?? []).map((part) => part.text ?? '').join('');
}

/** A tool result as a list (an answer that is not a list is empty). */
export const listOf = <T>(value: unknown): T[] => (Array.isArray(value) ? (value as T[]) : []);
