/**
 * Runs the fake Storefront API on 127.0.0.1 until Ctrl-C, for trying the nodes in a
 * local n8n. Port: FAKE_API_PORT (default 4010). Seeded with the demo data `npm start` serves,
 * unless `--empty` (or FAKE_API_EMPTY=1).
 */
import { KEYS, parseFixedWindow, startFakeApi, webhookDialect } from '../fake-api';
import { DEMO, seedDemo } from '../fake-api/demo';

async function main() {
	const port = Number(process.env.FAKE_API_PORT ?? 4010);
	// FAKE_API_DIALECT=timestamped | flat: how webhook deliveries are signed and shaped (docs/trigger.md)
	// FAKE_API_REALISTIC=1: per-key rate limit with bursts and latency (docs/reliability.md, "Rate limits")
	// FAKE_API_FAULTS=0.05: 5% of first attempts fault (lost answers, 503s, 502 HTML pages, resets; docs/reliability.md, "Faults")
	// FAKE_API_RATE_LIMIT=100/10s: a fixed window per key instead (X-RateLimit-* headers, 429 with Retry-After)
	const fixedWindow = parseFixedWindow(process.env.FAKE_API_RATE_LIMIT ?? '');
	const unknown = process.argv.slice(2).filter((a) => a !== '--empty');
	if (unknown.length) {
		console.error(`unknown argument ${unknown.join(' ')} (known: --empty)`);
		process.exit(2);
	}
	const empty = process.argv.includes('--empty') || ['1', 'true'].includes(process.env.FAKE_API_EMPTY ?? '');
	const api = await startFakeApi({ port, webhookDialect: webhookDialect(process.env.FAKE_API_DIALECT || 'plain') });
	// seeded before the rate limit and the faults are on: the seed sends each call once
	if (!empty) await seedDemo(api);
	api.setRealistic(fixedWindow ? { fixedWindow } : ['1', 'true'].includes(process.env.FAKE_API_REALISTIC ?? ''));
	api.setFaults(Number(process.env.FAKE_API_FAULTS ?? 0) || false);
	const data = empty
		? `Data: EMPTY (started with --empty): no pages, menus, redirects, metaobjects, campaigns, ads or audiences
  until you create them; the store accounts, ad connections (${DEMO.socialConnection}, ${DEMO.searchConnection}, ...) and their posts exist.
  Without --empty it starts with the demo data of npm start.`
		: `Data: the demo data of npm start (npm run fake-api -- --empty starts empty):
  ${DEMO.store}: 3 pages, 2 menus, a redirect, 2 metaobjects; ${DEMO.pluginStore}: 1 page;
  ad connections ${DEMO.socialConnection} (socialnet, ad account ${DEMO.socialAdAccount}, pixel ${DEMO.socialPixel}), ${DEMO.searchConnection} (searchnet) and more,
  with campaigns (${DEMO.campaign} is "Summer sale"), ads, keywords, posts to boost and an audience.`;
	console.log(`
Fake Storefront API listening on ${api.url}

In n8n, create a "Storefront API" credential with:
  Base URL: ${api.url}
  API Key:  ${KEYS.full}   (all scopes, ads add-on)
Other keys: ${KEYS.readOnly} (read-only), ${KEYS.noAds} (no ads add-on), ${KEYS.pagesRead} (pages.read only)
Store accounts (the Commerce node's Store Account): store_hosted (hostedstore), store_plugin (pluginstore)
${data}

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
