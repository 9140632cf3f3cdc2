import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Received {
	headers: http.IncomingHttpHeaders;
	rawBody: string;
}

/** A local HTTP endpoint that records webhook deliveries and answers with `status`. */
export async function startReceiver(status = 200) {
	const received: Received[] = [];
	const state = { status };
	const server = http.createServer((req, res) => {
		const chunks: Buffer[] = [];
		req.on('data', (c: Buffer) => chunks.push(c));
		req.on('end', () => {
			received.push({ headers: req.headers, rawBody: Buffer.concat(chunks).toString('utf8') });
			res.statusCode = state.status;
			res.end('ok');
		});
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	const { port } = server.address() as AddressInfo;
	return {
		url: `http://127.0.0.1:${port}/hook`,
		received,
		setStatus: (s: number) => (state.status = s),
		close: async () => {
			server.closeAllConnections();
			await new Promise<void>((resolve) => server.close(() => resolve()));
		},
	};
}
