import { randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';

import { ensureN8n } from '../scripts/lib/n8n';

/**
 * n8n's hosted chat without a browser, as its chat page drives a workflow whose Chat Trigger answers
 * "Using Response Nodes": the message is POSTed to the trigger's chat webhook, which answers with the
 * execution's id; the chat's WebSocket (`/chat?sessionId&executionId&isPublic`, served by the process
 * that took the message) then receives what the workflow's Chat nodes send, among them a human
 * review with its buttons. A click on a button is a GET of its signed `/webhook-waiting/…` link.
 */

export interface ChatButtons {
	type: 'with-buttons';
	text: string;
	buttons: Array<{ text: string; link: string; type: string }>;
}

interface Socket {
	on(event: 'message', listener: (data: Buffer) => void): void;
	once(event: 'open' | 'error', listener: (error?: Error) => void): Socket;
	send(text: string): void;
	close(): void;
}
// the WebSocket library of n8n's own chat server (n8n depends on it; we do not)
const WebSocket = createRequire(ensureN8n().n8n)('ws') as new (url: string) => Socket;

type Wait = <T>(what: string, probe: () => Promise<T | undefined | false> | T | undefined | false) => Promise<T>;

/**
 * Posts `chatInput` to a Chat Trigger's webhook (`<n8n>/webhook/<webhookId>/chat`) as n8n's chat
 * page does, and returns n8n's answer. n8n registers the webhook just after activation answers;
 * until then it says 404 and runs nothing, so a 404 is asked again.
 */
export async function sendChatMessage(chatUrl: string, sessionId: string, chatInput: string, waitFor: Wait): Promise<Response> {
	return await waitFor('the chat webhook', async () => {
		const r = await fetch(chatUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ action: 'sendMessage', sessionId, chatInput }) });
		return r.status === 404 ? undefined : r;
	});
}

/** Sends `chatInput` to the public chat at `chatUrl` (`<n8n>/webhook/<webhookId>/chat`) and holds the session's WebSocket open. */
export async function openChat(chatUrl: string, chatInput: string, waitFor: Wait) {
	const sessionId = `chat-${randomUUID()}`;
	const started = await sendChatMessage(chatUrl, sessionId, chatInput, waitFor);
	if (started.status !== 200) throw new Error(`the chat webhook answered ${started.status}: ${await started.text()}`);
	const { executionId, resumeToken } = (await started.json()) as { executionStarted: boolean; executionId: string; resumeToken?: string };
	const query = new URLSearchParams({ sessionId, executionId, isPublic: 'true', ...(resumeToken ? { token: resumeToken } : {}) });
	const socket = new WebSocket(`${new URL(chatUrl).origin.replace(/^http/, 'ws')}/chat?${query}`);
	const received: string[] = [];
	socket.on('message', (data) => {
		const text = data.toString();
		if (text === 'n8n|heartbeat') socket.send('n8n|heartbeat-ack');
		else if (text !== 'n8n|continue') received.push(text);
	});
	await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
	let read = 0;
	return {
		executionId,
		/** The chat's next message (n8n's chat server polls the execution every 3 s). */
		next: async () => await waitFor('a chat message', () => (received.length > read ? received[read++] : undefined)),
		close: () => socket.close(),
	};
}

/** What a click on a review button does in n8n's chat: a GET of its link (a browser's, so n8n's bot filter lets it through). Returns the status. */
export async function clickButton(review: ChatButtons, label: string) {
	const button = review.buttons.find((b) => b.text === label);
	if (!button) throw new Error(`no button "${label}" in ${JSON.stringify(review.buttons.map((b) => b.text))}`);
	const res = await fetch(button.link, { headers: { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36' } });
	await res.text();
	return res.status;
}
