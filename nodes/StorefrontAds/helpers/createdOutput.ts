import type { IDataObject, IExecuteSingleFunctions, IN8nHttpFullResponse, INodeExecutionData } from 'n8n-workflow';

import { actionName } from '../../shared/actionNames';
import { savedLocator } from '../../shared/params';
import { reading, type Reader } from '../../shared/reads';
import { unwrapped } from '../../shared/requestActions';
import { apiRequest, idSegment } from '../../shared/wire/request';
import { adsErrors } from './adsErrors';
import { boostName, captionOfLabel } from './reboosts';
import { withCapsWouldRefuse } from './spendingActions';

/**
 * What a create or a boost outputs: the ad (or campaign) it made, in words a person reads, an answer
 * replayed from an earlier request said as such, and a boost's new socialnet ad named after its post.
 */

/** The actions the output names, looked up at its first run (the node registers them as it loads: actionNames.ts). */
let actionWords: { setStatus: string; get: string; update: string } | undefined;
const adActions = () => (actionWords ??= { setStatus: actionName('ad', 'setStatus'), get: actionName('ad', 'get'), update: actionName('ad', 'update') });

/**
 * A new ad answers `status: pending_review` whichever status was asked for (reference: Ad status):
 * the network reviews it first, then applies the requested status (`requested`, lower case). Said
 * in words next to it, so "pending_review" beside "Created paused" does not read as a contradiction.
 */
function reviewFields(requested: string, ad: IDataObject): IDataObject {
	if (ad.status !== 'pending_review') return { requestedStatus: requested };
	const after =
		requested === 'active'
			? 'Created Active: it starts spending real money once the network approves it.'
			: `Created Paused: once approved it stays paused and spends nothing until you set it active (${adActions().setStatus}).`;
	return { requestedStatus: requested, statusNote: `In review by the network (pending_review). ${after}` };
}

/**
 * The API answers a repeated Idempotency-Key with its first answer, which the fake API (as Stripe's)
 * marks `Idempotent-Replayed: true`; the reference does not show the header, and without it an
 * answer reads as new. A replay of this run's own first try, whose answer was lost, is not one (the
 * wire tells them apart: send.ts `Sent`), so the output is the same as without the fault.
 */
function replayedOutput(key: 'ad' | 'campaign', json: IDataObject): IDataObject {
	const { message, ...made } = json;
	// the first answer's statusNote said "Created": replaced below (an ad) or dropped (a campaign has none)
	delete made.statusNote;
	// the message first: it is what Table view shows first
	return {
		message: `Made by an earlier run of this same request (a re-run or retry within 24 hours), not by this one: this is the ${key} it made, and nothing new was created.`,
		replayed: true,
		...made,
		...(message !== undefined ? { earlierMessage: message } : {}),
		...(key === 'ad' ? { statusNote: `Its status is as the API answered the earlier request; ${adActions().get} reads it now.` } : {}),
	};
}

/**
 * The answer of a create: the validation as-is for Validate Only, with which caps would refuse the
 * real call (spendingActions.ts `withCapsWouldRefuse`), else the ad (or campaign) with the API's
 * message (an ad's with the status asked for, `status`); an answer replayed from an earlier request
 * says so (`replayed: true`).
 */
function created(ctx: IExecuteSingleFunctions, key: 'ad' | 'campaign', items: INodeExecutionData[], replayed: boolean, status: unknown): INodeExecutionData[] {
	const requested = String(status).toLowerCase();
	return items.map((item) => {
		if (item.json.validateOnly) return withCapsWouldRefuse(ctx, item);
		const made = item.json[key];
		const added = key === 'ad' && made && typeof made === 'object' ? reviewFields(requested, made as IDataObject) : {};
		const json = unwrapped(item.json, key, ['message'], added) ?? item.json;
		return replayed ? { ...item, json: replayedOutput(key, json) } : { ...item, json };
	});
}

