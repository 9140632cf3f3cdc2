import { simplifyField } from '../../shared/fieldBuilders';
import { pick } from '../../shared/requestActions';

/** A catalog sync has 13 fields; Simplify (Get and Get Many) keeps the 10 a run is judged by. */
export const CATALOG_SYNC_KEPT = ['id', 'runStatus', 'itemsSent', 'itemsSkipped', 'itemsDeleted', 'lastError', 'lastRunFinishedAt', 'catalogId', 'catalogAccountId', 'createdAt'] as const;

export const simplifyCatalogSync = pick(CATALOG_SYNC_KEPT);

/** One declaration for both operations: the same words (the node declares each name once). */
export const catalogSyncSimplify = simplifyField('ID, run status, items sent, skipped and deleted, last error, last run end, catalog, catalog account and creation time');
