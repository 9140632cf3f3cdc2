/**
 * One n8n webhook processor in a process of its own (once-per-event.test.ts): our nodes and
 * n8n-core loaded here, module state (the Trigger's replay memory, the nodes' caches) this
 * process's alone. Reads one JSON line per batch on stdin, `{spec, credentials, runs: [{executionId,
 * delivery}]}` (the workflow with its static data, as n8n loads it), handles the batch's
 * deliveries at once, each through the trigger's webhook() and the execution it starts, and writes
 * one line per batch: `RESULT [{executionId, status, finished, error, page, redirect}]` (RunSummary).
 */
import readline from 'node:readline';

import { initExpressionEngine } from '../../harness/engine';
import { receiveAndRun, summary, type SignedDelivery } from '../../harness/events';
import type { WorkflowSpec } from '../../harness/execution';
import { loadEveryNodeType, type Credentials } from '../../harness';

async function main() {
	await initExpressionEngine();
	// ready means ready to run: the node types loaded now, not in the first batch
	loadEveryNodeType();
	process.stdout.write('READY\n');
	for await (const line of readline.createInterface({ input: process.stdin })) {
		if (!line.trim()) continue;
		const { spec, credentials, runs } = JSON.parse(line) as { spec: WorkflowSpec; credentials: Credentials; runs: Array<{ executionId: string; delivery: SignedDelivery }> };
		const results = await Promise.all(
			runs.map(async ({ executionId, delivery }) => {
				const { status, run } = await receiveAndRun(spec, credentials, delivery, executionId);
				return summary(executionId, status, run);
			}),
		);
		process.stdout.write(`RESULT ${JSON.stringify(results)}\n`);
	}
}

void main().then(
	() => process.exit(0),
	(error) => {
		process.stderr.write(String(error?.stack ?? error));
		process.exit(1);
	},
);
