// Initialises n8n's expression engine the way n8n 2.41.1 does at start (harness/engine.ts).
import { disposeExpressionEngine, initExpressionEngine } from '../harness/engine';
import { useLoadTolerantRegexEngine } from '../harness/regexEngine';

// n8n's regular expressions with a guard that a busy test machine does not trip (harness/regexEngine.ts)
useLoadTolerantRegexEngine();

beforeAll(async () => await initExpressionEngine());

afterAll(async () => await disposeExpressionEngine());
