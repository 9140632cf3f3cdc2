// n8n-core's signed URLs of binary data
require('./load-when-read').loadWhenRead(exports, 'jsonwebtoken', { names: ['decode', 'verify', 'sign', 'JsonWebTokenError', 'NotBeforeError', 'TokenExpiredError'] });
