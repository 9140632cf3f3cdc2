// n8n-workflow's NodeApiError, for an error answered in XML (the fake API answers JSON)
require('./load-when-read').loadWhenRead(exports, 'xml2js', {
	names: ['defaults', 'processors', 'ValidationError', 'Builder', 'Parser', 'parseString', 'parseStringPromise'],
});
