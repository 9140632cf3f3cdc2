import { assembleResource, collection, operation, returnAllOrLimit, type OperationModule } from '../../shared/descriptions';
import { adSetLocator, connectionLocator, platformField, statusChoice } from './common';
import { updateFields, updatePreSend } from './campaign';

const getAll: OperationModule = {
	option: operation({
		value: 'getAll',
		name: 'Get Many',
		action: 'Get many ad sets',
		description: 'List ad sets (ad groups, line items) of a connection, optionally of one campaign; up to 500',
		method: 'GET',
		url: '/v1/ads/ad-sets',
		list: { style: 'none', rootProperty: 'adSets' },
	}),
	properties: [
		connectionLocator('query'),
		...returnAllOrLimit('ad sets'),
		collection(
			'Filters',
			'filters',
			[
				{
					displayName: 'Campaign ID',
					name: 'campaignId',
					type: 'string',
					default: '',
					description: 'Only the ad sets of this campaign (its platformCampaignId)',
					routing: { send: { type: 'query', property: 'campaignId' } },
				},
			],
			'Add Filter',
		),
	],
};

const update: OperationModule = {
	option: operation({
		value: 'update',
		name: 'Update',
		action: 'Update an ad set',
		description: 'Change budget, bid strategy, bid amount or (socialnet) name of an ad set',
		method: 'PUT',
		preSend: updatePreSend,
	}),
	properties: [
		connectionLocator(undefined, 'Used to list the ad sets to pick from; not sent'),
		adSetLocator(),
		platformField(),
		updateFields,
	],
};

const setStatus: OperationModule = {
	option: operation({
		value: 'setStatus',
		name: 'Set Status',
		action: 'Pause or resume an ad set',
		description: 'Pause or resume an ad set on every network (the line item on microblog)',
		method: 'PUT',
	}),
	properties: [
		connectionLocator(undefined, 'Used to list the ad sets to pick from; not sent'),
		adSetLocator('/status'),
		statusChoice('Paused stops spending; Active resumes it'),
		platformField(),
	],
};

export const adSetProperties = assembleResource('adSet', [getAll, update, setStatus], 'getAll');
