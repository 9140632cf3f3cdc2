import fs from 'node:fs';
import path from 'node:path';

import { KEYS, startFakeApi, type FakeApiServer } from '../../fake-api';
import { seedDemo } from '../../fake-api/demo';
import { ensureN8n, installPackage, N8n, OWNER, ROOT } from './n8n';

/**
 * The local sandbox behind `npm start`: the fake API with demo data, and a real n8n with this
 * package installed, an owner, a credential pointing at the fake API and the example
 * workflows. The end-to-end tests start the same thing.
 */

export const CREDENTIAL_NAME = 'Storefront account';
export const EXAMPLES_DIR = path.join(ROOT, 'examples');

export interface SandboxOptions {
	/** n8n's user folder (data survives restarts). Default .cache/sandbox. */
	dir?: string;
	n8nPort?: number;
	apiPort?: number;
	/** Rebuild dist/ before installing it into n8n (npm start has just built it). */
	build?: boolean;
	log?: (line: string) => void;
}

export interface Sandbox {
	api: FakeApiServer;
	n8n: N8n;
	credentialId: string;
	/** Example workflow ids by workflow name. */
	workflows: Map<string, string>;
	stop(): Promise<void>;
}

/** The example workflows, with their credential references pointed at `credentialId`. */
export function loadExamples(credentialId: string) {
	return fs
		.readdirSync(EXAMPLES_DIR)
		.filter((f) => f.endsWith('.json'))
		.sort()
		.map((file) => {
			const workflow = JSON.parse(fs.readFileSync(path.join(EXAMPLES_DIR, file), 'utf8'));
			for (const node of workflow.nodes) {
				if (node.credentials?.storefrontApi) node.credentials.storefrontApi = { id: credentialId, name: CREDENTIAL_NAME };
			}
			return { file, workflow };
		});
}

export async function startSandbox(options: SandboxOptions = {}): Promise<Sandbox> {
	const log = options.log ?? (() => undefined);
	const dir = options.dir ?? path.join(ROOT, '.cache', 'sandbox');
	fs.mkdirSync(dir, { recursive: true });

	const bin = ensureN8n();
	const api = await startFakeApi({ port: options.apiPort ?? 0 });
	let n8n: N8n | undefined;
	const stop = async () => {
		await n8n?.stop();
		await api.close();
	};
	try {
		await seedDemo(api);
		log(`fake API with demo data on ${api.url}`);

		installPackage(dir, { build: options.build ?? true });
		n8n = new N8n(bin, { userFolder: dir, port: options.n8nPort, logFile: path.join(dir, 'n8n.log') });
		log('starting n8n...');
		await n8n.start();
		await n8n.login();

		// the fake API's port may differ from the last run: keep the credential pointing at it
		const data = { apiKey: KEYS.full, baseUrl: `${api.url}/v1/` };
		const existing = (await n8n.credentials()).find((c) => c.name === CREDENTIAL_NAME && c.type === 'storefrontApi');
		const credentialId = existing
			? (await n8n.rest<{ id: string }>('PATCH', `/rest/credentials/${existing.id}`, { name: CREDENTIAL_NAME, type: 'storefrontApi', data })).id
			: (await n8n.createCredential(data, CREDENTIAL_NAME)).id;

		// import each example once; later starts keep the user's edits
		const workflows = new Map<string, string>();
		const present = await n8n.workflows();
		for (const { workflow } of loadExamples(credentialId)) {
			const found = present.find((w) => w.name === workflow.name);
			workflows.set(workflow.name, found ? found.id : (await n8n.createWorkflow(workflow)).id);
		}
		return { api, n8n, credentialId, workflows, stop };
	} catch (error) {
		await stop();
		throw error;
	}
}

export function banner(sandbox: Sandbox) {
	const { api, n8n } = sandbox;
	return `
  n8n editor:   ${n8n.url}
  login:        ${OWNER.email} / ${OWNER.password}
  credential:   "${CREDENTIAL_NAME}" → fake API ${api.url}/v1/ (key ${KEYS.full})
  examples:     ${[...sandbox.workflows.keys()].join('\n                ')}

  Demo data: store accounts store_hosted (hostedstore) and store_plugin (pluginstore); ad
  connections on socialnet, searchnet, pronet, videonet and microblog with campaigns, ads,
  posts and an audience. Activate "Record every published post as a marketing activity", then
  send it a signed event:
    curl -s -X POST ${api.url}/__control/emit -H 'content-type: application/json' \\
      -d '{"event":"post.published","data":{"post":{"id":"post_1","caption":"New drop","permalink":"https://socialnet.example.com/p/1"}}}'
  n8n's log: ${path.join(n8n.userFolder, 'n8n.log')}

  Press Ctrl-C to stop n8n and the fake API.`;
}
