import type { IDataObject } from 'n8n-workflow';

import { actionName } from '../../../shared/actionNames';
import { field } from '../../../shared/fieldBuilders';
import { accountId, audienceId } from '../../helpers/adsLocators';
import { batchOperation, fieldNames, inputFieldName, inputModeField, jsonList, text, valueAt, type BatchRunOf } from '../../helpers/batchOperation';

/** The API's limit of people per call (reference: Limits). */
const USERS_PER_CALL = 10_000;

/** Only the identifiers given: `{email}`, `{phone}` or both. */
const present = (p: IDataObject) => Object.fromEntries(Object.entries(p).filter(([, v]) => v !== '')) as IDataObject;

/** People from the items (From Incoming Items) or from the JSON list; more than 10,000 go in several calls. */
async function addPeople(run: BatchRunOf<typeof fields>): Promise<IDataObject> {
	let people: IDataObject[];
	let nobody: string;
	if (run.items) {
		const field = fieldNames(run, { email: 'emailField', phone: 'phoneField' });
		people = run.items.map(({ json }) => ({ email: text(valueAt(json, field.email)), phone: text(valueAt(json, field.phone)) }));
		nobody = `None of the ${run.items.length} incoming items has a value in "${field.email}" or "${field.phone}". Email Field and Phone Field take the names of input fields (e.g. email, customer.phone), not their values.`;
	} else {
		people = jsonList(run, 'peopleJson', 'People (JSON)', '[{"email": "a@example.com", "phone": "+15551234567"}]').map((p) => ({ email: text(p?.email), phone: text(p?.phone) }));
		nobody = 'Every entry lacks both an email and a phone. Give a list of {"email": "...", "phone": "..."}.';
	}
	const users = people.filter((p) => p.email || p.phone).map(present);
	if (!users.length) run.fail('No people to add', nobody);
	const audienceId = run.id('audienceId');
	if (!audienceId) run.fail('No audience chosen', `Choose the audience to add the people to (${actionName('audience', 'getAll')} lists them).`);
	// the answers' own fields are kept; `success` holds only if every call's answer says so
	let answer: IDataObject = {};
	let success = true;
	let calls = 0;
	for (let start = 0; start < users.length; start += USERS_PER_CALL) {
		const body = await run.send({ users: users.slice(start, start + USERS_PER_CALL) });
		answer = { ...answer, ...body };
		success &&= body.success === true;
		calls += 1;
	}
	return { ...answer, success, audienceId, sent: users.length, skipped: people.length - users.length, calls };
}

/** accountId only feeds the Audience list; it is not sent. */
export const fields = [
	accountId,
	audienceId,
	field({
		displayName:
			'Emails (and socialnet phone numbers) are made unreadable by the service before they leave it. Searchnet and microblog match on email only; a microblog audience needs at least 100 matched people before ads can target it.',
		name: 'hashNotice',
		type: 'notice',
		default: '',
	}),
	inputModeField('peopleInput', 'People', 'person'),
	inputFieldName('peopleInput', { displayName: 'Email Field', name: 'emailField', default: 'email', description: "The input field holding each person's email" }),
	inputFieldName('peopleInput', {
		displayName: 'Phone Field',
		name: 'phoneField',
		default: 'phone',
		description: "The input field holding each person's phone, with country code (used on socialnet, pronet and videonet); items without it send the email only",
	}),
	field({
		displayName: 'People (JSON)',
		name: 'peopleJson',
		type: 'json',
		default: '[]',
		description: 'A list of {"email": "...", "phone": "..."}',
		displayOptions: { show: { peopleInput: ['json'] } },
	}),
];

/**
 * One declaration for both ways n8n runs it: a normal run (the node's `customOperations`, every
 * incoming item in one execution) and a run as an AI tool (RoutingNode alone, the same work per item).
 */
export const { option, execute } = batchOperation({
	value: 'addUsers',
	name: 'Add Users',
	action: 'Add users to an audience',
	description:
		'Add people (email, phone) to a customer-list audience; all incoming items go together, more than 10,000 in several calls',
	method: 'POST',
	path: '/v1/ads/audiences/{audienceId}/users',
	spends: 'none',
	noResendAfterTimeout:
		`a call of up to 10,000 people may still be running at the API when no answer came in time, and the API answers a repeat of its Idempotency-Key with the first call's result, which a call still running does not have yet. Look at the audience's size (${actionName('audience', 'get')}) before running it again.`,
	fields,
	input: 'peopleInput',
	work: addPeople,
});
