#!/usr/bin/env node
// The mutation score per folder from the JSON reports of `npm run mutate` (reports/<run>/mutation.json,
// one per MUTATE_RUN): killed and timed-out mutants over those that ran or had no test (Stryker's
// score; compile errors and ignored mutants count in neither). `node scripts/mutation-score.js`;
// `--survivors` lists each survivor and uncovered mutant with its line and replacement.
const fs = require('node:fs');
const path = require('node:path');

const root = path.resolve(__dirname, '..');
const reports = path.join(root, 'reports');
const runs = fs.existsSync(reports) ? fs.readdirSync(reports).filter((run) => fs.existsSync(path.join(reports, run, 'mutation.json'))) : [];
if (!runs.length) {
	console.log('no reports/<run>/mutation.json yet: npm run mutate first');
	process.exit(1);
}

const folderOf = (file) => (file.startsWith('nodes/shared/wire/') ? 'nodes/shared/wire/' : file.startsWith('nodes/StorefrontAds/helpers/') ? 'spend caps (nodes/StorefrontAds/helpers/)' : path.dirname(file) + '/');
const rows = new Map();
const add = (key, status) => {
	const row = rows.get(key) ?? { Killed: 0, Timeout: 0, Survived: 0, NoCoverage: 0, CompileError: 0, RuntimeError: 0, Ignored: 0 };
	row[status] = (row[status] ?? 0) + 1;
	rows.set(key, row);
};
const survivors = [];
for (const run of runs) {
	const report = JSON.parse(fs.readFileSync(path.join(reports, run, 'mutation.json'), 'utf8'));
	for (const [file, { mutants, source }] of Object.entries(report.files)) {
		const rel = path.relative(root, path.resolve(root, file));
		for (const m of mutants) {
			add(rel, m.status);
			add(folderOf(rel), m.status);
			if (m.status === 'Survived' || m.status === 'NoCoverage') {
				const line = source.split('\n')[m.location.start.line - 1].trim();
				survivors.push(`${rel}:${m.location.start.line} ${m.status} ${m.mutatorName}: ${JSON.stringify(m.replacement ?? '')} in ${line.slice(0, 140)}`);
			}
		}
	}
}

const score = (r) => {
	const detected = r.Killed + r.Timeout;
	const valid = detected + r.Survived + r.NoCoverage;
	return valid ? ((100 * detected) / valid).toFixed(1) + ' %' : 'n/a';
};
console.log(`| Files | Killed | Timed out | Survived | No coverage | Compile errors | Score |\n|---|---|---|---|---|---|---|`);
for (const [key, r] of [...rows].sort(([a], [b]) => (a.endsWith('/') || a.endsWith(')') ? 0 : 1) - (b.endsWith('/') || b.endsWith(')') ? 0 : 1) || a.localeCompare(b))) {
	console.log(`| ${key} | ${r.Killed} | ${r.Timeout} | ${r.Survived} | ${r.NoCoverage} | ${r.CompileError} | ${score(r)} |`);
}
if (process.argv.includes('--survivors')) console.log(['', ...survivors].join('\n'));
