import type { INodeProperties } from 'n8n-workflow';

/** Return All + Limit, the same on every Get Many. */
export function returnAllOrLimit(what: string): INodeProperties[] {
	return [
		{
			displayName: 'Return All',
			name: 'returnAll',
			type: 'boolean',
			default: false,
			description: 'Whether to return all results or only up to a given limit',
		},
		{
			displayName: 'Limit',
			name: 'limit',
			type: 'number',
			typeOptions: { minValue: 1 },
			default: 50,
			description: 'Max number of results to return',
			hint: `Fetches as many ${what} as needed across pages, and no more`,
			displayOptions: { show: { returnAll: [false] } },
		},
	];
}

export function simplifyField(keeps: string): INodeProperties {
	return {
		displayName: 'Simplify',
		name: 'simplify',
		type: 'boolean',
		default: true,
		description: `Whether to return a simplified version of the response instead of the raw data (keeps ${keeps})`,
	};
}

export interface LocatorSpec {
	displayName: string;
	name: string;
	/** listSearch method for the "From list" mode. */
	searchListMethod: string;
	placeholder: string;
	description?: string;
	required?: boolean;
	/** Validation of "By ID": a regex and the message shown when it does not match. */
	idPattern?: { regex: string; message: string };
}

/**
 * A resource locator with "From list" (searchable) and "By ID" modes. It has no routing:
 * the operation's preSend reads it once and puts it in the path, query or body.
 */
export function resourceLocator(spec: LocatorSpec): INodeProperties {
	return {
		displayName: spec.displayName,
		name: spec.name,
		type: 'resourceLocator',
		default: { mode: 'list', value: '' },
		required: spec.required ?? true,
		description: spec.description,
		modes: [
			{
				displayName: 'From List',
				name: 'list',
				type: 'list',
				placeholder: `Select a ${spec.displayName.toLowerCase()}...`,
				typeOptions: { searchListMethod: spec.searchListMethod, searchable: true },
			},
			{
				displayName: 'By ID',
				name: 'id',
				type: 'string',
				placeholder: spec.placeholder,
				validation: spec.idPattern
					? [{ type: 'regex', properties: { regex: spec.idPattern.regex, errorMessage: spec.idPattern.message } }]
					: undefined,
			},
		],
	};
}

/** A collection of optional fields ("Additional Fields", "Update Fields", "Filters"). */
export function collection(displayName: string, name: string, options: INodeProperties[], placeholder = 'Add Field'): INodeProperties {
	return { displayName, name, type: 'collection', placeholder, default: {}, options };
}
