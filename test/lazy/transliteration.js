// n8n's string extensions (transliterate() in an expression); its character map is most of its load
require('./load-when-read').loadWhenRead(exports, 'transliteration', { esModule: true, names: ['transliterate', 'slugify'] });
