import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A careless API on 127.0.0.1: answers every request with `status` and the JSON `answer` makes of
 * what it got (the Authorization header and the body, as one text), as an API that repeats
 * the secrets it was sent would.
 */
export async function startEchoingApi(status: number, answer: (seen: string) => object) {
	const server = http.createServer((req, res) => {
		const chunks: Buffer[] = [];
		req.on('data', (c: Buffer) => chunks.push(c));
		req.on('end', () => {
			res.writeHead(status, { 'content-type': 'application/json' });
			res.end(JSON.stringify(answer(`${req.headers.authorization} ${Buffer.concat(chunks).toString('utf8')}`)));
		});
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	return {
		url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
		close: () => new Promise<void>((resolve) => server.close(() => resolve())),
	};
}
