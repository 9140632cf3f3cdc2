import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { chromium, type Browser, type Page } from 'playwright-core';

import { KEYS, startFakeApi, type FakeApiServer } from '../../fake-api';
import { DEMO, seedDemo } from '../../fake-api/demo';
import { buildInto, ensureN8n, N8n, OWNER, ROOT, type N8nBin } from '../../scripts/lib/n8n';
import { bumpPatch, packPackage, PACKAGE_NAME, startRegistry, type LocalRegistry, type PackedPackage } from '../../scripts/lib/registry';
import { loadExample } from '../../sandbox/setup';
import { chromiumPath } from '../../harness/chromium';
import { expectPackageLoaded } from './core';

/**
 * The package installed the way n8n users install it (docs/installing.md), in one real n8n
 * 2.41.1 (sqlite) and a local npm registry (scripts/lib/registry.ts) serving the packed package:
 *
 * 1. the Community Nodes panel, through the REST calls it makes (`/rest/community-packages`):
 *    install 0.1.0, an example runs; 0.1.1 is published, the panel offers it, update, an example
 *    runs; uninstall: the types are gone and the nodes folder is empty;
 * 2. the environment (N8N_COMMUNITY_PACKAGES_MANAGED_BY_ENV, N8N_COMMUNITY_PACKAGES), on two
 *    restarts of the same n8n: a wrong checksum is refused with n8n's message, the right one
 *    installs at boot with unverified packages disabled (n8n 3's default).
 * The queue-mode suites install through the environment in main, worker and webhook processes.
 */

jest.setTimeout(120_000);

const SHOTS = path.join(ROOT, 'artifacts', 'screenshots');
const LANDING_PAGE = 'landing-page-with-redirect.json';
const DAILY_FIGURES = 'landing-page-daily-figures.json';

let dir: string;
let bin: N8nBin;
let api: FakeApiServer;
let registry: LocalRegistry;
let current: PackedPackage;
let bumped: PackedPackage;
let n8n: N8n;
let credential: { id: string; name: string };
let browser: Browser | undefined;

interface InstalledPackage {
	packageName: string;
	installedVersion: string;
	updateAvailable?: string;
	installedNodes: Array<{ name: string; type: string }>;
}

const nodesFolder = () => path.join(n8n.userFolder, '.n8n', 'nodes');
const ourTypes = async (instance = n8n) =>
	(await instance.rest<Array<{ name: string }>>('GET', '/types/nodes.json')).map((t) => t.name).filter((t) => t.startsWith(`${PACKAGE_NAME}.`));

/** An n8n on this suite's user folder and port, installing from the local registry. */
const instance = (env: Record<string, string> = {}) =>
	new N8n(bin, { userFolder: path.join(dir, 'n8n'), port: n8n?.port, env: { ...registry.env, ...env }, logFile: path.join(ROOT, 'artifacts', 'logs', 'install-e2e-n8n.log') });

/** Imports an example with our credential and runs it from `trigger`; returns the finished execution. */
async function runExample(file: string, trigger: string) {
	const workflow = await n8n.createWorkflow(loadExample(file, credential.id));
	const execution = await n8n.runManually(workflow.id, trigger);
	if (execution.status !== 'success') throw new Error(`${file} ended ${execution.status}: ${String((execution as { data?: string }).data).slice(0, 2000)}`);
	return execution;
}

