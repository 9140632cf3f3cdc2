import type { IDataObject, IExecuteSingleFunctions, IHttpRequestOptions } from 'n8n-workflow';

import { field } from '../../shared/fieldBuilders';
import { reading } from '../../shared/reads';
import { failItem, parseJson } from '../../shared/requestActions';

export const MAX_MENU_ITEMS = 100;
/** `id` is what Get returns: sent back, it keeps the item's ID on Replace. */
const ITEM_KEYS = ['id', 'title', 'type', 'url', 'resourceId', 'items'];
const TEXT_KEYS = ['id', 'title', 'type', 'url', 'resourceId'];

/** The fields of menu Create and Replace besides Title (storeFields.ts); each imports them into its `fields`. */

export const itemsInput = field({
	displayName: 'Items Input',
	name: 'itemsInput',
	type: 'options',
	options: [
		{ name: 'Simple List', value: 'list', description: 'One level of links' },
		{ name: 'Nested JSON', value: 'json', description: 'A tree: items with sub-items' },
	],
	default: 'list',
	description: 'On Replace, the items given here replace ALL current items of the menu, nested ones included',
});

export const items = field({
	displayName: 'Items',
	name: 'items',
	type: 'fixedCollection',
	typeOptions: { multipleValues: true, sortable: true },
	placeholder: 'Add Item',
	default: {},
	displayOptions: { show: { itemsInput: ['list'] } },
	options: [
		{
			name: 'item',
			displayName: 'Item',
			values: [
				{ displayName: 'Title', name: 'title', type: 'string', default: '', required: true },
				{ displayName: 'Type', name: 'type', type: 'string', default: 'HTTP', placeholder: 'e.g. HTTP, PAGE, COLLECTION, PRODUCT', description: 'Kind of link, as the store names it' },
				{ displayName: 'URL', name: 'url', type: 'string', default: '', placeholder: 'e.g. /pages/about' },
				{ displayName: 'Resource ID', name: 'resourceId', type: 'string', default: '', description: 'ID of the page, collection or product the item links to, when its type needs one' },
			],
		},
	],
});

export const itemsJson = field({
	displayName: 'Items (JSON)',
	name: 'itemsJson',
	type: 'json',
	default: '[\n  { "title": "Shop", "type": "HTTP", "url": "/collections/all", "items": [\n    { "title": "New", "type": "HTTP", "url": "/collections/new" }\n  ] }\n]',
	displayOptions: { show: { itemsInput: ['json'] } },
	description: `An array of items: {title, type, URL, resourceId, items: [...]}. At most ${MAX_MENU_ITEMS} items in the whole tree. Items as Get returns them may keep their ID: on Replace an item keeps it.`,
});

function countItems(items: IDataObject[]): number {
	return items.reduce((n, item) => n + 1 + countItems((item.items as IDataObject[] | undefined) ?? []), 0);
}

/** Checks a tree item by item, naming the first bad one by its position (e.g. "items[0].items[2]"). */
function checkTree(ctx: IExecuteSingleFunctions, items: unknown, where: string): IDataObject[] {
	if (!Array.isArray(items)) failItem(ctx, `Menu items at ${where} must be an array`, 'Use [ {"title": "...", ...}, ... ].');
	return (items as unknown[]).map((item, i) => {
		const at = `${where}[${i}]`;
		if (!item || typeof item !== 'object' || Array.isArray(item)) failItem(ctx, `Menu item ${at} is not an object`, 'Each item is {title, type, url, resourceId, items}.');
		const record = item as IDataObject;
		const unknown = Object.keys(record).filter((k) => !ITEM_KEYS.includes(k));
		if (unknown.length) failItem(ctx, `Menu item ${at} has unknown fields: ${unknown.join(', ')}`, `Allowed fields: ${ITEM_KEYS.join(', ')}.`);
		if (typeof record.title !== 'string' || !record.title.trim()) failItem(ctx, `Menu item ${at} has no title`, 'Every menu item needs a title.');
		const out: IDataObject = {};
		for (const key of TEXT_KEYS) if (record[key] !== undefined && record[key] !== null && record[key] !== '') out[key] = String(record[key]);
		if (record.items !== undefined) out.items = checkTree(ctx, record.items, `${at}.items`);
		return out;
	});
}

/** Builds `items` from the simple list or the JSON tree and enforces the 100-item limit before the call. */
export const buildMenuItems = reading(['itemsInput', 'itemsJson', 'items'], (read) => async function (this: IExecuteSingleFunctions, request: IHttpRequestOptions) {
	let raw: unknown;
	if (read.param<string>(this, 'itemsInput', 'list') === 'json') {
		raw = parseJson(read.param(this, 'itemsJson', '[]'), 'Items (JSON)', 'a JSON list, e.g. [{"title": "Home", "url": "/"}]', (message, fix) => failItem(this, message, fix));
	} else {
		raw = read.param<IDataObject>(this, 'items', {}).item ?? [];
	}
	const items = checkTree(this, raw, 'items');
	const total = countItems(items);
	if (total > MAX_MENU_ITEMS) {
		failItem(
			this,
			`The menu has ${total} items (nested ones included); the API accepts at most ${MAX_MENU_ITEMS}`,
			'Split the menu, or move some links into another menu.',
		);
	}
	request.body = { ...(request.body as IDataObject), items };
	return request;
});
