import type { IDataObject } from 'n8n-workflow';

import { byId } from '../../harness/context';

/** Seeded by the fake API (test/server/ads.ts). */
export const SOCIAL = 'acc_social1';
export const SEARCH = 'acc_search1';
export const PRO = 'acc_pro1';
export const VIDEO = 'acc_video1';
export const MICRO = 'acc_micro1';
export const ACCOUNT_OF: Record<string, string> = {
	acc_social1: 'act_1001',
	acc_search1: '123-456-7890',
	acc_pro1: '501',
	acc_video1: '7001',
	acc_micro1: 'mb-18ce',
};

/** A day from now, as the date pickers give it. */
export const inDays = (days: number) => new Date(Date.now() + days * 24 * 3600 * 1000).toISOString();

/** The body a complete socialnet Ad → Create sends (what the API must receive). */
export const socialBody = {
	accountId: SOCIAL,
	adAccountId: 'act_1001',
	name: 'Summer sale',
	goal: 'traffic',
	budgetAmount: 25,
	budgetType: 'daily',
	status: 'PAUSED',
	headline: 'Linen dresses',
	body: 'Light and cool, 20% off this week',
	linkUrl: 'https://shop.example.com/summer',
	imageUrl: 'https://cdn.example.com/summer.jpg',
	callToAction: 'SHOP_NOW',
};

/** Node parameters of that create: the same values, with the two accounts picked "By ID". */
/** Parameters of a create (or another ad operation) on any network: the shared part plus that network's fields. */
export function createOn(network: string, accountId: string, fields: IDataObject, operation = 'create'): IDataObject {
	return {
		resource: 'ad',
		operation,
		network,
		accountId: byId(accountId),
		adAccountId: byId(ACCOUNT_OF[accountId]),
		name: `${network} ad`,
		budgetAmount: 30,
		budgetType: 'daily',
		status: 'PAUSED',
		...fields,
	};
}

export function socialCreate(extra: IDataObject = {}): IDataObject {
	return { resource: 'ad', operation: 'create', network: 'socialnet', ...socialBody, accountId: byId(SOCIAL), adAccountId: byId('act_1001'), ...extra };
}
