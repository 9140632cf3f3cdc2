import type { AdsService } from './ads';
import { accountQuery, addUsersBody, audiencesQuery, createAudienceBody, renameAudienceBody } from './contract/ads';
import type { FakeApi } from './core';
import { invalid, notFound } from './errors';
import { hashOf } from './figures';

/** The ads API's custom audiences: created, listed, renamed, deleted, and people added to them (matched by hashed email or phone). */

export interface Audience {
	id: string;
	accountId: string;
	adAccountId: string;
	name: string;
	type: string;
	/** SHA-256 of the normalised identifiers that matched. */
	matched: Set<string>;
}

/** Registers the audience routes; answers the audiences, by id (the server's `api.audiences`). */
export function registerAudiences(api: FakeApi, svc: AdsService): Map<string, Audience> {
	const audiences = new Map<string, Audience>();
	const ads = true;
	const audienceOf = (audienceId: string, accountId?: string): Audience => {
		const a = audiences.get(audienceId);
		if (!a || (accountId && a.accountId !== accountId)) throw notFound('Audience', audienceId);
		return a;
	};
	api.route('POST', '/v1/ads/audiences', { ads, body: createAudienceBody }, ({ body }) => {
		const { network } = svc.connection(body.accountId);
		if (network === 'chatnet') throw invalid('accountId', 'chatnet has no audiences');
		if ((body.type === 'website' || body.type === 'lookalike') && network !== 'socialnet') throw invalid('type', `${body.type} audiences exist on socialnet only`);
		const audience: Audience = { id: api.nextId('aud_'), accountId: body.accountId, adAccountId: body.adAccountId, name: body.name, type: body.type, matched: new Set() };
		audiences.set(audience.id, audience);
		return { audience: { id: audience.id, name: audience.name, type: audience.type } };
	});
	const view = (a: Audience) => ({ id: a.id, name: a.name, type: a.type, size: a.matched.size });
	api.route('GET', '/v1/ads/audiences', { ads, query: audiencesQuery }, ({ query }) => {
		svc.connection(query.accountId);
		const list = [...audiences.values()].filter(
			(a) => a.accountId === query.accountId && (!query.adAccountId || a.adAccountId === query.adAccountId) && (!query.type || a.type === query.type),
		);
		return { audiences: list.map(view) };
	});
	api.route('GET', '/v1/ads/audiences/:audienceId', { ads, query: accountQuery }, ({ params, query }) => ({ audience: view(audienceOf(params.audienceId, query.accountId)) }));
	api.route('PUT', '/v1/ads/audiences/:audienceId', { ads, body: renameAudienceBody }, ({ params, body }) => {
		const a = audienceOf(params.audienceId, body.accountId);
		a.name = body.name;
		return { audience: { id: a.id, name: a.name, type: a.type } };
	});
	api.route('DELETE', '/v1/ads/audiences/:audienceId', { ads, query: accountQuery }, ({ params, query }) => {
		audienceOf(params.audienceId, query.accountId);
		audiences.delete(params.audienceId);
		return { deleted: true, audienceId: params.audienceId };
	});
	api.route('POST', '/v1/ads/audiences/:audienceId/users', { ads, body: addUsersBody }, ({ params, body }) => {
		const a = audienceOf(params.audienceId);
		const { network } = svc.connection(a.accountId);
		const phonesMatch = !['searchnet', 'microblog'].includes(network);
		for (const [i, user] of body.users.entries()) {
			if (!user.email && !user.phone) throw invalid(`users[${i}]`, 'needs an email or a phone');
			const email = user.email?.trim().toLowerCase();
			const phone = user.phone?.replace(/[^\d+]/g, '');
			if (email) a.matched.add(hashOf(`e:${email}`).toString('hex'));
			else if (phone && phonesMatch) a.matched.add(hashOf(`p:${phone}`).toString('hex'));
		}
		return { success: true };
	});
	return audiences;
}
