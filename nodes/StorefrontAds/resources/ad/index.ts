import { assembleResource } from '../../../shared/descriptions';
import * as boost from './boost';
import { createAdOperation } from './create';
import { get, getAll, getAnalytics, remove, setStatus, update } from './manage';

export const adProperties = assembleResource(
	'ad',
	[
		createAdOperation('create'),
		createAdOperation('messaging'),
		createAdOperation('call'),
		boost,
		getAll,
		get,
		update,
		remove,
		setStatus,
		getAnalytics,
	],
	'boost',
);
