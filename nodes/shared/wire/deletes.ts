/**
 * A DELETE found gone: the memory of the DELETEs this process sent (send.ts) and the answer a
 * DELETE gives when an earlier attempt, whose answer was lost, had deleted it (call.ts).
 */
import type { IDataObject } from 'n8n-workflow';

/**
 * DELETEs of this process whose outcome was success or unknown, by execution, node and URL: when
 * n8n's Retry On Fail runs the node again in the same execution, a 404 for one of them means
 * "already deleted" (by the earlier run), not a mistyped ID. Bounded: the oldest entries go first.
 */
const deletes = new Map<string, true>();
const MAX_DELETES = 20_000;

export function rememberDelete(key: string | undefined) {
	if (!key) return;
	deletes.delete(key);
	deletes.set(key, true);
	if (deletes.size > MAX_DELETES) deletes.delete(deletes.keys().next().value as string);
}

export const deletedEarlier = (key: string | undefined) => Boolean(key && deletes.has(key));

/** What a DELETE answers when an earlier attempt (whose answer was lost) had deleted it: `{deleted, <idName>}` as the store deletes answer, with a note. */
export function alreadyDeleted(idName?: string, id?: string): IDataObject {
	return {
		deleted: true,
		...(idName ? { [idName]: id } : {}),
		alreadyDeleted: true,
		note: 'Deleted: an earlier attempt of this item reached the API but its answer was lost, and the next attempt found nothing left to delete.',
	};
}
