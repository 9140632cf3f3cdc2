import type { ICredentialDataDecryptedObject, INode } from 'n8n-workflow';

import { nodeOf } from './params';
import { CREDENTIAL_NAME } from './requestDefaults';

/**
 * The node's Storefront API credential, read once per node run. In n8n each `getCredentials` is a
 * database read, a decryption and a walk of the credential's fields (n8n's CredentialsHelper
 * `getDecrypted`), about a request's worth of CPU. RoutingNode reads it once per run for the
 * request pass and once per request for the Authorization header; the spending caps, the wire's
 * queue and what it withholds read it here, once per run, instead of once per item each.
 *
 * A node run is its execute data (RoutingNode hands every item of a run the same) and the node's
 * name (tools share their AI Agent's execute data). A context without execute data reads it
 * itself. Callers only read the object they get: it is the run's.
 */
const byRun = new WeakMap<object, Map<string, Promise<ICredentialDataDecryptedObject>>>();

/** Any context that reads credentials (an item's, a custom operation's, a list search's, the Trigger's). */
type Running = { getCredentials(type: string): Promise<ICredentialDataDecryptedObject>; getNode(): INode; getExecuteData?: () => unknown };

export function credentialOfRun(ctx: Running): Promise<ICredentialDataDecryptedObject> {
	const data = typeof ctx.getExecuteData === 'function' ? (ctx.getExecuteData() as object | undefined) : undefined;
	if (!data) return ctx.getCredentials(CREDENTIAL_NAME);
	let byNode = byRun.get(data);
	if (!byNode) byRun.set(data, (byNode = new Map()));
	const name = nodeOf(ctx).name;
	let read = byNode.get(name);
	if (!read) byNode.set(name, (read = ctx.getCredentials(CREDENTIAL_NAME)));
	return read;
}
