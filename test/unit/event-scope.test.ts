import { eventOf } from '../../nodes/shared/wire/idempotency';

/**
 * Which event a node run's POSTs are keyed by (nodes/shared/wire/idempotency.ts `eventOf`), on n8n's side
 * faked: the run's mode, the node's parents, the Once per Event switch and the trigger's output
 * item as n8n's workflow data proxy gives them. keys.test.ts and once-per-event.test.ts run the same
 * through n8n-core; here each condition is turned one at a time, and the lookups are counted (once
 * per node run, nothing per item).
 */

const PREFIX = 'n8n-nodes-storefront.';

interface Setup {
	mode?: string;
	/** Once per Event as the node's parameter gives it (undefined: not set, n8n gives the fallback). */
	oncePerEvent?: boolean;
	parents?: Array<{ name: string; type: string; disabled?: boolean }>;
	/** The trigger's output item's `id`, or a thrown error ("node hasn't been executed"), or not executed. */
	output?: { id?: unknown } | 'throws' | 'not executed';
	/** The kind of context: a declarative operation's (per item) or a custom operation's (per run). */
	single?: boolean;
	executeData?: object | null;
	workflowId?: string;
	noGetMode?: boolean;
	noParents?: boolean;
}

function context(setup: Setup = {}) {
	const calls = { parents: 0, proxy: 0 };
	const param = (path: string, fallback: unknown) => (path === 'requestOptions.oncePerEvent' && setup.oncePerEvent !== undefined ? setup.oncePerEvent : fallback);
	const ctx: Record<string, unknown> = {
		getNode: () => ({ id: 'n1', name: 'Create a page', type: `${PREFIX}storefrontCommerce` }),
		getWorkflow: () => ({ id: setup.workflowId }),
		getWorkflowDataProxy: () => {
			calls.proxy += 1;
			return {
				$: (name: string) => {
					if (setup.output === 'throws') throw new Error(`Node '${name}' hasn't been executed`);
					if (setup.output === 'not executed') return { isExecuted: false, first: () => ({ json: { id: 'evt_stale' } }) };
					return { isExecuted: true, first: () => ({ json: setup.output ?? { id: 'evt_1' } }) };
				},
			};
		},
	};
	if (!setup.noGetMode) ctx.getMode = () => setup.mode ?? 'webhook';
	if (!setup.noParents) {
		ctx.getParentNodes = () => {
			calls.parents += 1;
			return setup.parents ?? [{ name: 'Storefront Trigger', type: `${PREFIX}storefrontTrigger` }];
		};
	}
	if (setup.single === false) ctx.getNodeParameter = (path: string, _item: number, fallback: unknown) => param(path, fallback);
	else Object.assign(ctx, { getItemIndex: () => 0, getNodeParameter: (path: string, fallback: unknown) => param(path, fallback) });
	if (setup.executeData !== null) ctx.getExecuteData = () => setup.executeData ?? undefined;
	return { ctx: ctx as never, calls };
}

test('a run a Storefront Trigger delivery started (mode webhook) or a "Retry execution" of one: keyed by its event and workflow', () => {
	expect(eventOf(context({ workflowId: 'wf-1' }).ctx)).toEqual({ id: 'evt_1', workflowId: 'wf-1' });
	expect(eventOf(context({ mode: 'retry', workflowId: 'wf-1' }).ctx)).toEqual({ id: 'evt_1', workflowId: 'wf-1' });
	expect(eventOf(context({ single: false, workflowId: 'wf-1' }).ctx)).toEqual({ id: 'evt_1', workflowId: 'wf-1' });
	// a workflow n8n gives no id (never saved): the event alone
	expect(eventOf(context().ctx)).toEqual({ id: 'evt_1', workflowId: '' });
});

test('other runs are keyed by their execution: manual, schedule or other trigger, sub-workflow, or no mode at all', () => {
	for (const mode of ['manual', 'trigger', 'integrated', 'cli', 'evaluation']) expect(eventOf(context({ mode }).ctx)).toBeUndefined();
	expect(eventOf(context({ noGetMode: true }).ctx)).toBeUndefined();
});

test('Once per Event off: keyed by the execution; not set: on', () => {
	expect(eventOf(context({ oncePerEvent: false }).ctx)).toBeUndefined();
	expect(eventOf(context({ oncePerEvent: false, single: false }).ctx)).toBeUndefined();
	expect(eventOf(context({ oncePerEvent: true }).ctx)).toEqual(expect.objectContaining({ id: 'evt_1' }));
	expect(eventOf(context({ single: false }).ctx)).toEqual(expect.objectContaining({ id: 'evt_1' }));
});

test('only an enabled Storefront Trigger of this package among the parents counts, and without one the trigger\'s output is not even read', () => {
	const none = [
		[],
		[{ name: 'Webhook', type: 'n8n-nodes-base.webhook' }],
		[{ name: 'Storefront Trigger', type: `${PREFIX}storefrontTrigger`, disabled: true }],
		[{ name: 'Storefront Trigger', type: 'other-package.storefrontTrigger' }],
	];
	for (const parents of none) {
		const { ctx, calls } = context({ parents });
		expect(eventOf(ctx)).toBeUndefined();
		expect(calls.proxy).toBe(0);
	}
	expect(eventOf(context({ noParents: true }).ctx)).toBeUndefined();
	for (const type of ['storefrontTrigger', 'storefrontCommerceTrigger', 'storefrontAdsTrigger', 'storefrontWebhooksTrigger']) {
		const parents = [{ name: 'Webhook', type: 'n8n-nodes-base.webhook' }, { name: 'Events', type: `${PREFIX}${type}` }];
		expect(eventOf(context({ parents }).ctx)).toEqual(expect.objectContaining({ id: 'evt_1' }));
	}
});

test('the trigger\'s item: its id as a string or a finite number; a trigger that did not run this execution (another one did) gives none', () => {
	expect(eventOf(context({ output: { id: 42 } }).ctx)).toEqual(expect.objectContaining({ id: '42' }));
	for (const output of [{ id: '' }, { id: Number.NaN }, { id: Infinity }, { id: { nested: 1 } }, {}, 'throws', 'not executed'] as const) {
		expect(eventOf(context({ output }).ctx)).toBeUndefined();
	}
});

test('looked up once per node run and node, whatever the number of items; a new run looks again', () => {
	const run = {};
	const { ctx, calls } = context({ executeData: run });
	for (let i = 0; i < 5; i++) expect(eventOf(ctx)).toEqual(expect.objectContaining({ id: 'evt_1' }));
	expect(calls.parents).toBe(1);
	// a run without an event (another trigger started it) is remembered too
	const noEvent = context({ output: 'throws', executeData: {} });
	for (let i = 0; i < 3; i++) expect(eventOf(noEvent.ctx)).toBeUndefined();
	expect(noEvent.calls.parents).toBe(1);
	const other = context({ executeData: {} });
	eventOf(other.ctx);
	expect(other.calls.parents).toBe(1);
	// no execute data (n8n gives none): looked up each time
	const bare = context({ executeData: null });
	eventOf(bare.ctx);
	eventOf(bare.ctx);
	expect(bare.calls.parents).toBe(2);
});
