import type { DeclarativeRestApiSettings, IDataObject, IExecutePaginationFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import { assembleResource, collection, failItem, operation, resourceLocator, returnAllOrLimit, unwrap, type OperationModule } from '../../shared/descriptions';
import { isFirstItem, itemsOrJson, sendInChunks, valuesForEveryItem } from './batch';
import { adAccountLocator, connectionLocator, jsonParameter } from './common';

/** The API's limit of people per call (reference: Limits). */
export const USERS_PER_CALL = 10_000;

const TYPES = [
	{ name: 'Customer List', value: 'customer_list', description: 'People you upload (every network except chatnet)' },
	{ name: 'Lookalike', value: 'lookalike', description: 'Socialnet only' },
	{ name: 'Saved Targeting', value: 'saved_targeting', description: 'A reusable targeting spec' },
	{ name: 'Website', value: 'website', description: 'Pixel visitors (socialnet only)' },
];

const audienceLocator = (suffix = '') =>
	resourceLocator({
		displayName: 'Audience',
		name: 'audienceId',
		searchListMethod: 'searchAudiences',
		placeholder: 'e.g. aud_000123',
		description: 'An audience of the chosen ad connection',
		url: `=/v1/ads/audiences/{{ encodeURIComponent($value) }}${suffix}`,
		idPattern: { regex: '^aud_\\S+$', message: 'An audience ID starts with aud_' },
	});

const create: OperationModule = {
	option: operation({
		value: 'create',
		name: 'Create',
		action: 'Create an audience',
		description: 'Create an empty audience; add people with Add Users',
		method: 'POST',
		url: '/v1/ads/audiences',
		postReceive: [unwrap('audience')],
	}),
	properties: [
		connectionLocator('body', 'The ad connection the audience belongs to (chatnet has no audiences)'),
		adAccountLocator('body'),
		{ displayName: 'Name', name: 'name', type: 'string', required: true, default: '', routing: { send: { type: 'body', property: 'name' } } },
		{ displayName: 'Type', name: 'type', type: 'options', options: TYPES, default: 'customer_list', routing: { send: { type: 'body', property: 'type' } } },
	],
};

const getAll: OperationModule = {
	option: operation({
		value: 'getAll',
		name: 'Get Many',
		action: 'Get many audiences',
		description: 'List the audiences of a connection with their sizes',
		method: 'GET',
		url: '/v1/ads/audiences',
		list: { style: 'none', rootProperty: 'audiences' },
	}),
	properties: [
		connectionLocator('query'),
		...returnAllOrLimit('audiences'),
		collection(
			'Filters',
			'filters',
			[
				{ displayName: 'Ad Account ID', name: 'adAccountId', type: 'string', default: '', routing: { send: { type: 'query', property: 'adAccountId' } } },
				{ displayName: 'Type', name: 'type', type: 'options', options: TYPES, default: 'customer_list', routing: { send: { type: 'query', property: 'type' } } },
			],
			'Add Filter',
		),
	],
};

const get: OperationModule = {
	option: operation({ value: 'get', name: 'Get', action: 'Get an audience', description: 'Get an audience with its size', method: 'GET', postReceive: [unwrap('audience')] }),
	properties: [connectionLocator('query'), audienceLocator()],
};

const rename: OperationModule = {
	option: operation({ value: 'rename', name: 'Rename', action: 'Rename an audience', description: 'Change the name of an audience', method: 'PUT', postReceive: [unwrap('audience')] }),
	properties: [
		connectionLocator('body'),
		audienceLocator(),
		{ displayName: 'New Name', name: 'name', type: 'string', required: true, default: '', routing: { send: { type: 'body', property: 'name' } } },
	],
};

const remove: OperationModule = {
	option: operation({ value: 'delete', name: 'Delete', action: 'Delete an audience', description: 'Delete an audience; ads targeting it lose that targeting', method: 'DELETE' }),
	properties: [connectionLocator('query'), audienceLocator()],
};

const text = (v: unknown) => (typeof v === 'string' ? v.trim() : typeof v === 'number' ? String(v) : '');

/** People from every incoming item (one batch) or from this item's JSON list; more than 10,000 go in several calls. */
async function sendPeople(this: IExecutePaginationFunctions, requestData: DeclarativeRestApiSettings.ResultOptions): Promise<INodeExecutionData[]> {
	const fromItems = this.getNodeParameter('peopleInput', 'items') === 'items';
	if (fromItems && !isFirstItem(this)) return [];
	let people: IDataObject[];
	if (fromItems) {
		const phones = valuesForEveryItem(this, 'phone');
		people = valuesForEveryItem(this, 'email').map((email, i) => ({ email: text(email), phone: text(phones[i]) }));
	} else {
		const list = jsonParameter(this, this.getNodeParameter('peopleJson', '[]'), 'People (JSON)');
		people = (Array.isArray(list) ? list : [list]).map((p) => ({ email: text(p.email), phone: text(p.phone) }));
	}
	const users = people
		.filter((p) => p.email || p.phone)
		.map((p) => Object.fromEntries(Object.entries(p).filter(([, v]) => v !== '')) as IDataObject);
	if (!users.length) failItem(this, 'No people to add', 'Every entry lacks both an email and a phone. Map the email (and phone) columns of the incoming items.');
	const { calls } = await sendInChunks(this, requestData, 'users', users, USERS_PER_CALL);
	const audienceId = this.getNodeParameter('audienceId', '', { extractValue: true }) as string;
	return [{ json: { audienceId, sent: users.length, skipped: people.length - users.length, calls } }];
}

const addUsers: OperationModule = {
	option: operation({
		value: 'addUsers',
		name: 'Add Users',
		action: 'Add users to an audience',
		description: 'Add people (email, phone) to a customer-list audience; more than 10,000 are sent in several calls',
		method: 'POST',
		run: sendPeople,
	}),
	properties: [
		connectionLocator(undefined, 'Used to list the audiences to pick from; not sent'),
		audienceLocator('/users'),
		{
			displayName:
				'Emails (and socialnet phone numbers) are SHA-256 hashed by the service before they leave it. Searchnet and microblog match on email only; a microblog audience needs at least 100 matched people before ads can target it.',
			name: 'hashNotice',
			type: 'notice',
			default: '',
		},
		itemsOrJson('peopleInput', 'People', 'person'),
		{
			displayName: 'Email',
			name: 'email',
			type: 'string',
			default: '={{ $json.email }}',
			placeholder: 'name@email.com',
			description: "Each item's email; drag the column here",
			displayOptions: { show: { peopleInput: ['items'] } },
		},
		{
			displayName: 'Phone',
			name: 'phone',
			type: 'string',
			default: '',
			placeholder: '{{ $json.phone }}',
			description: "Each item's phone, with country code; used on socialnet, pronet and videonet",
			displayOptions: { show: { peopleInput: ['items'] } },
		},
		{
			displayName: 'People (JSON)',
			name: 'peopleJson',
			type: 'json',
			default: '[]',
			description: 'A list of {"email": "...", "phone": "..."}',
			displayOptions: { show: { peopleInput: ['json'] } },
		},
	] as INodeProperties[],
};

export const audienceProperties = assembleResource('audience', [create, getAll, get, rename, remove, addUsers], 'getAll');
