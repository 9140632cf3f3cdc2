/**
 * Runs the fake Storefront API on 127.0.0.1 until Ctrl-C, for trying the nodes in a
 * local n8n. Port: FAKE_API_PORT (default 4010).
 */
import { KEYS, parseFixedWindow, startFakeApi, webhookDialect } from '../fake-api';

async function main() {
	const port = Number(process.env.FAKE_API_PORT ?? 4010);
	// FAKE_API_DIALECT=timestamped | flat: how webhook deliveries are signed and shaped (docs/trigger.md)
	// FAKE_API_REALISTIC=1: per-key rate limit with bursts and latency (docs/reliability.md, "Rate limits")
	// FAKE_API_FAULTS=0.05: 5% of first attempts fault (lost answers, 503s, 502 HTML pages, resets; docs/reliability.md, "Faults")
	// FAKE_API_RATE_LIMIT=100/10s: a fixed window per key instead (X-RateLimit-* headers, 429 with Retry-After)
	const fixedWindow = parseFixedWindow(process.env.FAKE_API_RATE_LIMIT ?? '');
	const api = await startFakeApi({ port, realistic: fixedWindow ? { fixedWindow } : ['1', 'true'].includes(process.env.FAKE_API_REALISTIC ?? ''), faults: Number(process.env.FAKE_API_FAULTS ?? 0) || false, webhookDialect: webhookDialect(process.env.FAKE_API_DIALECT || 'plain') });
	console.log(`
Fake Storefront API listening on ${api.url}

In n8n, create a "Storefront API" credential with:
  Base URL: ${api.url}
  API Key:  ${KEYS.full}   (all scopes, ads add-on)
Other keys: ${KEYS.readOnly} (read-only), ${KEYS.noAds} (no ads add-on), ${KEYS.pagesRead} (pages.read only)
Store accounts (the Commerce node's Store Account): store_hosted (hostedstore), store_plugin (pluginstore)

Webhook URLs may be http://127.0.0.1/... here (the real API needs HTTPS).
Control calls (no auth): POST ${api.url}/__control/emit {"event":"post.published","data":{...}},
  /__control/fault {"fault":{"type":"status","status":503},"count":1}, /__control/webhooks, /__control/requests,
  /__control/dialect {"dialect":"timestamped"} (webhook deliveries: plain, timestamped or flat; now ${api.webhooks.dialect})

Press Ctrl-C to stop.`);
	const stop = async () => {
		await api.close();
		process.exit(0);
	};
	process.on('SIGINT', stop);
	process.on('SIGTERM', stop);
}

void main();
