import type { IExecuteSingleFunctions } from 'n8n-workflow';

import { CREDENTIAL_NAME } from '../../shared/requestDefaults';
import { failItem, refuseUnsent } from '../../shared/requestActions';
import type { SECRET_FIELDS } from '../../shared/wire/answer';

/**
 * Secrets of the ad networks (the Chatnet Ads API key, a videonet Spark Auth Code) live in the
 * Storefront API credential, never in node parameters: n8n stores parameters in plain text in the
 * workflow, its exports and every execution's copy of it, and a model may fill them. An answer
 * that repeats one (or the API key) has it withheld by the wire, success or error (wire/answer.ts).
 */

/** A secret the credential holds, as its field is named there and as users know it. */
export interface CredentialSecret {
	/** The credential's field: one the wire withholds from answers. */
	name: Exclude<(typeof SECRET_FIELDS)[number], 'apiKey'>;
	/** Its label in the credential. */
	label: string;
	/** The operation, for the error that says what needs it. */
	usedBy: string;
}

const WHERE = 'Open the Storefront API credential this node uses (Credentials in the left menu, or the pencil beside "Credential to connect with")';

/** The secret from the node's credential; the item fails, naming the field to fill, when it is empty. */
export async function credentialSecret(ctx: IExecuteSingleFunctions, secret: CredentialSecret): Promise<string> {
	const credential = (await ctx.getCredentials(CREDENTIAL_NAME)) ?? {};
	const value = typeof credential[secret.name] === 'string' ? (credential[secret.name] as string).trim() : '';
	if (!value) failItem(ctx, `The credential has no ${secret.label}. Nothing was sent.`, `${WHERE} and fill in "${secret.label}": ${secret.usedBy} reads it from there.`);
	return value;
}

/**
 * Refuses an item of a workflow saved when the secret was still a node field (its old value is
 * still in the workflow): the value is neither read nor sent, and the error says where it goes now.
 */
export function refuseSecretInWorkflow(ctx: IExecuteSingleFunctions, secret: CredentialSecret, oldField: string): never {
	refuseUnsent(
		ctx,
		`The ${secret.label} is no longer a node field: this workflow still holds one in "${oldField}". Nothing was sent.`,
		`${WHERE}, put the value in its "${secret.label}" field, then clear "${oldField}" in this node (shown only while it holds a value) and save the workflow, so that the secret leaves the workflow and its exports. Executions saved before keep their copy of the workflow: delete them if they matter.`,
	);
}
