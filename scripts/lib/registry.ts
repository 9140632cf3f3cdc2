import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import type net from 'node:net';
import path from 'node:path';

import { buildInto, freePort, ROOT, waitFor } from './n8n';

/**
 * A local npm registry that n8n installs this package from, the way its users install it
 * (docs/installing.md): a real registry server (verdaccio, pinned in scripts/install-registry.sh)
 * with its storage in a folder of the caller's, no uplinks (nothing is fetched from the
 * internet), and in front of it the address n8n installs from, `https://registry.npmjs.org`.
 *
 * Why not N8N_COMMUNITY_PACKAGES_REGISTRY: in n8n 2.41 another registry is an Enterprise feature
 * (community-packages.service.js `getNpmRegistry`: FeatureNotLicensedError
 * `feat:communityNodes:customRegistry` unless licensed), so an unlicensed n8n — every community
 * edition user — installs from registry.npmjs.org. The n8n processes get HTTPS_PROXY pointing at
 * a tunnel here that answers only CONNECT registry.npmjs.org:443, with a certificate made for the
 * run and trusted by those processes alone (NODE_EXTRA_CA_CERTS); every other host is refused.
 * n8n's own HTTP client and the npm commands it runs (`npm pack`, `npm install`, `npm view`,
 * `npm outdated`) both honour those variables, so the panel, the environment path and the
 * panel's "update available" all see this registry, and nothing leaves the machine.
 */

export const PACKAGE_NAME = 'n8n-nodes-storefront';
export const REGISTRY_HOST = 'registry.npmjs.org';

export interface PackedPackage {
	version: string;
	tarball: string;
	/** npm's dist.integrity: the checksum N8N_COMMUNITY_PACKAGES takes. */
	integrity: string;
}

export interface LocalRegistry {
	/** verdaccio's own address (publishing). */
	url: string;
	/** What an n8n process needs to install from it (HTTPS_PROXY, NO_PROXY, NODE_EXTRA_CA_CERTS). */
	env: Record<string, string>;
	/** Publishes a packed tarball (npm publish); it becomes `latest`. */
	publish(pkg: PackedPackage): void;
	/** Hosts whose CONNECT the tunnel refused (anything but registry.npmjs.org). */
	refused: string[];
	stop(): Promise<void>;
}

/** The next patch version: 0.1.0 → 0.1.1. */
export const bumpPatch = (version: string) => version.replace(/^(\d+)\.(\d+)\.(\d+).*$/, (_, a, b, c) => `${a}.${b}.${Number(c) + 1}`);

/**
 * `npm pack` of the built package as `version` (default package.json's) into `outDir`: the
 * package.json, README, LICENSE and dist/ that npm would publish. `dist` is a folder built by
 * buildInto (default: build one into the staging folder).
 */
export function packPackage(outDir: string, { version, dist }: { version?: string; dist?: string } = {}): PackedPackage {
	const manifest = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as Record<string, unknown>;
	const wanted = version ?? String(manifest.version);
	const staging = path.join(outDir, `staging-${wanted}`);
	fs.rmSync(staging, { recursive: true, force: true });
	fs.mkdirSync(staging, { recursive: true });
	// what a publish carries: no devDependencies or overrides needed by anyone installing it
	const { devDependencies: _dev, overrides: _overrides, ...published } = manifest;
	fs.writeFileSync(path.join(staging, 'package.json'), JSON.stringify({ ...published, version: wanted }, null, 2));
	for (const file of ['README.md', 'LICENSE']) if (fs.existsSync(path.join(ROOT, file))) fs.copyFileSync(path.join(ROOT, file), path.join(staging, file));
	if (dist) fs.cpSync(dist, path.join(staging, 'dist'), { recursive: true });
	else buildInto(path.join(staging, 'dist'));
	const out = execFileSync('npm', ['pack', staging, '--pack-destination', outDir, '--ignore-scripts', '--json', '--loglevel=error'], {
		cwd: outDir,
		encoding: 'utf8',
		stdio: ['ignore', 'pipe', 'ignore'],
	});
	const [packed] = JSON.parse(out) as Array<{ filename: string; integrity: string; version: string }>;
	fs.rmSync(staging, { recursive: true, force: true });
	return { version: packed.version, tarball: path.join(outDir, packed.filename), integrity: packed.integrity };
}