/** Settings → Community nodes in Debian's Chromium, logged in as the owner; a screenshot to artifacts/screenshots/. */
async function panelScreenshot(name: string): Promise<Page> {
	browser ??= await chromium.launch({ executablePath: chromiumPath(), args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update'] });
	const page = await (await browser.newContext({ baseURL: n8n.url, viewport: { width: 1440, height: 900 } })).newPage();
	const login = await page.request.post('/rest/login', { data: { emailOrLdapLoginId: OWNER.email, password: OWNER.password } });
	expect(login.status()).toBe(200);
	await page.goto('/settings/community-nodes', { waitUntil: 'domcontentloaded', timeout: 90_000 });
	await page.getByText(PACKAGE_NAME).first().waitFor({ timeout: 60_000 });
	await page.waitForTimeout(500);
	fs.mkdirSync(SHOTS, { recursive: true });
	await page.screenshot({ path: path.join(SHOTS, `${name}.png`) });
	return page;
}

beforeAll(async () => {
	dir = fs.mkdtempSync(path.join(os.tmpdir(), 'n8n-install-'));
	fs.mkdirSync(path.join(ROOT, 'artifacts', 'logs'), { recursive: true });
	fs.rmSync(path.join(ROOT, 'artifacts', 'logs', 'install-e2e-n8n.log'), { force: true });
	bin = ensureN8n();
	// one build, packed twice: the current version and a bumped release of the same code
	const dist = path.join(dir, 'dist');
	buildInto(dist);
	const version = (JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { version: string }).version;
	current = packPackage(dir, { version, dist });
	bumped = packPackage(dir, { version: bumpPatch(version), dist });
	registry = await startRegistry({ dir: path.join(dir, 'registry'), node: bin.node });
	registry.publish(current);

	api = await startFakeApi();
	await seedDemo(api);
	n8n = instance();
	await n8n.start();
	await n8n.login();
}, 15 * 60_000);

afterAll(async () => {
	await browser?.close();
	await n8n?.stop();
	await registry?.stop();
	await api?.close();
	if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

test('the packed package is what npm publishes: package.json, README, LICENSE and dist/, no devDependencies', () => {
	const files = execFileSync('tar', ['-tzf', current.tarball], { encoding: 'utf8' }).trim().split('\n');
	expect(files.filter((f) => !f.startsWith('package/dist/')).sort()).toEqual(['package/LICENSE', 'package/README.md', 'package/package.json']);
	const manifest = JSON.parse(execFileSync('tar', ['-xzOf', current.tarball, 'package/package.json'], { encoding: 'utf8' })) as Record<string, unknown>;
	expect(manifest).toMatchObject({ name: PACKAGE_NAME, version: current.version, peerDependencies: { 'n8n-workflow': '*' } });
	expect({ dependencies: manifest.dependencies, devDependencies: manifest.devDependencies }).toEqual({ dependencies: undefined, devDependencies: undefined });
	expect(current.integrity).toMatch(/^sha512-[A-Za-z0-9+/]+=*$/);
	expect(bumped.integrity).not.toBe(current.integrity);
	expect(bumped.version).toBe(bumpPatch(current.version));
});

test('before installing, n8n knows none of our node types', async () => {
	expect(await ourTypes()).toEqual([]);
	expect(await n8n.rest('GET', '/rest/community-packages')).toEqual([]);
});

test('Install (the panel): n8n downloads the package from the registry, our node types appear and an example runs against the API', async () => {
	const started = Date.now();
	const installed = await n8n.rest<InstalledPackage>('POST', '/rest/community-packages', { name: PACKAGE_NAME });
	console.log(`panel install of ${PACKAGE_NAME}@${current.version} from the local registry: ${((Date.now() - started) / 1000).toFixed(1)} s; boot of n8n: ${(n8n.startedInMs / 1000).toFixed(1)} s`);
	expect(installed).toMatchObject({ packageName: PACKAGE_NAME, installedVersion: current.version });
	expect(installed.installedNodes.map((node) => node.type).sort()).toEqual(
		['storefrontAds', 'storefrontAdsTrigger', 'storefrontCommerce', 'storefrontCommerceTrigger', 'storefrontTrigger', 'storefrontWebhooks', 'storefrontWebhooksTrigger'].map((t) => `${PACKAGE_NAME}.${t}`),
	);
	await expectPackageLoaded(n8n);
	expect(fs.readdirSync(path.join(nodesFolder(), 'node_modules'))).toContain(PACKAGE_NAME);

	// the credential type came with the package
	credential ??= await n8n.createCredential({ apiKey: KEYS.full, baseUrl: `${api.url}/v1/` });
	await runExample(LANDING_PAGE, 'Publish the landing page');
	expect(api.commerce.store(DEMO.store).pages.find((p) => p.handle === 'summer-sale')).toMatchObject({ isPublished: true });

	const [listed] = await n8n.rest<InstalledPackage[]>('GET', '/rest/community-packages');
	expect(listed).toMatchObject({ packageName: PACKAGE_NAME, installedVersion: current.version });
	expect(listed.updateAvailable).toBeUndefined();
	const page = await panelScreenshot('community-nodes-installed');
	expect(await page.getByText(PACKAGE_NAME).count()).toBeGreaterThan(0);
	await page.close();
});

test('a new release on the registry: the panel offers it; Update installs it, n8n reports the new version and the examples still run', async () => {
	registry.publish(bumped);
	const [listed] = await n8n.rest<InstalledPackage[]>('GET', '/rest/community-packages');
	expect(listed).toMatchObject({ installedVersion: current.version, updateAvailable: bumped.version });
	const page = await panelScreenshot('community-nodes-update-available');
	expect(await page.getByRole('button', { name: /update/i }).count()).toBeGreaterThan(0);
	await page.close();

	const started = Date.now();
	const updated = await n8n.rest<InstalledPackage>('PATCH', '/rest/community-packages', { name: PACKAGE_NAME });
	console.log(`panel update to ${bumped.version}: ${((Date.now() - started) / 1000).toFixed(1)} s`);
	expect(updated).toMatchObject({ packageName: PACKAGE_NAME, installedVersion: bumped.version });
	const [after] = await n8n.rest<InstalledPackage[]>('GET', '/rest/community-packages');
	expect(after).toMatchObject({ installedVersion: bumped.version });
	expect(after.updateAvailable).toBeUndefined();
	const installedJson = JSON.parse(fs.readFileSync(path.join(nodesFolder(), 'node_modules', PACKAGE_NAME, 'package.json'), 'utf8')) as { version: string };
	expect(installedJson.version).toBe(bumped.version);
	await expectPackageLoaded(n8n);

	await runExample(DAILY_FIGURES, 'Every day at 7:00');
	expect(api.commerce.store(DEMO.store).engagements.filter((e) => e.remoteId === 'landing-summer-sale')).toHaveLength(1);
});

test('Uninstall (the panel): our node types are gone and nothing is left in n8n\'s nodes folder', async () => {
	await n8n.rest('DELETE', `/rest/community-packages?name=${PACKAGE_NAME}`);
	expect(await ourTypes()).toEqual([]);
	expect(await n8n.rest('GET', '/rest/community-packages')).toEqual([]);
	const left = fs.existsSync(path.join(nodesFolder(), 'node_modules')) ? fs.readdirSync(path.join(nodesFolder(), 'node_modules')).filter((f) => !f.startsWith('.')) : [];
	expect(left).toEqual([]);
	const nodesPackage = JSON.parse(fs.readFileSync(path.join(nodesFolder(), 'package.json'), 'utf8')) as { dependencies?: Record<string, string> };
	expect(nodesPackage.dependencies ?? {}).toEqual({});
});

describe('declared in the environment (N8N_COMMUNITY_PACKAGES), as Docker and Kubernetes deployments do', () => {
	const declare = (checksum: string) => ({
		N8N_COMMUNITY_PACKAGES_MANAGED_BY_ENV: 'true',
		N8N_COMMUNITY_PACKAGES: JSON.stringify([{ name: PACKAGE_NAME, version: bumped.version, checksum }]),
	});

	test('a wrong checksum is refused at boot: n8n logs why, installs nothing, and still starts', async () => {
		await n8n.stop();
		n8n = instance(declare(current.integrity)); // the checksum of another build
		await n8n.start();
		await n8n.login();
		const refusal = /Failed to install community package '[^']+' from env: [^\n]*/.exec(n8n.log)?.[0];
		console.log(`n8n's message for a wrong checksum: ${refusal}`);
		expect(refusal).toBe(`Failed to install community package '${PACKAGE_NAME}@${bumped.version}' from env: Failed to verify package checksum. Try restarting n8n and attempting the installation again.`);
		// the README's troubleshooting quotes it
		expect(fs.readFileSync(path.join(ROOT, 'README.md'), 'utf8')).toContain(refusal!.replace(`@${bumped.version}'`, "@<version>'"));
		expect(await ourTypes()).toEqual([]);
		expect(fs.existsSync(path.join(nodesFolder(), 'node_modules', PACKAGE_NAME))).toBe(false);
	});

	test('the right checksum installs at boot, with unverified packages disabled (n8n 3\'s default); the panel then refuses changes', async () => {
		await n8n.stop();
		n8n = instance({ ...declare(bumped.integrity), N8N_UNVERIFIED_PACKAGES_ENABLED: 'false' });
		await n8n.start();
		await n8n.login();
		console.log(`boot with ${PACKAGE_NAME}@${bumped.version} installed from N8N_COMMUNITY_PACKAGES: ${(n8n.startedInMs / 1000).toFixed(1)} s`);
		expect(n8n.log).toContain(`Installed community package '${PACKAGE_NAME}@${bumped.version}' from env`);
		await expectPackageLoaded(n8n);
		credential ??= await n8n.createCredential({ apiKey: KEYS.full, baseUrl: `${api.url}/v1/` });
		const blocked = await fetch(`${n8n.url}/rest/community-packages?name=${PACKAGE_NAME}`, { method: 'DELETE', headers: { cookie: await cookie(n8n) } });
		expect({ status: blocked.status, message: ((await blocked.json()) as { message: string }).message }).toEqual({
			status: 400,
			message: 'Community packages are managed via environment variables on this instance and cannot be modified through the API.',
		});
		expect(fs.readFileSync(path.join(ROOT, 'README.md'), 'utf8')).toContain('Community packages are managed via environment variables on this instance and cannot be modified through the API.');
		await runExample(DAILY_FIGURES, 'Every day at 7:00');
		console.log(`registry tunnel refused (n8n's other outbound calls, offline here): ${[...new Set(registry.refused)].join(', ') || 'none'}`);
	});
});

/** The owner's session cookie, for a raw request whose status we check. */
async function cookie(instance: N8n) {
	const res = await fetch(`${instance.url}/rest/login`, {
		method: 'POST',
		headers: { 'content-type': 'application/json' },
		body: JSON.stringify({ emailOrLdapLoginId: OWNER.email, password: OWNER.password }),
	});
	return (res.headers.get('set-cookie') ?? '').split(';')[0];
}
