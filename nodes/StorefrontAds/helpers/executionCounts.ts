import type { IExecuteSingleFunctions } from 'n8n-workflow';

import { failItem } from '../../shared/requestActions';

/**
 * What Max Spending Actions per Execution remembers of each execution (spendingActions.ts), in two
 * places, so that a count is never forgotten while its execution can still run:
 *
 * - in this process, the calls each count cap counted (what makes a resend the same call) and how
 *   many pauses were sent (an activation after one is a new one), for the 1,000 executions used
 *   last, the oldest forgotten first, so the map cannot grow without limit;
 * - in the execution's own data, how many spending actions it took: n8n's execution custom data
 *   (`$execution.customData`), kept with its run data. An execution that waits (a Wait node, a
 *   human review) and resumes after 1,000 others, or on another worker in queue mode, or after a
 *   restart, goes on from that number: the calls themselves are not known there, so a resend of
 *   an earlier one counts again (fail closed). A spending action whose count cannot be kept there
 *   (the execution's custom data is full) is refused.
 */

interface Execution {
	calls: Map<string, Set<string>>;
	pauses: number;
}

const EXECUTIONS_KEPT = 1000;
const executions = new Map<string, Execution>();

/** The key of a count cap's number in the execution's custom data (letters, digits and _; at most 50). */
const dataKey = (field: string) => `storefront_${field}`;

interface CustomData {
	get(key: string): unknown;
	set(key: string, value: string): void;
}

/** n8n's `$execution.customData` of the execution the request is part of, when n8n gives one. */
function customDataOf(ctx: IExecuteSingleFunctions): CustomData | undefined {
	const data = (ctx.getWorkflowDataProxy(ctx.getItemIndex()) as { $execution?: { customData?: CustomData } } | undefined)?.$execution?.customData;
	return data && typeof data.get === 'function' && typeof data.set === 'function' ? data : undefined;
}

function executionOf(ctx: IExecuteSingleFunctions): Execution {
	const id = String(ctx.getExecutionId() ?? '');
	let execution = executions.get(id);
	if (execution) {
		// most recently used last: the oldest is the one forgotten
		executions.delete(id);
	} else {
		execution = { calls: new Map(), pauses: 0 };
		if (executions.size >= EXECUTIONS_KEPT) executions.delete(executions.keys().next().value!);
	}
	executions.set(id, execution);
	return execution;
}

/**
 * The calls a count cap (by its field) counted in the request's execution. First met in this
 * process, it holds as many as the execution's own data says it took (each a call not known here).
 */
export function countedCalls(ctx: IExecuteSingleFunctions, field: string): Set<string> {
	const { calls } = executionOf(ctx);
	let made = calls.get(field);
	if (!made) {
		const kept = Math.floor(Number(customDataOf(ctx)?.get(dataKey(field)) ?? 0));
		made = new Set(Array.from({ length: Number.isFinite(kept) && kept > 0 ? kept : 0 }, (_, i) => `taken before, not known here: ${i + 1}`));
		calls.set(field, made);
	}
	return made;
}

/**
 * Adds `added` to a count cap's calls, here and in the execution's own data, before anything is
 * sent; when the execution's data cannot hold the number, nothing is added and the request is
 * refused (the count would be forgotten if the execution resumed elsewhere).
 */
export function addCalls(ctx: IExecuteSingleFunctions, field: string, made: Set<string>, added: readonly string[]) {
	if (!added.length) return;
	const total = String(made.size + added.length);
	const data = customDataOf(ctx);
	data?.set(dataKey(field), total);
	if (String(data?.get(dataKey(field))) !== total) {
		failItem(
			ctx,
			`This spending action is refused: its count (Max Spending Actions per Execution) cannot be kept in this execution's data, so it would be forgotten if the execution waited and resumed. Nothing was sent.`,
			`n8n keeps at most 10 custom data keys per execution ($execution.customData), and this one needs "${dataKey(field)}": set fewer keys of your own in this workflow, then run it again.`,
		);
	}
	for (const call of added) made.add(call);
}

/** How many pauses were sent in the request's execution, as far as this process knows (an activation after one is a new one). */
export const pausesOf = (ctx: IExecuteSingleFunctions) => executionOf(ctx).pauses;

/** A pause sent in the request's execution (any Set Status or Bulk Set Status, any node). */
export function notePause(ctx: IExecuteSingleFunctions) {
	executionOf(ctx).pauses += 1;
}
