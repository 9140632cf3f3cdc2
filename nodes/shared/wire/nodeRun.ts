import type { ICredentialDataDecryptedObject, IDataObject, IExecuteFunctions, IExecuteSingleFunctions } from 'n8n-workflow';
import { createHash } from 'crypto';

import { KeyQueue } from './keyQueue';
import { RETRY_CAPACITY } from './resend';
import type { Context } from './call';
import { credentialOfRun, nodeOf } from '../params';

export const DEFAULT_MAX_IN_FLIGHT = 50;
/** How long a request may wait for its turn in the key's queue by default: a burst of many minutes of work stays under it. */
export const DEFAULT_MAX_QUEUE_WAIT_SECONDS = 1800;

/** One node run: its in-flight limit, its retry budget, and the key's shared queue (keyQueue.ts). */
export class NodeRun {
	private active = 0;

	private readonly waiting: Array<() => void> = [];

	/** The run's retry budget: a resend costs tokens, a success gives one back (a dead API fails fast). */
	private retryTokens = RETRY_CAPACITY;

	/** What the run takes from the credential, read by its first request. */
	private credentialRead?: ReturnType<typeof readCredential>;

	/** A context without the credential (none to hash): a queue of its own. */
	private ownQueue?: KeyQueue;

	constructor(
		private readonly max: number,
		readonly maxQueueWaitSeconds: number,
	) {}

	/**
	 * The credential, whose secrets are withheld from answers (answer.ts), and the key's queue: its
	 * hash, looked up for each request (one idle for a while is dropped from the process's map:
	 * keyQueue.ts), or a queue of the run's own.
	 */
	async credential(ctx: Context): Promise<{ credentials?: ICredentialDataDecryptedObject; queueOf: KeyQueue | string }> {
		this.credentialRead ??= readCredential(ctx);
		const { hash, credentials } = await this.credentialRead;
		return { credentials, queueOf: hash ?? (this.ownQueue ??= new KeyQueue()) };
	}

	/** A slot; `first`: ahead of the queue (a request sent again, after a 429 or a fault). */
	async acquire(first = false) {
		if (this.active < this.max) {
			this.active += 1;
			return;
		}
		await new Promise<void>((resolve) => (first ? this.waiting.unshift(resolve) : this.waiting.push(resolve)));
	}

	/** Hands the slot to the next waiting request, or frees it. */
	release() {
		const next = this.waiting.shift();
		if (next) next();
		else this.active -= 1;
	}

	get retryTokensLeft() {
		return this.retryTokens;
	}

	/** Takes the tokens of one resend (shouldResend says how many it costs and whether they are there). */
	spendRetry(cost: number) {
		this.retryTokens -= cost;
	}

	succeeded() {
		this.retryTokens = Math.min(RETRY_CAPACITY, this.retryTokens + 1);
	}
}

/** The credential (its secrets to withhold), and the API it points at (a hash of its base URL and key: the process's map of queues never holds the key). */
async function readCredential(ctx: Context): Promise<{ hash?: string; credentials?: ICredentialDataDecryptedObject }> {
	const credentials = 'getCredentials' in ctx ? await credentialOfRun(ctx).catch(() => undefined) : undefined;
	if (!credentials) return {};
	const baseUrl = String(credentials.baseUrl ?? '').trim().replace(/\/+$/, '').toLowerCase();
	return { hash: createHash('sha256').update(`${baseUrl}\n${String(credentials.apiKey ?? '')}`).digest('hex'), credentials };
}

/**
 * One NodeRun per node run: RoutingNode hands every item of a run the same execute data. Tools
 * get their parent's (n8n passes the AI Agent's execute data to every tool it calls), so the
 * node's name is part of the key: each tool node keeps its own limit. A context without execute
 * data (list searches, the Trigger's lifecycle) is a run of its own.
 */
const nodeRuns = new WeakMap<object, Map<string, NodeRun>>();

export function nodeRunOf(ctx: Context): NodeRun {
	const data = 'getExecuteData' in ctx ? (ctx.getExecuteData() as object | undefined) : undefined;
	const owner = data ?? ctx;
	let byNode = nodeRuns.get(owner);
	if (!byNode) nodeRuns.set(owner, (byNode = new Map()));
	const node = nodeOf(ctx).name;
	let nodeRun = byNode.get(node);
	if (!nodeRun) byNode.set(node, (nodeRun = data ? nodeRunFromOptions(ctx as IExecuteFunctions | IExecuteSingleFunctions) : new NodeRun(1, DEFAULT_MAX_QUEUE_WAIT_SECONDS)));
	return nodeRun;
}

function nodeRunFromOptions(ctx: IExecuteFunctions | IExecuteSingleFunctions): NodeRun {
	const options = ('getItemIndex' in ctx
		? ctx.getNodeParameter('requestOptions', {})
		: ctx.getNodeParameter('requestOptions', 0, {})) as IDataObject | undefined;
	const number = (value: unknown, fallback: number, min: number) => {
		const n = Number(value);
		return Number.isFinite(n) && n >= min ? n : fallback;
	};
	return new NodeRun(Math.floor(number(options?.maxInFlight, DEFAULT_MAX_IN_FLIGHT, 1)), number(options?.maxQueueWait, DEFAULT_MAX_QUEUE_WAIT_SECONDS, 0));
}
