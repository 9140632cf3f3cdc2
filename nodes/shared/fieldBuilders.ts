import type { IExecuteSingleFunctions, INodeProperties } from 'n8n-workflow';

/**
 * A field whose name TypeScript knows. An operation lists its fields (`fields`), and its path's
 * `{name}`s and `inRequest` keys must name one of them: a misspelt name fails `npm run typecheck`.
 */
export type Field<N extends string = string> = INodeProperties & { name: N };

/** Declares a field, keeping its name's literal type (see Field). */
export const field = <N extends string>(declaration: INodeProperties & { name: N }): Field<N> => declaration;

/** Return All + Limit, the same on every Get Many. */
export function returnAllOrLimit(what: string): [Field<'returnAll'>, Field<'limit'>] {
	return [
		{
			displayName: 'Return All',
			name: 'returnAll',
			type: 'boolean',
			default: false,
			description: 'Whether to return all results or only up to a given limit',
			hint: `Pages through the API: fetches as many ${what} as needed, and no more`,
		},
		{
			displayName: 'Limit',
			name: 'limit',
			type: 'number',
			typeOptions: { minValue: 1 },
			default: 50,
			description: 'Max number of results to return',
			displayOptions: { show: { returnAll: [false] } },
		},
	];
}

export function simplifyField(keeps: string): Field<'simplify'> {
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
	/** The action that lists valid IDs, `actionName('connection', 'getAll')` (errors and tool descriptions name it). */
	listedBy?: string;
}

/** The spec each locator field was declared with (`resourceLocator`), for `registerLocators` (below). */
const LOCATOR_SPECS = new WeakMap<INodeProperties, LocatorSpec>();
export const locatorDeclaredAs = (field: INodeProperties): LocatorSpec | undefined => LOCATOR_SPECS.get(field);

/**
 * Each node's locators by parameter name (`accountId` is a store account in Commerce and an ad
 * connection in Ads), as its node file registers them: n8n applies `idPattern` only to IDs typed
 * "By ID", so the node checks every value (mapped, or given by a model through `$fromAI`) itself
 * (params.ts `checkedId`), and its tool description says where each ID comes from (`locatorSpec`, params.ts).
 */
export const LOCATORS = new Map<string, Map<string, LocatorSpec>>();

/**
 * Registers the locators of node `node` (`storefrontAds`): its node file calls this once, with the
 * list its helpers export, before it builds its tool description (which refuses a locator it lacks).
 */
export function registerLocators(node: string, locators: INodeProperties[]) {
	const byName = new Map<string, LocatorSpec>();
	for (const locator of locators) {
		const spec = locatorDeclaredAs(locator);
		if (!spec) throw new Error(`Locator ${locator.name} of ${node} is not declared with resourceLocator`);
		const known = byName.get(spec.name);
		if (known && known.idPattern?.regex !== spec.idPattern?.regex) throw new Error(`Locator ${spec.name} of ${node} is declared twice with different ID formats`);
		byName.set(spec.name, spec);
	}
	LOCATORS.set(node, byName);
}

/**
 * A resource locator with "From list" (searchable) and "By ID" modes. It has no routing:
 * the operation's preSend reads it once and puts it in the path, query or body. Its node
 * registers it (`registerLocators`, above) for its ID check and tool description.
 */
export function resourceLocator<N extends string>(spec: LocatorSpec & { name: N }): Field<N> {
	const locator: Field<N> = {
		displayName: spec.displayName,
		name: spec.name,
		type: 'resourceLocator',
		default: { mode: 'list', value: '' },
		required: spec.required ?? true,
		// what a person (or the description of a $fromAI call) needs: the ID's form and where IDs come from
		description:
			[spec.description, spec.idPattern?.message, spec.listedBy && `${spec.listedBy} lists them`]
				.filter((part): part is string => Boolean(part))
				.map((part) => part.replace(/\.$/, ''))
				.join('. ') || undefined,
		modes: [
			{
				displayName: 'From List',
				name: 'list',
				type: 'list',
				placeholder: `Select ${/^[aeiou]/i.test(spec.displayName) ? 'an' : 'a'} ${spec.displayName.toLowerCase()}...`,
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
	LOCATOR_SPECS.set(locator, spec);
	return locator;
}

/**
 * A collection of optional fields ("Additional Fields", "Update Fields", "Filters"). Its type names
 * the collection and the path to each option (`options.accountId`): the names an operation reads.
 */
export function collection<N extends string, O extends string>(
	displayName: string,
	name: N,
	options: Array<INodeProperties & { name: O }>,
	placeholder = 'Add Field',
): Field<N | `${N}.${O}`> {
	return { displayName, name, type: 'collection', placeholder, default: {}, options };
}

/** Where one field's value goes in the request (an operation's `inRequest`, applied by params.ts `buildRequest`). */
export interface Placement {
	in: 'query' | 'body';
	/** Name on the wire (default: the parameter's name). */
	as?: string;
	/** Leave it out when empty (default: sent as it is). */
	optional?: boolean;
	/** Resource locators: send the chosen ID. */
	locator?: boolean;
	/** Turns the parameter's value into what the API takes (may fail the item with a clear message). */
	map?: (this: IExecuteSingleFunctions, value: unknown) => unknown;
}
