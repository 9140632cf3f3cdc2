import { execFileSync } from 'node:child_process';
import path from 'node:path';

import { ROOT } from '../scripts/lib/n8n';

/**
 * Debian's Chromium (no browser download), or CHROMIUM_PATH. Installed if missing
 * (scripts/install-debian.sh), after any install CI started in the background at its start.
 */
export function chromiumPath(): string {
	if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
	execFileSync('bash', [path.join(ROOT, 'scripts', 'install-debian.sh'), 'chromium', 'fonts-liberation'], { stdio: ['ignore', 'ignore', 'inherit'] });
	return '/usr/bin/chromium';
}
