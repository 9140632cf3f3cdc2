/**
 * The API delivers events to HTTPS addresses only. Its test mode also accepts plain http to
 * the local machine, so the nodes let loopback http through and leave the answer to the API.
 */
const LOOPBACK_HOSTS = ['127.0.0.1', 'localhost'];

/** Why a URL cannot receive webhook deliveries, or undefined when it can. */
export function webhookUrlProblem(url: string): 'invalid' | 'notHttps' | undefined {
	let parsed: URL;
	try {
		parsed = new URL(url);
	} catch {
		return 'invalid';
	}
	if (parsed.protocol === 'https:') return undefined;
	if (parsed.protocol !== 'http:') return 'invalid';
	return LOOPBACK_HOSTS.includes(parsed.hostname) ? undefined : 'notHttps';
}
