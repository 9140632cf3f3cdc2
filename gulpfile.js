const { src, dest } = require('gulp');

/** Copies the icons and the codex files next to the compiled nodes and credentials. */
function buildIcons() {
	return src(['icons/**/*.svg', 'nodes/**/*.json', 'credentials/**/*.svg'], { base: '.', encoding: false }).pipe(
		dest('dist'),
	);
}

exports['build:icons'] = buildIcons;
