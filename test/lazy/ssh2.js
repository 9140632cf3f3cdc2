// n8n-core's SSH clients (nodes that open an SSH connection; ours do not)
require('./load-when-read').loadWhenRead(exports, 'ssh2', {
	names: ['AgentProtocol', 'BaseAgent', 'createAgent', 'Client', 'CygwinAgent', 'HTTPAgent', 'HTTPSAgent', 'OpenSSHAgent', 'PageantAgent', 'Server', 'utils'],
});
