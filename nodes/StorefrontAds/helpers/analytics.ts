import type { IDataObject, IExecuteSingleFunctions, INodeExecutionData } from 'n8n-workflow';

import { collection, field } from '../../shared/fieldBuilders';
import { reading } from '../../shared/reads';
import { dayField, queryWithDays } from './dates';
import { optionsOf } from '../../shared/optionName';

/**
 * Analytics answers `{<owner>: {...}, analytics: {summary, daily}}`. "Split Into Days"
 * gives one item per day (with the owner's id, name and currency on each), else one item.
 */
export const analyticsOutput = reading(['splitIntoDays'], (read) => async function (this: IExecuteSingleFunctions, items: INodeExecutionData[]) {
	if (!read.param<boolean>(this, 'splitIntoDays', false)) return items;
	return items.flatMap(({ json }) => {
		const owner = ((json.campaign ?? json.ad) as IDataObject | undefined) ?? {};
		const daily = ((json.analytics as IDataObject | undefined)?.daily as IDataObject[] | undefined) ?? [];
		return daily.map((day) => ({ json: { ...owner, ...day } }));
	});
});

export const analyticsQuery = queryWithDays('options');

export function analyticsFields(breakdowns: { network: string; values: string[] }) {
	return [
		field({
			displayName: 'Split Into Days',
			name: 'splitIntoDays',
			type: 'boolean',
			default: false,
			description: 'Whether to output one item per day instead of one item with the summary and the daily rows',
		}),
		collection(
			'Options',
			'options',
			[
				dayField('From Date', 'fromDate', 'First day (UTC); default 7 days before To Date'),
				dayField('To Date', 'toDate', 'Last day (UTC); default today'),
				{
					displayName: 'Breakdowns',
					name: 'breakdowns',
					type: 'multiOptions',
					options: optionsOf(breakdowns.values),
					default: [],
					description: `Split the figures by these dimensions (${breakdowns.network} only)`,
				},
			],
			'Add Option',
		),
	];
}
