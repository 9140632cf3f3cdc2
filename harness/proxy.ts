import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import tls from 'node:tls';

/** A request the proxy could read: a plain one (an http:// target) or one inside a CONNECT whose client took the proxy's certificate. */
export interface ReadByProxy {
	via: 'plain' | 'tls';
	method: string;
	url: string;
	headers: http.IncomingHttpHeaders;
	body: string;
}

/** A self-signed certificate for 127.0.0.1, made by openssl: one no client trusts unless told to. */
function selfSigned(): { key: Buffer; cert: Buffer } {
	const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'reading-proxy-'));
	const [key, cert] = [path.join(dir, 'key.pem'), path.join(dir, 'cert.pem')];
	try {
		execFileSync(
			'openssl',
			['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-keyout', key, '-out', cert, '-days', '1', '-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1'],
			{ stdio: 'ignore' },
		);
		return { key: fs.readFileSync(key), cert: fs.readFileSync(cert) };
	} finally {
		fs.rmSync(dir, { recursive: true, force: true });
	}
}

/**
 * A proxy on 127.0.0.1 that reads all it can, as the security review's did: a plain HTTP request
 * (absolute URI) it reads; a CONNECT it answers, then poses as the target with its own self-signed
 * certificate, reading the request when the client does not check that certificate. It answers
 * every request it reads itself with `answer`, as the API would, and forwards nothing.
 */
export async function startReadingProxy(answer: object) {
	const { key, cert } = selfSigned();
	const connects: string[] = [];
	const read: ReadByProxy[] = [];
	const sockets = new Set<Socket>();
	const reply = (via: ReadByProxy['via']) => (req: http.IncomingMessage, res: http.ServerResponse) => {
		const chunks: Buffer[] = [];
		req.on('data', (c: Buffer) => chunks.push(c));
		req.on('end', () => {
			read.push({ via, method: req.method ?? '', url: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
			res.writeHead(200, { 'content-type': 'application/json' });
			res.end(JSON.stringify(answer));
		});
	};
	const intercepted = http.createServer(reply('tls'));
	const server = http.createServer(reply('plain'));
	server.on('connection', (socket: Socket) => sockets.add(socket));
	server.on('connect', (req: http.IncomingMessage, socket: Socket) => {
		connects.push(req.url ?? '');
		socket.write('HTTP/1.1 200 Connection Established\r\n\r\n');
		const posing = new tls.TLSSocket(socket, { isServer: true, key, cert });
		// a client that checks the certificate ends the handshake: the proxy reads nothing
		posing.on('error', () => socket.destroy());
		intercepted.emit('connection', posing);
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	return {
		url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
		/** The proxy's certificate, PEM: as a CA the request brings, it makes the proxy's posing pass the check. */
		certificate: cert.toString('utf8'),
		/** CONNECT targets (host:port): all a proxy sees of a request whose certificate is checked. */
		connects,
		read,
		close: async () => {
			for (const socket of sockets) socket.destroy();
			await new Promise<void>((resolve) => server.close(() => resolve()));
		},
	};
}
