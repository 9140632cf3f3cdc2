import type { INodeParameters } from 'n8n-workflow';

/**
 * The endpoint tables of docs/reference/api-reference.md (and docs/reference/contract.md where the reference says
 * "not shown") as data, with how the node expresses each field. Read by test/contract/reference.test.ts.
 */

export type Location = 'path' | 'query' | 'body' | 'header';
export type FieldType = 'string' | 'number' | 'integer' | 'boolean' | 'string[]' | 'object' | 'object[]';
/** The three action nodes (the Trigger aside), by type name: the one list the tests take them from. */
export const ACTION_NODES = ['storefrontCommerce', 'storefrontAds', 'storefrontWebhooks'] as const;
export type NodeName = (typeof ACTION_NODES)[number];

/**
 * How the node expresses one request field: the node parameters to set (dotted paths into the
 * parameters, e.g. `additionalFields.handle`) and the value the API must then receive.
 * Strings may hold `$token`s, replaced by the ids the endpoint's seeds created. A path under
 * `credential.` sets a field of the test credential instead (`credential.chatnetApiKey`).
 */
export interface NodeWay {
	set: INodeParameters;
	/** Wire value; omitted when the reference does not fix the shape (then only presence and type are checked). */
	sends?: unknown;
	/** `sends` is a subset of an object the node may extend (e.g. a targeting spec). */
	partial?: boolean;
	/** Name of the endpoint's run (variant of base parameters) this field is set in; default `default`. */
	run?: string;
}

export interface RequestField {
	name: string;
	in: Location;
	type: FieldType;
	required?: boolean;
	/** Allowed values (each element for arrays). */
	values?: readonly string[];
	min?: number;
	max?: number;
	maxItems?: number;
	/** Format of the value, a regular expression (a UTC day, an ISO 8601 time, an HTTPS URL, E.164). */
	pattern?: RegExp;
	/** `null` is a value (e.g. webhook description: null clears it). */
	nullable?: boolean;
	/** Distinguishes rows of the same field on different networks, e.g. `videonet`. */
	on?: string;
	/** `null`: the node cannot express this field (a failing row, with `why`). */
	node: NodeWay | null;
	why?: string;
}

export interface ResponseSpec {
	/** Fields of a single-record answer, dotted as in the reference (`page.id`); kept on every output item. */
	fields?: string[];
	/** List answers: the array and its row fields, kept on every output item. */
	rows?: { key: string; fields: string[] };
	/** List-level fields besides the rows (e.g. `stale`, `notes`): kept on at least one output item. */
	extra?: string[];
	/** Extra fields told apart from a row field of the same name by their value (e.g. the list of all event types). */
	values?: Record<string, unknown>;
	/** Extra fields the node carries onto its rows under another name, because a row field has the same name. */
	as?: Record<string, string>;
	/** Paging fields the node consumes (`nextCursor`, `pagination`, `has_more`): not required in the output. */
	paging?: string[];
	/** Run whose answer is checked (default `default`, without the request fields set). */
	run?: string;
	/** Other answers of the same endpoint, e.g. the dry-run answer of `validateOnly: true`: fields kept on every item of that run. */
	more?: Array<{ run: string; fields: string[] }>;
}

export interface RunSpec {
	params?: INodeParameters;
	/** Seeds (see seeds.ts) this run needs besides the endpoint's own. */
	seed?: string[];
}

export interface Endpoint {
	method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
	/** With `{name}` for path fields. */
	path: string;
	/** Where the shape comes from. */
	source?: 'reference' | 'contract';
	node: NodeName;
	resource: string;
	operation: string;
	/** Seeds (see seeds.ts) run before every call of this endpoint. */
	seed?: string[];
	/** Parameters over the generated working ones (test/reliability/operations.ts). */
	base?: INodeParameters;
	runs?: Record<string, RunSpec>;
	request: RequestField[];
	response: ResponseSpec;
}

export const DAY = /^\d{4}-\d{2}-\d{2}$/;
export const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?$/;
export const HTTPS_URL = /^https:\/\//;
export const E164 = /^\+[1-9]\d{6,14}$/;

/** What n8n's date picker gives for a day. */
export const picked = (day: string) => `${day}T00:00:00`;

/** A resource locator chosen "By ID". */
export const rl = (value: string) => ({ __rl: true, mode: 'id', value });
