import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import { registerActions, withActionNames, withActionNamesIn } from './actionNames';
import { fieldsOf } from './operation';
import { requiredOnValue } from './requiredOnValue';

/**
 * A node's properties in n8n's plain form, from its resources' operation modules: the Resource
 * menu, each resource's Operation menu, and each operation's fields shown only for it (what n8n's
 * own nodes do with `updateDisplayOptions`). The node file then calls oneDeclarationPerName.
 */

/** One operation file: its option (operation.ts) and the fields it was built with. */
export interface OperationModule {
	option: INodePropertyOptions;
	fields: INodeProperties[];
}

export interface ResourceSpec {
	name: string;
	value: string;
	operations: OperationModule[];
	defaultOperation: string;
}

/** The Resource menu of a node. */
export function resourceSelector(options: Array<{ name: string; value: string }>, defaultValue: string): INodeProperties {
	return {
		displayName: 'Resource',
		name: 'resource',
		type: 'options',
		noDataExpression: true,
		options: [...options].sort((a, b) => a.name.localeCompare(b.name)),
		default: defaultValue,
	};
}

/** A field shown for one operation: resource and operation first, so that n8n's display check never shows it elsewhere. */
function shownFor(resource: string, operation: string, field: INodeProperties): INodeProperties {
	// n8n shows a field as soon as one of its conditions, in order, is an expression: the resource
	// and operation must be checked before a condition a model may set (e.g. Network)
	const where = { resource: [resource], operation: [operation] };
	return { ...field, displayOptions: { ...field.displayOptions, show: { ...where, ...field.displayOptions?.show, ...where } } };
}

/** The node's properties, plain: Resource, the Operation menus, then every operation's fields in its own order. */
export function nodeProperties(resources: ResourceSpec[], defaultResource: string): INodeProperties[] {
	// the node's actions first: the texts of its fields and options may name them (actionNames.ts)
	registerActions(resources.map((r) => ({ name: r.name, value: r.value, options: r.operations.map((o) => o.option) })));
	for (const { option } of resources.flatMap((r) => r.operations)) if (option.description) option.description = withActionNames(option.description);
	const operationMenus: INodeProperties[] = resources.map(({ value, operations, defaultOperation }) => ({
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: [value] } },
		options: operations.map((o) => o.option).sort((a, b) => a.name.localeCompare(b.name)),
		default: defaultOperation,
	}));
	const fields = resources.flatMap((r) =>
		r.operations.flatMap(({ option, fields }) => {
			if (fieldsOf(option) !== fields) throw new Error(`${r.value}.${option.value}: export the fields the operation was built with`);
			return fields.map((field) => requiredOnValue(withActionNamesIn(shownFor(r.value, String(option.value), field)), option));
		}),
	);
	return [resourceSelector(resources.map((r) => ({ name: r.name, value: r.value })), defaultResource), ...operationMenus, ...fields];
}
