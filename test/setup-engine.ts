// Initialises n8n's expression engine the way n8n 2.41.1 does at start (harness/engine.ts).
import { disposeExpressionEngine, initExpressionEngine } from '../harness/engine';

beforeAll(async () => await initExpressionEngine());

afterAll(async () => await disposeExpressionEngine());
