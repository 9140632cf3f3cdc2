import { DirectoryLoader, ExecutionLifecycleHooks, LoadOptionsContext, WorkflowExecute } from 'n8n-core';
import {
	ICredentialsHelper,
	NodeHelpers,
	Workflow,
	createRunExecutionData,
	type ICredentialDataDecryptedObject,
	type ICredentialType,
	type IDataObject,
	type IHttpRequestHelper,
	type IHttpRequestOptions,
	type INode,
	type INodeCredentialsDetails,
	type INodeExecutionData,
	type INodeParameters,
	type INodeType,
	type INodeTypes,
	type IRun,
	type IVersionedNodeType,
	type IWorkflowExecuteAdditionalData,
	type IWorkflowSettings,
	type WorkflowExecuteMode,
} from 'n8n-workflow';

import { StorefrontApi } from '../credentials/StorefrontApi.credentials';
import type { CapValues } from '../credentials/spendingCaps';

/**
 * Runs our nodes through n8n's own execution engine (n8n-core's WorkflowExecute, which
 * hands declarative nodes to RoutingNode) against a real HTTP server. Only the pieces a
 * host application provides are supplied here: the node registry, the credential store
 * (resolving the credential's generic `authenticate` like n8n's CredentialsHelper) and
 * the execution's additional data.
 */

export const PACKAGE = 'n8n-nodes-storefront';

/**
 * Each node type of the package and its file, loaded when a run first asks for it: a suite that runs
 * only Commerce does not build the Ads node's description (module loading is most of a small
 * suite's time in Jest, which loads every module again for each suite).
 */
const NODE_FILES: Record<string, [file: string, className: string]> = {
	storefrontAds: ['StorefrontAds/StorefrontAds.node', 'StorefrontAds'],
	storefrontAdsTrigger: ['StorefrontAds/StorefrontAdsTrigger.node', 'StorefrontAdsTrigger'],
	storefrontCommerce: ['StorefrontCommerce/StorefrontCommerce.node', 'StorefrontCommerce'],
	storefrontCommerceTrigger: ['StorefrontCommerce/StorefrontCommerceTrigger.node', 'StorefrontCommerceTrigger'],
	storefrontTrigger: ['StorefrontTrigger/StorefrontTrigger.node', 'StorefrontTrigger'],
	storefrontWebhooks: ['StorefrontWebhooks/StorefrontWebhooks.node', 'StorefrontWebhooks'],
	storefrontWebhooksTrigger: ['StorefrontWebhooks/StorefrontWebhooksTrigger.node', 'StorefrontWebhooksTrigger'],
};

/**
 * Loads every node type of the package now: for a process that says it is ready before its first
 * run (a burst's or a webhook processor's child), whose first run would otherwise load them.
 */
export function loadEveryNodeType() {
	const types = new NodeTypes();
	for (const name of Object.keys(NODE_FILES)) types.getByName(`${PACKAGE}.${name}`);
}

const credentialTypes: Record<string, ICredentialType> = { storefrontApi: new StorefrontApi() };

export class NodeTypes implements INodeTypes {
	private readonly types = new Map<string, INodeType>();

	constructor(extra: Record<string, INodeType> = {}) {
		for (const [name, type] of Object.entries(extra)) this.types.set(name, type);
	}

	getByName(nodeType: string): INodeType | IVersionedNodeType {
		const type = this.types.get(nodeType) ?? this.load(nodeType);
		if (!type) throw new Error(`Unknown node type ${nodeType}`);
		return type;
	}

	private load(nodeType: string): INodeType | undefined {
		const name = nodeType.slice(PACKAGE.length + 1);
		if (!nodeType.startsWith(`${PACKAGE}.`) || !Object.hasOwn(NODE_FILES, name)) return undefined;
		const [file, className] = NODE_FILES[name];
		// a require(), not an import: loaded only when a run asks for this type
		// eslint-disable-next-line @typescript-eslint/no-require-imports
		const cls = (require(`../nodes/${file}`) as Record<string, new () => INodeType>)[className];
		if (typeof cls !== 'function') throw new Error(`${file} exports no class ${className}`);
		const type = new cls();
		// as n8n's loader does: adds the "Request Options" (timeout, proxy, batching) to declarative nodes
		DirectoryLoader.applyDeclarativeNodeOptionParameters(type);
		this.types.set(nodeType, type);
		return type;
	}

	getByNameAndVersion(nodeType: string): INodeType {
		return this.getByName(nodeType) as INodeType;
	}

	getKnownTypes() {
		return {};
	}
}

/**
 * The node types n8n 2.41.1 lets use a credential that sets `restrictToSupportedNodes`: its
 * `supportedNodes` with the package's prefix (its loader's `postProcessLoaders`), and the Tool
 * variant of each (`tool-generation/utils.js`, copyCredentialSupport).
 */
export function supportedNodeTypes(type: ICredentialType): string[] {
	const named = (type.supportedNodes ?? []).map((name) => `${PACKAGE}.${name}`);
	return [...named, ...named.map((name) => `${name}Tool`)];
}

