import type { IExecuteSingleFunctions } from 'n8n-workflow';

import { failItem } from '../../shared/requestActions';

/** A `send` map function refusing an empty value before the call, naming the field. */
export function requireValue(label: string, fix: string) {
	return function (this: IExecuteSingleFunctions, value: unknown) {
		const text = String(value ?? '').trim();
		if (!text) failItem(this, `${label} is empty`, fix);
		return text;
	};
}
