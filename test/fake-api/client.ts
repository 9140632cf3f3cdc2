import { KEYS, type FakeApiServer } from '../../fake-api';

/** A plain HTTP client of the fake API (no node, no n8n-core): the status and the JSON body of each call. */
export const plainClient =
	(api: () => FakeApiServer) =>
	async (method: string, path: string, body?: unknown, headers: Record<string, string> = {}, key: string = KEYS.full) => {
		const res = await fetch(`${api().url}${path}`, {
			method,
			headers: { authorization: `Bearer ${key}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
			body: body === undefined ? undefined : JSON.stringify(body),
		});
		return { status: res.status, body: (await res.json()) as Record<string, any> }; // eslint-disable-line @typescript-eslint/no-explicit-any
	};

/** A complete socialnet Ad → Create body, PAUSED. */
export const socialAd = {
	accountId: 'acc_social1',
	adAccountId: 'act_1001',
	name: 'Winter sale',
	goal: 'traffic',
	budgetAmount: 15,
	budgetType: 'daily',
	headline: 'Warm coats',
	body: 'Half price this week',
	linkUrl: 'https://shop.example.com/coats',
	imageUrl: 'https://shop.example.com/coat.jpg',
	callToAction: 'SHOP_NOW',
	status: 'PAUSED',
};