/** The outputs made here, the only ones that say what the caps would refuse of a Validate Only check (`created`): adsOperation.ts requires one wherever Validate Only is shown. */
const DRY_RUN_OUTPUTS = new WeakSet<object>();
function reportingDryRuns<A extends object>(action: A): A {
	DRY_RUN_OUTPUTS.add(action);
	return action;
}
export const reportsDryRuns = (action: unknown) => typeof action === 'function' && DRY_RUN_OUTPUTS.has(action);

/** postReceive of a create: what it made (`created`). */
export function createdOutput(key: 'ad' | 'campaign') {
	return reportingDryRuns(reading(['status'], (read) => {
		return async function (this: IExecuteSingleFunctions, items: INodeExecutionData[], _response?: IN8nHttpFullResponse, replayed = false) {
			return created(this, key, items, replayed, key === 'ad' ? read.param(this, 'status', 'PAUSED') : '');
		};
	}));
}

/**
 * The name a new socialnet ad gets: Additional Fields → Ad Name, else its post's caption and ID
 * (reboosts.ts) when known without a request: the incoming item is that post (Get Many Ranked for Boosting's),
 * or the post was picked from the list, whose label holds its caption.
 */
function wantedName(ctx: IExecuteSingleFunctions, read: Reader<'postId'>, extra: IDataObject): string | undefined {
	const set = extra.adName;
	if (typeof set === 'string' && set.trim()) return set.trim();
	const input = ctx.getInputData()?.json ?? {};
	const picked = savedLocator(ctx, 'postId');
	const listed = picked?.mode === 'list';
	// no caption to name it after: the post ID is not needed
	if (typeof input.caption !== 'string' && !listed) return undefined;
	const post = read.locatorValue(ctx, 'postId');
	if (String(input.postId ?? input.id ?? '') === post && typeof input.caption === 'string') return boostName(input.caption, post);
	if (listed && picked.value === post) return boostName(captionOfLabel(picked.cachedResultName), post);
	return undefined;
}

/** The ad exists by now: a name that cannot be worked out leaves it as the API named it. */
function nameOrNone(ctx: IExecuteSingleFunctions, read: Reader<'postId'>, extra: IDataObject): string | undefined {
	try {
		return wantedName(ctx, read, extra);
	} catch {
		return undefined;
	}
}

/**
 * postReceive of Boost Post, its fields read in one call: the ad it made (`created`), a new
 * socialnet ad named after its post. The boost takes no name, so a rename follows it (reference:
 * PUT /v1/ads/{adId} takes `name` on socialnet only). A failed rename keeps the item, saying so:
 * the ad exists.
 */
export const boostOutput = reportingDryRuns(reading(['status', 'network', 'additionalFields', 'postId'], (read) => {
	return async function (this: IExecuteSingleFunctions, items: INodeExecutionData[], _response?: IN8nHttpFullResponse, replayed = false): Promise<INodeExecutionData[]> {
		const { status, network, additionalFields: extra } = read.params(this, { status: 'PAUSED' as unknown, network: '', additionalFields: {} as IDataObject });
		const made = created(this, 'ad', items, replayed, status);
		if (network !== 'socialnet') return made;
		const named: INodeExecutionData[] = [];
		for (const item of made) {
			const ad = item.json;
			const name = typeof ad.id === 'string' && !ad.validateOnly ? nameOrNone(this, read, extra) : undefined;
			if (!name || ad.name === name) {
				named.push(item);
				continue;
			}
			try {
				await apiRequest.call(this, 'PUT', `/v1/ads/${idSegment(this, 'Ad', ad.id as string)}`, { body: { name }, advice: adsErrors });
				named.push({ ...item, json: { ...ad, name } });
			} catch (error) {
				const why = (error as Error).message;
				named.push({ ...item, json: { ...ad, nameNote: `The ad was made, but naming it "${name}" failed (${why}). ${adActions().update} can name it.` } });
			}
		}
		return named;
	};
}));