/** verdaccio's executable script: installed into .cache/ once by scripts/install-registry.sh (why not a devDependency: there). */
export function ensureVerdaccio() {
	const out = execFileSync('bash', [path.join(ROOT, 'scripts', 'install-registry.sh')], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'], timeout: 10 * 60_000 });
	return /^VERDACCIO=(.*)$/m.exec(out)![1];
}

/** A certificate for registry.npmjs.org, self-signed for this run (openssl, in Debian's base image). */
function makeCertificate(dir: string) {
	const key = path.join(dir, 'tls.key');
	const cert = path.join(dir, 'tls.pem');
	execFileSync(
		'openssl',
		['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-keyout', key, '-out', cert, '-days', '7',
			'-subj', `/CN=${REGISTRY_HOST}`, '-addext', `subjectAltName=DNS:${REGISTRY_HOST}`],
		{ stdio: 'ignore' },
	);
	return { key: fs.readFileSync(key), cert: fs.readFileSync(cert), certFile: cert };
}

const CONFIG = (storage: string, htpasswd: string) => `# written by scripts/lib/registry.ts: a local registry with no uplinks
storage: ${storage}
auth:
  htpasswd:
    file: ${htpasswd}
    max_users: 10
uplinks: {}
packages:
  '**':
    access: $all
    publish: $authenticated
    unpublish: $authenticated
web:
  enable: false
middlewares:
  audit:
    enabled: false
log: { type: stdout, format: pretty, level: warn }
`;

/**
 * Starts verdaccio (under `node`: it needs Node >= 22; installed on first use) on a free port with its storage in
 * `dir/storage`, a user to publish with, and the registry.npmjs.org tunnel in this process.
 */
export async function startRegistry({ dir, node }: { dir: string; node: string }): Promise<LocalRegistry> {
	fs.mkdirSync(dir, { recursive: true });
	const configFile = path.join(dir, 'config.yaml');
	fs.writeFileSync(configFile, CONFIG(path.join(dir, 'storage'), path.join(dir, 'htpasswd')));
	const port = await freePort();
	const url = `http://127.0.0.1:${port}`;
	let log = '';
	const child: ChildProcess = spawn(node, [ensureVerdaccio(), '--config', configFile, '--listen', `127.0.0.1:${port}`], {
		// its own group: a terminal's Ctrl-C must not stop it before the n8n processes
		detached: true,
		env: { PATH: process.env.PATH ?? '', HOME: dir, VERDACCIO_PUBLIC_URL: `https://${REGISTRY_HOST}/` },
		stdio: ['ignore', 'pipe', 'pipe'],
	});
	child.stdout!.on('data', (c: Buffer) => (log = (log + c.toString()).slice(-20_000)));
	child.stderr!.on('data', (c: Buffer) => (log = (log + c.toString()).slice(-20_000)));
	const servers: Array<http.Server | https.Server> = [];
	const sockets = new Set<net.Socket>();
	const stop = async () => {
		for (const s of sockets) s.destroy();
		for (const server of servers.splice(0)) await new Promise((r) => server.close(r));
		if (child.exitCode === null && child.signalCode === null) {
			const exited = new Promise((r) => child.once('exit', r));
			try {
				process.kill(-child.pid!, 'SIGKILL');
			} catch {
				// already gone
			}
			await exited;
		}
	};
	try {
		await waitFor('the local registry', async () => {
			if (child.exitCode !== null) throw new Error(`verdaccio exited: ${log}`);
			return (await fetch(`${url}/-/ping`).catch(() => undefined))?.ok;
		}, 60_000, () => log);

		// a user to publish with (npm adduser's request)
		const user = await fetch(`${url}/-/user/org.couchdb.user:ci`, {
			method: 'PUT',
			headers: { 'content-type': 'application/json' },
			body: JSON.stringify({ name: 'ci', password: 'local-registry-only', type: 'user', roles: [] }),
		});
		if (!user.ok) throw new Error(`could not add a registry user: ${user.status} ${await user.text()}`);
		const { token } = (await user.json()) as { token: string };

		// registry.npmjs.org, served by verdaccio: TLS ends here, requests go on to verdaccio
		const { key, cert, certFile } = makeCertificate(dir);
		const front = https.createServer({ key, cert }, (req, res) => {
			const upstream = http.request(
				{ host: '127.0.0.1', port, method: req.method, path: req.url, headers: { ...req.headers, host: REGISTRY_HOST, 'x-forwarded-proto': 'https' } },
				(answer) => {
					res.writeHead(answer.statusCode ?? 502, answer.headers);
					answer.pipe(res);
				},
			);
			upstream.on('error', () => res.destroy());
			req.pipe(upstream);
		});
		servers.push(front);
		const refused: string[] = [];
		const tunnel = http.createServer((_req, res) => {
			res.writeHead(403).end('this proxy only tunnels to registry.npmjs.org:443\n');
		});
		tunnel.on('connect', (req: http.IncomingMessage, socket: net.Socket) => {
			sockets.add(socket);
			socket.on('close', () => sockets.delete(socket));
			socket.on('error', () => socket.destroy());
			if (req.url !== `${REGISTRY_HOST}:443`) {
				refused.push(String(req.url));
				socket.end('HTTP/1.1 403 Forbidden\r\n\r\n');
				return;
			}
			socket.write('HTTP/1.1 200 Connection Established\r\n\r\n');
			front.emit('connection', socket);
		});
		servers.push(tunnel);
		const tunnelPort = await freePort();
		await new Promise<void>((resolve) => tunnel.listen(tunnelPort, '127.0.0.1', resolve));
		const proxy = `http://127.0.0.1:${tunnelPort}`;

		return {
			url,
			refused,
			env: {
				HTTPS_PROXY: proxy,
				https_proxy: proxy,
				NO_PROXY: '127.0.0.1,localhost',
				no_proxy: '127.0.0.1,localhost',
				NODE_EXTRA_CA_CERTS: certFile,
			},
			publish(pkg) {
				execFileSync('npm', ['publish', pkg.tarball, `--registry=${url}/`, `--//127.0.0.1:${port}/:_authToken=${token}`, '--ignore-scripts', '--loglevel=error'], {
					cwd: dir,
					env: { ...process.env, HOME: dir },
					stdio: ['ignore', 'ignore', 'pipe'],
				});
			},
			stop,
		};
	} catch (error) {
		await stop();
		throw error;
	}
}
