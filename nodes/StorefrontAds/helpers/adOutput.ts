import { simplifyField } from '../../shared/fieldBuilders';
import { pick } from '../../shared/requestActions';

/** An ad has up to 15 fields (Get) or 11 (Get Many); Simplify keeps the 10 most read, `stale` where Get has it. */
export const AD_KEPT = ['id', 'name', 'status', 'platform', 'goal', 'budget', 'metrics', 'platformCampaignId', 'createdAt', 'stale'] as const;

export const simplifyAd = pick(AD_KEPT);

/** One declaration for Get and Get Many: the same words (the node declares each name once). */
export const adSimplify = simplifyField('ID, name, status, platform, goal, budget, metrics, campaign ID, creation time and, on Get, whether it is a synced copy');
