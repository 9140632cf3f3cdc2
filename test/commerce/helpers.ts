import type { FakeApiServer } from '../../fake-api';

export const HOSTED = 'store_hosted';
export const PLUGIN = 'store_plugin';

/** Seeds `count` records straight into the fake store (list tests need many). */
export function seedPages(api: FakeApiServer, count: number, account = HOSTED) {
	const store = api.commerce.store(account);
	for (let i = 0; i < count; i++) {
		const at = new Date(Date.UTC(2026, 0, 1, 0, 0, i)).toISOString();
		store.pages.push({
			id: `gid_page_seed${String(i).padStart(4, '0')}`,
			accountId: account,
			platform: account === HOSTED ? 'hostedstore' : 'pluginstore',
			title: `${i % 2 ? 'Summer' : 'Winter'} page ${i}`,
			handle: `page-${i}`,
			bodyHtml: `<p>${i}</p>`,
			isPublished: true,
			publishedAt: at,
			createdAt: at,
			updatedAt: at,
		});
	}
	return store.pages;
}

export function seedRedirects(api: FakeApiServer, count: number) {
	const store = api.commerce.store(HOSTED);
	for (let i = 0; i < count; i++) store.redirects.push({ id: `gid_redirect_seed${i}`, path: `/old-${i}`, target: `/new-${i}` });
	return store.redirects;
}

export function seedMetaobjects(api: FakeApiServer, count: number, type = 'designer') {
	const store = api.commerce.store(HOSTED);
	for (let i = 0; i < count; i++) {
		store.metaobjects.push({
			id: `gid_metaobject_seed${i}`,
			type,
			handle: `${type}-${i}`,
			displayName: `Name ${i}`,
			fields: [{ key: 'name', type: 'single_line_text_field', value: `Name ${i}` }],
		});
	}
	return store.metaobjects;
}