/** What the engine emulates: n8n 2.41.1 (its credential restriction) by default; `n8n1`: n8n 1.x, which has none. */
export interface EngineOptions {
	n8n1?: boolean;
}

class CredentialsHelper extends ICredentialsHelper {
	constructor(
		private readonly data: Record<string, ICredentialDataDecryptedObject>,
		private readonly engine: EngineOptions = {},
	) {
		super();
	}

	getParentTypes(): string[] {
		return [];
	}

	async authenticate(
		credentials: ICredentialDataDecryptedObject,
		typeName: string,
		requestOptions: IHttpRequestOptions,
		workflow: Workflow,
		node: INode,
	): Promise<IHttpRequestOptions> {
		const type = credentialTypes[typeName];
		const auth = type?.authenticate;
		if (typeof auth === 'function') return await auth(credentials, requestOptions);
		if (auth?.type === 'generic') {
			for (const [outerKey, entries] of Object.entries(auth.properties)) {
				const target = ((requestOptions as unknown as Record<string, IDataObject>)[outerKey] ??= {});
				for (const [key, value] of Object.entries(entries as Record<string, string>)) {
					const resolve = (v: string) =>
						workflow.expression.getSimpleParameterValue(node, v, 'internal', { $credentials: credentials }) as string;
					target[resolve(key)] = resolve(value);
				}
			}
		}
		return requestOptions;
	}

	async preAuthentication(
		_helpers: IHttpRequestHelper,
		_credentials: ICredentialDataDecryptedObject,
	): Promise<ICredentialDataDecryptedObject | undefined> {
		return undefined;
	}

	async getDecrypted(
		_additionalData: IWorkflowExecuteAdditionalData,
		_nodeCredentials: INodeCredentialsDetails,
		type: string,
	): Promise<ICredentialDataDecryptedObject> {
		const found = this.data[type];
		if (!found) throw new Error(`No credentials of type ${type} in this test`);
		// as n8n's CredentialsHelper (applyDefaultsAndOverwrites): defaults for fields not stored, fields hidden by the others dropped
		const data = NodeHelpers.getNodeParameters(credentialTypes[type].properties, found as INodeParameters, true, false, null, null) as ICredentialDataDecryptedObject;
		// n8n keeps the stored domain restriction even where the credential declares no such field
		for (const field of ['allowedHttpRequestDomains', 'allowedDomains']) if (data[field] === undefined && found[field] !== undefined) data[field] = found[field];
		return data;
	}

	async getCredentials(): Promise<never> {
		throw new Error('not used by these tests');
	}

	async updateCredentials(): Promise<void> {}

	async updateCredentialsOauthTokenData(): Promise<void> {}

	async runPreAuthentication(): Promise<ICredentialDataDecryptedObject | undefined> {
		return undefined;
	}

	/** As n8n 2.41.1's CredentialsHelper (n8n-core asks it before decrypting a credential for a node); n8n 1.x has no such check. */
	isCredentialUsableByNode(credentialType: string, nodeType: string): boolean {
		const type = credentialTypes[credentialType];
		if (this.engine.n8n1 || !type?.restrictToSupportedNodes) return true;
		return supportedNodeTypes(type).includes(nodeType);
	}

	getCredentialsProperties() {
		return credentialTypes.storefrontApi.properties;
	}
}

export interface Credentials extends Partial<CapValues> {
	apiKey: string;
	baseUrl: string;
	/**
	 * Limit Spending, over the spending caps (docs/nodes.md, "Spending caps"), each by its field as
	 * declared (CapValues, from SPENDING_CAPS). Absent: on, as n8n gives a credential saved without it;
	 * off, the caps are dropped as n8n drops hidden fields.
	 */
	limitSpending?: boolean;
	/** The ad network secrets (docs/nodes.md): Connect Chatnet's key, Boost Post's videonet Spark Auth Code. */
	chatnetApiKey?: string;
	sparkAuthCodeSecret?: string;
	/** The owner's leave to send the key on a connection others could read (credentials/signing.ts `readableConnection`). */
	allowUnverifiedConnections?: boolean;
	/** n8n's Allowed HTTP Request Domains as stored: a credential saved before the package declared it holds n8n's default, `all`. */
	allowedHttpRequestDomains?: 'all' | 'domains' | 'none';
	allowedDomains?: string;
}

export function additionalData(credentials: Credentials, hooks?: ExecutionLifecycleHooks, engine: EngineOptions = {}): IWorkflowExecuteAdditionalData {
	return {
		credentialsHelper: new CredentialsHelper({ storefrontApi: { ...credentials } }, engine),
		hooks,
		executeWorkflow: async () => {
			throw new Error('not supported in tests');
		},
		restApiUrl: 'http://127.0.0.1:5678/rest',
		instanceBaseUrl: 'http://127.0.0.1:5678/',
		formWaitingBaseUrl: 'http://127.0.0.1:5678/form-waiting',
		webhookBaseUrl: 'http://127.0.0.1:5678/webhook',
		webhookWaitingBaseUrl: 'http://127.0.0.1:5678/webhook-waiting',
		webhookTestBaseUrl: 'http://127.0.0.1:5678/webhook-test',
		currentNodeParameters: undefined,
		executionTimeoutTimestamp: undefined,
		userId: 'test-user',
		variables: {},
		logAiEvent: async () => {},
		getRunExecutionData: async () => undefined,
		startRunnerTask: async () => {
			throw new Error('not supported in tests');
		},
	} as unknown as IWorkflowExecuteAdditionalData;
}

