import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { freePort, N8N_1_VERSION, waitFor } from '../../scripts/lib/n8n';
import { startSandbox, type Sandbox } from '../../sandbox/startSandbox';
import { activateTriggerExample, deliverPosts, expectPackageLoaded, publishLandingPage, TRIGGER_EXAMPLE } from './core';

/**
 * The end-to-end core (./core.ts) in the latest n8n 1.x, on the same Node 24 and in the same
 * sandbox as the 2.41.1 suites: the package loads, the landing-page example runs, the activated
 * trigger example runs once per signed event.
 */

jest.setTimeout(90_000);

let sandbox: Sandbox;

beforeAll(async () => {
	sandbox = await startSandbox({
		dir: fs.mkdtempSync(path.join(os.tmpdir(), 'n8n-compat-')),
		n8nPort: await freePort(),
		n8nVersion: N8N_1_VERSION,
	});
}, 20 * 60_000);

afterAll(async () => await sandbox?.stop());

test(`n8n ${N8N_1_VERSION} loads the package: seven node types (the trigger and its three paired copies included), three Tool variants, no load error`, async () => {
	const settings = await sandbox.n8n.rest<{ versionCli: string }>('GET', '/rest/settings');
	expect(settings.versionCli).toBe(N8N_1_VERSION);
	await expectPackageLoaded(sandbox.n8n);
});

test('the landing-page example publishes the page, its /sale redirect and the marketing activity', async () => {
	await publishLandingPage(sandbox);
});

test('the trigger example, activated, runs exactly once for a signed event; deactivation deletes its endpoint', async () => {
	await activateTriggerExample(sandbox);
	await deliverPosts(sandbox, [1]);
	await new Promise((r) => setTimeout(r, 1500));
	expect(await sandbox.n8n.executions(sandbox.workflows.get(TRIGGER_EXAMPLE)!)).toHaveLength(1);

	await sandbox.n8n.deactivate(sandbox.workflows.get(TRIGGER_EXAMPLE)!);
	await waitFor('the endpoint to be deleted', () => sandbox.api.webhooks.endpoints.size === 0, 20_000, () => sandbox.n8n.log);
});
