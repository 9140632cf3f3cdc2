import type { IExecuteSingleFunctions } from 'n8n-workflow';

import { failItem } from '../../shared/requestActions';
import { webhookUrlProblem } from '../../shared/webhookUrl';

/** The `url` of Create and Update: refused before the call unless the API can deliver to it. */
export function webhookUrl(this: IExecuteSingleFunctions, value: unknown): string {
	const url = String(value ?? '').trim();
	const problem = webhookUrlProblem(url);
	if (problem === 'invalid') {
		failItem(this, `"${url}" is not a valid webhook URL`, 'Enter a full HTTPS address such as https://example.com/hooks/storefront.');
	}
	if (problem === 'notHttps') {
		failItem(
			this,
			`"${url}" is not an HTTPS URL`,
			`The Storefront API delivers events to https:// addresses only: use ${url.replace(/^http:/i, 'https:')} (plain http is accepted only for 127.0.0.1 and localhost, in the API's test mode).`,
		);
	}
	return url;
}

/** The `events` of Create and Update: a list, or a comma-separated text when mapped. Empty means all events. */
export function eventList(this: IExecuteSingleFunctions, value: unknown): string[] {
	const list = Array.isArray(value) ? value : typeof value === 'string' ? value.split(',') : [];
	return list.map((e) => String(e).trim()).filter(Boolean);
}
