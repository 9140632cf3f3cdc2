import fs from 'node:fs';
import path from 'node:path';

/**
 * The README is for n8n users (what npm shows on the package's page): short, what the package
 * does and how to install it first, every way n8n installs a community package, the n8n 3 note,
 * the two development commands on its first screen; everything for maintainers in docs/, each
 * file linked from the README. The texts n8n prints that the README quotes are checked against
 * a real n8n in test/e2e/install.e2e.test.ts.
 */

const ROOT = path.join(__dirname, '..', '..');
const readme = fs.readFileSync(path.join(ROOT, 'README.md'), 'utf8');
const lines = readme.split('\n');
const section = (heading: string) => {
	const start = readme.indexOf(`\n## ${heading}\n`);
	return start === -1 ? '' : readme.slice(start, readme.indexOf('\n## ', start + 1) === -1 ? undefined : readme.indexOf('\n## ', start + 1));
};

test('user-first and short: about 300 lines; what it does, then Develop with npm start and npm test on the first screen', () => {
	// the markers of the generated tables (npm run docs) are not shown
	expect(lines.filter((line) => !/^<!--.*-->$/.test(line)).length).toBeLessThanOrEqual(330);
	const firstScreen = lines.slice(0, 45).join('\n');
	for (const node of ['Storefront Commerce', 'Storefront Ads', 'Storefront Webhooks', 'Storefront Trigger', 'AI tools']) expect(firstScreen).toContain(node);
	expect(firstScreen).toMatch(/\n## Develop\n[\s\S]*npm start[\s\S]*npm test/);
});

test('Install: the panel, the environment (with the JSON for Docker and queue mode), a manual npm install, and the n8n 3 note', () => {
	const install = section('Install');
	expect(install).toContain('Settings → Community Nodes');
	expect(install).toContain('N8N_COMMUNITY_PACKAGES_MANAGED_BY_ENV=true');
	expect(install).toMatch(/N8N_COMMUNITY_PACKAGES='\[\{"name":"n8n-nodes-storefront","version":"[^"]+","checksum":"sha512-[^"]*"\}\]'/);
	expect(install).toContain('docker run');
	expect(install).toContain('N8N_REINSTALL_MISSING_PACKAGES=true');
	expect(install).toContain('npm install n8n-nodes-storefront');
	expect(install).toMatch(/n8n 3[\s\S]*N8N_UNVERIFIED_PACKAGES_ENABLED[\s\S]*false/);
	for (const heading of ['Credentials', 'Storefront Trigger', 'Examples', 'AI tools and MCP', 'Troubleshooting', 'Compatibility', 'Links']) expect(section(heading)).not.toBe('');
});

test('maintainer documentation lives in docs/: every docs file is linked from the README and every link there resolves', () => {
	const linked = [...readme.matchAll(/\]\((docs\/[^)#]+)(#[^)]*)?\)/g)].map((m) => m[1]);
	const files = fs.readdirSync(path.join(ROOT, 'docs')).filter((f) => f.endsWith('.md')).map((f) => `docs/${f}`);
	expect(files.filter((f) => !linked.includes(f))).toEqual([]);
	expect(linked.filter((f) => !fs.existsSync(path.join(ROOT, f)))).toEqual([]);
	// links between the docs
	for (const file of files) {
		const text = fs.readFileSync(path.join(ROOT, file), 'utf8');
		const broken = [...text.matchAll(/\]\(([^)#:]+\.md)(#[^)]*)?\)/g)].map((m) => m[1]).filter((target) => !fs.existsSync(path.join(ROOT, 'docs', target)));
		expect({ file, broken }).toEqual({ file, broken: [] });
	}
});
