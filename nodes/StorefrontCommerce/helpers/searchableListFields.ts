import type { INodeProperties } from 'n8n-workflow';

import { collection, returnAllOrLimit, type Field } from '../../shared/fieldBuilders';

/** Return All, Limit and a "Filters" collection whose search text goes to the API's `query`. */
export function searchableListFields(plural: string, search: Pick<INodeProperties, 'displayName' | 'placeholder' | 'description'>): Array<Field<'returnAll' | 'limit' | 'filters' | 'filters.query'>> {
	return [...returnAllOrLimit(plural), collection('Filters', 'filters', [{ ...search, name: 'query', type: 'string', default: '' }], 'Add Filter')];
}
