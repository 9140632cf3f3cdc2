import type { INodeProperties } from 'n8n-workflow';

/** The searchnet account of keyword ideas, historical metrics and search terms (inside their Options / Filters). */
export const customerIdField: INodeProperties = {
	displayName: 'Customer ID',
	name: 'customerId',
	type: 'string',
	default: '',
	description: 'The searchnet account (customer) ID, when the connection has several',
};
