#!/usr/bin/env bash
# Installs verdaccio, the npm registry server the install tests publish this package to
# (scripts/lib/registry.ts, docs/installing.md), into the git-ignored .cache/ folder, once.
# Not a devDependency: every verdaccio release depends (through verdaccio-audit) on
# `node-fetch@cjs`, a dist-tag the registry here does not serve, so it needs an npm `overrides`
# entry, and n8n's verification scanner refuses an `overrides` field in a community package's
# package.json (@n8n/community-nodes/no-overrides-field). Its own folder keeps both true.
# Prints VERDACCIO=<its bin script> on its last line (run it with the Node 24 from install-node.sh:
# verdaccio 6 needs Node >= 22).
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
CACHE="$ROOT/.cache"
VERSION=6.10.4
DIR="$CACHE/verdaccio-$VERSION"
mkdir -p "$CACHE"

NODE_DIR=$(bash "$ROOT/scripts/install-node.sh" | sed -n 's/^NODE24=//p')

source "$ROOT/scripts/lib/lock.sh"
source "$ROOT/scripts/lib/npm.sh"
take_lock "$CACHE/.verdaccio-$VERSION.lock"

if [ ! -f "$DIR/.installed" ]; then
	echo "[install-registry] installing verdaccio $VERSION into .cache/ (first time: about 30 s)..." >&2
	rm -rf "$DIR"
	mkdir -p "$DIR"
	# node-fetch@cjs is the 2.x line (2.7.0 is its last release)
	cat >"$DIR/package.json" <<JSON
{"private":true,"dependencies":{"verdaccio":"$VERSION"},"overrides":{"verdaccio-audit":{"node-fetch":"2.7.0"}}}
JSON
	(cd "$DIR" && PATH="$NODE_DIR:$PATH" nested_npm install --ignore-scripts --no-audit --no-fund --loglevel=error >&2)
	touch "$DIR/.installed"
fi

echo "VERDACCIO=$DIR/node_modules/verdaccio/bin/verdaccio"
