import { profiled } from '../scripts/lib/cpuProfile';

/**
 * BENCH_PROFILE=1: a CPU profile of the bench's n8n process (started with `--inspect` on a port of
 * ours) around one run of each side of the per-item rows, through the inspector's protocol
 * (the `ws` client of n8n's own install: the bench runs on any Node), written to `.cache/prof/bench-<name>.cpuprofile`. Open one in
 * Chrome's DevTools (Performance tab), or read the shares as docs/performance.md does.
 */
/** The part of the `ws` package's client used here. */
export interface WsClient {
	on(event: 'open', listener: () => void): void;
	on(event: 'error', listener: (error: Error) => void): void;
	on(event: 'message', listener: (data: Buffer) => void): void;
	send(data: string): void;
	close(): void;
}

export class InspectorProfiler {
	private socket?: WsClient;

	private next = 1;

	private readonly pending = new Map<number, { resolve: (value: any) => void; reject: (error: Error) => void }>(); // eslint-disable-line @typescript-eslint/no-explicit-any

	constructor(
		private readonly port: number,
		private readonly Ws: new (url: string) => WsClient,
	) {}

	private async connect() {
		if (this.socket) return this.socket;
		const [target] = (await (await fetch(`http://127.0.0.1:${this.port}/json/list`)).json()) as Array<{ webSocketDebuggerUrl: string }>;
		const socket = new this.Ws(target.webSocketDebuggerUrl);
		await new Promise<void>((resolve, reject) => {
			socket.on('open', resolve);
			socket.on('error', reject);
		});
		socket.on('message', (data) => {
			const message = JSON.parse(data.toString()) as { id?: number; result?: unknown; error?: { message: string } };
			const waiting = message.id === undefined ? undefined : this.pending.get(message.id);
			if (!waiting) return;
			this.pending.delete(message.id!);
			if (message.error) waiting.reject(new Error(message.error.message));
			else waiting.resolve(message.result);
		});
		this.socket = socket;
		return socket;
	}

	private async post(method: string, params: object = {}) {
		const socket = await this.connect();
		const id = this.next++;
		const answer = new Promise<any>((resolve, reject) => this.pending.set(id, { resolve, reject })); // eslint-disable-line @typescript-eslint/no-explicit-any
		socket.send(JSON.stringify({ id, method, params }));
		return await answer;
	}

	/** Runs `work` with n8n's process profiled (samples every 200 µs) and writes the profile (`.cache/prof/bench-<name>.cpuprofile`). */
	async around<T>(name: string, work: () => Promise<T>): Promise<T> {
		return await profiled(async (method, params) => await this.post(method, params), `bench-${name}`, 200, work);
	}

	close() {
		this.socket?.close();
	}
}