export interface RunOptions {
	/** Short node name, e.g. `storefrontWebhooks`. */
	node: string;
	parameters: INodeParameters;
	credentials: Credentials;
	/** Input items (default: one empty item). */
	items?: IDataObject[];
	continueOnFail?: boolean;
	executionId?: string;
	mode?: WorkflowExecuteMode;
	/** Node settings such as retryOnFail / maxTries / waitBetweenTries. */
	settings?: Partial<INode>;
	/** Workflow settings, e.g. `{ timezone: 'Asia/Tokyo' }`. */
	workflowSettings?: IWorkflowSettings;
	/** Which n8n the engine emulates (2.41.1 by default). */
	engine?: EngineOptions;
}

export interface RunResult {
	/** Output items of the node (json plus `error` when Continue On Fail caught one). */
	items: INodeExecutionData[];
	json: IDataObject[];
	/** The error that stopped the node, if any. */
	error?: Error & { description?: string; httpCode?: string | null };
	run: IRun;
}

export const NODE_NAME = 'Storefront';

export function makeWorkflow(nodeType: string, parameters: INodeParameters, extra: Partial<INode> = {}, settings?: IWorkflowSettings) {
	const node: INode = {
		id: 'node-1',
		name: NODE_NAME,
		type: `${PACKAGE}.${nodeType}`,
		typeVersion: 1,
		position: [0, 0],
		parameters,
		credentials: { storefrontApi: { id: 'cred-1', name: 'Storefront account' } },
		...extra,
	};
	const workflow = new Workflow({
		id: 'wf-test',
		name: 'Test workflow',
		nodes: [node],
		connections: {},
		active: false,
		nodeTypes: new NodeTypes(),
		settings,
	});
	return { workflow, node: workflow.getNode(NODE_NAME)! };
}

let executions = 0;

/** Executes one node of ours with the given parameters and input items, as n8n does. */
export async function runNode(options: RunOptions): Promise<RunResult> {
	const { workflow, node } = makeWorkflow(options.node, options.parameters, {
		...(options.continueOnFail ? { onError: 'continueRegularOutput' as const } : {}),
		...options.settings,
	}, options.workflowSettings);
	// a new execution each run, as in n8n (Idempotency-Keys of non-spending POSTs are per execution)
	const executionId = options.executionId ?? `exec-${++executions}`;
	const hooks = new ExecutionLifecycleHooks(options.mode ?? 'manual', executionId, workflow as never);
	const data = additionalData(options.credentials, hooks, options.engine);
	data.executionId = executionId;
	const items: INodeExecutionData[] = (options.items ?? [{}]).map((json) => ({ json }));
	const runExecutionData = createRunExecutionData({
		executionData: { nodeExecutionStack: [{ node, data: { main: [items] }, source: null }] },
	});
	const execute = new WorkflowExecute(data, options.mode ?? 'manual', runExecutionData);
	const run = await execute.processRunExecutionData(workflow);
	const taskData = run.data.resultData.runData[NODE_NAME]?.[0];
	const output = taskData?.data?.main?.[0] ?? [];
	return {
		items: output,
		json: output.map((i) => i.json),
		error: (taskData?.error ?? run.data.resultData.error) as RunResult['error'],
		run,
	};
}

/** A LoadOptions context, for listSearch and loadOptions methods. */
export function loadOptionsContext(nodeType: string, parameters: INodeParameters, credentials: Credentials) {
	const { workflow, node } = makeWorkflow(nodeType, parameters);
	const data = additionalData(credentials);
	(data as { currentNodeParameters?: INodeParameters }).currentNodeParameters = parameters;
	return new LoadOptionsContext(workflow, node, data, '');
}

export function nodeType(name: string): INodeType {
	return new NodeTypes().getByNameAndVersion(`${PACKAGE}.${name}`);
}

/** Serialised error (what n8n stores and shows), for "never contains the key" checks. */
export function errorText(error: unknown): string {
	if (!error) return '';
	const e = error as Record<string, unknown>;
	return JSON.stringify({ ...e, message: e.message, description: e.description, stack: e.stack });
}

// Mutation runs (jest.mutate.config.js) load every node type with the harness, as it did before
// types loaded by name: code run at module load must stay outside any one test, which Stryker
// leaves out (stryker.config.mjs, ignoreStatic), instead of counting for the first test that runs a node.
if (process.env.STOREFRONT_LOAD_EVERY_NODE_TYPE === 'true') loadEveryNodeType();
