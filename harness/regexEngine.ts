import vm from 'node:vm';

import { setSafeRegexEngine, type RegexEngine } from 'n8n-workflow';

/**
 * n8n runs every regular expression of a node's parameters (a resource locator's check among them)
 * in a node:vm script with a 250 ms wall-clock guard against catastrophic patterns. On a busy 2-core
 * test machine (load 10 and more: several suites, an n8n install and a browser at once) a process
 * can wait longer than that for the CPU, and a plain `^acc_` check failed tests with "Regular
 * expression execution timed out". The tests use the same engine with a guard of 5 s: still bounded,
 * and what the tests prove (our nodes) does not depend on the machine's load.
 */
const GUARD_MS = 5_000;

export function useLoadTolerantRegexEngine() {
	const context = vm.createContext({ flags: '', input: '', pattern: '', replacement: '', result: undefined as unknown });
	const script = (code: string) => new vm.Script(`result = ${code}`);
	const scripts = {
		exec: script('new RegExp(pattern, flags).exec(input)'),
		test: script('new RegExp(pattern, flags).test(input)'),
		replace: script('input.replace(new RegExp(pattern, flags), replacement)'),
		matchAll: script("Array.from(input.matchAll(new RegExp(pattern, flags.includes('g') ? flags : flags + 'g')))"),
		split: script('input.split(new RegExp(pattern, flags))'),
	};
	const run = <T>(which: keyof typeof scripts, pattern: string, input: string, flags = '', replacement = ''): T => {
		Object.assign(context, { pattern, input, flags, replacement, result: undefined });
		scripts[which].runInContext(context, { timeout: GUARD_MS });
		return context.result as T;
	};
	const engine: RegexEngine = {
		exec: (pattern, input, flags) => run('exec', pattern, input, flags),
		test: (pattern, input, flags) => run('test', pattern, input, flags),
		replace: (pattern, input, flags, replacement) => run('replace', pattern, input, flags, replacement),
		matchAll: (pattern, input, flags) => run('matchAll', pattern, input, flags),
		split: (pattern, input, flags) => run('split', pattern, input, flags),
	};
	setSafeRegexEngine(engine);
}
