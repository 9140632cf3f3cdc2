import type {
	IDataObject,
	IExecuteSingleFunctions,
	IHttpRequestOptions,
	INodeParameters,
	INodeProperties,
	INodePropertyOptions,
	PreSendAction,
} from 'n8n-workflow';
import { NodeHelpers } from 'n8n-workflow';

import { preSendActions } from './operation';
import { isEmpty, locatorValue, param } from './params';
import { failItem } from './requestActions';

/**
 * Required on a value: a field required only when another parameter has some value (the Network
 * an expression or a model chooses). n8n shows every field whose condition is an expression, so it
 * cannot require such a field statically: the field is declared optional and its operation checks
 * it when it runs, naming the missing field.
 */

/** Conditions of a field on parameter values (e.g. a Network), beyond the resource and operation that show it. */
export const valueConditions = (field: INodeProperties) =>
	[...Object.keys(field.displayOptions?.show ?? {}), ...Object.keys(field.displayOptions?.hide ?? {})].filter(
		(key) => !['resource', 'operation', '@tool', '@version'].includes(key),
	);

/** The declarations that are required on a value (checked when their operation runs). */
export const REQUIRED_ON_VALUE = new WeakSet<INodeProperties>();

const checked = new WeakMap<INodePropertyOptions, INodeProperties[]>();

/**
 * The field as declared for `option`: itself, or, when it is required on a value, an optional
 * copy that the operation checks when it runs.
 */
export function requiredOnValue(field: INodeProperties, option: INodePropertyOptions): INodeProperties {
	if (!field.required || !valueConditions(field).length) return field;
	if (!checked.has(option)) {
		checked.set(option, []);
		preSendActions(option).unshift(checkRequiredOnValue(checked.get(option)!));
	}
	checked.get(option)!.push(field);
	const optional: INodeProperties = { ...field };
	delete optional.required;
	REQUIRED_ON_VALUE.add(optional);
	return optional;
}

/** preSend: each field that its values make required is set. */
function checkRequiredOnValue(fields: INodeProperties[]): PreSendAction {
	return async function (this: IExecuteSingleFunctions, request: IHttpRequestOptions) {
		for (const field of fields) {
			const keys = valueConditions(field);
			const values = Object.fromEntries(keys.map((key) => key.replace(/^\//, '')).map((name) => [name, param(this, name, undefined)])) as INodeParameters;
			const { show, hide } = field.displayOptions ?? {};
			const only = (conditions?: IDataObject) => conditions && Object.fromEntries(Object.entries(conditions).filter(([k]) => keys.includes(k)));
			const onValues = { ...field, displayOptions: { show: only(show), hide: only(hide) } } as INodeProperties;
			if (!NodeHelpers.displayParameter(values, onValues, this.getNode(), null, values)) continue;
			const value = field.type === 'resourceLocator' ? locatorValue(this, field.name) : param(this, field.name, undefined);
			if (!isEmpty(value)) continue;
			const on = Object.entries(values).map(([name, value]) => `${name} ${String(value)}`).join(', ');
			failItem(this, `"${field.displayName}" is required${on ? ` for ${on}` : ' for this operation'}`, `Set "${field.displayName}" (${field.description ?? field.displayName}).`);
		}
		return request;
	};
}
