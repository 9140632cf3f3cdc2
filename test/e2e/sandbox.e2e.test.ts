import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { freePort } from '../../scripts/lib/n8n';
import { startSandbox, type Sandbox } from '../../sandbox/startSandbox';
import { exampleScenarios } from './sandbox/examples';
import { hitlReviewScenarios } from './sandbox/hitlReview';
import { httpRequestDoorScenarios } from './sandbox/httpRequestDoor';
import { mcpToolScenarios } from './sandbox/mcpTools';

/**
 * The sandbox of `npm start` (the same code, a temporary folder and free ports) in a real n8n
 * 2.41.1, booted once for three sets of scenarios, one after the other (each boot is about 15 s
 * of CPU; three took 45):
 * - the example workflows, each imported, run and judged by the fake API's state (sandbox/examples.ts);
 * - our nodes as tools of n8n's MCP Server Trigger, used by the official MCP client (sandbox/mcpTools.ts);
 * - the approval example's human review in n8n's hosted chat (sandbox/hitlReview.ts);
 * - n8n's HTTP Request node and its tools with our credential: refused, the books unchanged (sandbox/httpRequestDoor.ts).
 * Each set counts what it made from its own start (ads, requests, executions), not from the boot.
 */

jest.setTimeout(120_000);

let sandbox: Sandbox;
let dir: string;

beforeAll(async () => {
	const started = Date.now();
	dir = fs.mkdtempSync(path.join(os.tmpdir(), 'n8n-sandbox-'));
	sandbox = await startSandbox({ dir, n8nPort: await freePort() });
	console.log(`sandbox ready in ${((Date.now() - started) / 1000).toFixed(1)} s (package build, n8n start, demo data, examples, MCP example published)`);
}, 20 * 60_000);

afterAll(async () => {
	await sandbox?.stop();
	if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

describe('the example workflows', () => exampleScenarios(() => sandbox));
describe('our nodes as MCP tools', () => mcpToolScenarios(() => sandbox));
describe('human review of spending: the approval example in the hosted chat', () => hitlReviewScenarios(() => sandbox));
describe("n8n's HTTP Request node and its tools cannot spend with the credential (issue 67)", () => httpRequestDoorScenarios(() => sandbox));
