// n8n-core's error reporter logs every node error; tests assert on errors instead.
process.env.N8N_LOG_LEVEL = process.env.N8N_LOG_LEVEL || 'silent';
