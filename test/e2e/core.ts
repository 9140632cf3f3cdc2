import { KEYS } from '../../fake-api';
import { DEMO } from '../../fake-api/demo';
import { waitFor as waitUntil, type N8n } from '../../scripts/lib/n8n';
import type { Sandbox } from '../../sandbox/startSandbox';

/**
 * The end-to-end core that every n8n version we support must pass: the package loads, the
 * landing-page example runs, the trigger example receives signed events. The 2.41.1 suites
 * (trigger, examples) and the n8n 1.x suite (compat-n8n1) share these steps.
 */

export const LANDING_PAGE = 'Publish a landing page with its redirect';
/** Its own workflow: beside a manual trigger, n8n 2.x's Execute button would pick the schedule (see sandbox/examples.ts). */
export const LANDING_PAGE_DAILY = "Record the landing page's campaign figures every day";
export const TRIGGER_EXAMPLE = 'Record every published post as a marketing activity';

const ACTIONS = ['storefrontAds', 'storefrontCommerce', 'storefrontWebhooks'].map((n) => `n8n-nodes-storefront.${n}`);

/** Our seven node types (four, and the trigger's three paired copies) and the Tool variants of the three action nodes are in n8n's node list; the log has no load error. */
export async function expectPackageLoaded(n8n: N8n) {
	const types = await n8n.rest<Array<{ name: string }>>('GET', '/types/nodes.json');
	const ours = types.map((t) => t.name).filter((n) => n.startsWith('n8n-nodes-storefront.'));
	expect(ours.sort()).toEqual(['n8n-nodes-storefront.storefrontTrigger', ...ACTIONS, ...ACTIONS.map((n) => `${n}Tool`), ...ACTIONS.map((n) => `${n}Trigger`)].sort());
	expect(n8n.log).not.toMatch(/n8n-nodes-storefront[^\n]*(error|failed|warn)/i);
}

export const demoStore = (sandbox: Sandbox) => sandbox.api.commerce.store(DEMO.store);

const sandboxWait = <T>(sandbox: Sandbox, what: string, probe: () => Promise<T | undefined | false> | T | undefined | false, ms = 20_000) =>
	waitUntil(what, probe, ms, () => sandbox.n8n.log);

/** Runs a sandbox example from the named trigger, as the editor's button does; throws with n8n's data unless it succeeds. */
export async function runExample(sandbox: Sandbox, workflow: string, trigger: string) {
	const execution = await sandbox.n8n.runManually(sandbox.workflows.get(workflow)!, trigger);
	if (execution.status !== 'success') throw new Error(`"${workflow}" ended ${execution.status}: ${String(execution.data).slice(0, 2000)}`);
	return execution;
}

/** The landing-page example's manual branch: the page published, one /sale redirect to it, the activity with its UTM. */
export async function publishLandingPage(sandbox: Sandbox) {
	await runExample(sandbox, LANDING_PAGE, 'Publish the landing page');
	const store = demoStore(sandbox);
	expect(store.pages.find((p) => p.handle === 'summer-sale')).toMatchObject({ title: 'Summer sale', isPublished: true });
	expect(store.redirects.filter((r) => r.path === '/sale')).toEqual([expect.objectContaining({ target: '/pages/summer-sale' })]);
	expect(store.activities.get('landing-summer-sale')).toMatchObject({
		url: 'https://shop.example.com/pages/summer-sale',
		status: 'ACTIVE',
		utm: { campaign: 'summer-sale', source: 'n8n', medium: 'landing' },
	});
}

export const triggerEndpoint = (sandbox: Sandbox) => [...sandbox.api.webhooks.endpoints.values()][0];

/**
 * Activates the trigger example: it registers its endpoint for post.published, n8n serves it,
 * and the API's test delivery is acknowledged (webhook.test is not a chosen event, so nothing runs).
 */
export async function activateTriggerExample(sandbox: Sandbox) {
	await sandbox.n8n.activate(sandbox.workflows.get(TRIGGER_EXAMPLE)!);
	const registered = await sandboxWait(sandbox, 'the endpoint', () => triggerEndpoint(sandbox));
	expect(registered.events).toEqual(['post.published']);
	await sandbox.n8n.waitUntilServed(registered.url);
	const res = await fetch(`${sandbox.api.url}/v1/webhooks/${registered.id}/test`, { method: 'POST', headers: { authorization: `Bearer ${KEYS.full}` } });
	expect(await res.json()).toMatchObject({ last_status: 200, last_error: null });
	return registered;
}

/**
 * The API emits a signed post.published event per id, each delivery answered 200; the freshly
 * activated trigger example then has exactly one successful execution per event, each recording
 * its post as a marketing activity.
 */
export async function deliverPosts(sandbox: Sandbox, ids: number[]) {
	for (const n of ids) {
		const [delivery] = await sandbox.api.webhooks.emit('post.published', {
			post: { id: `post_e2e_${n}`, caption: `Drop ${n}`, permalink: `https://socialnet.example.com/p/e2e${n}` },
		});
		expect(delivery.status).toBe(200);
	}
	const done = await sandboxWait(sandbox, `${ids.length} finished executions`, async () => {
		const list = await sandbox.n8n.executions(sandbox.workflows.get(TRIGGER_EXAMPLE)!);
		return list.length === ids.length && list.every((e) => !['new', 'running'].includes(e.status)) ? list : undefined;
	});
	expect(done.map((e) => e.status)).toEqual(ids.map(() => 'success'));
	for (const n of ids) {
		expect(demoStore(sandbox).activities.get(`post-post_e2e_${n}`)).toMatchObject({ title: `Drop ${n}`, channel: 'SOCIAL', status: 'ACTIVE' });
	}
}
