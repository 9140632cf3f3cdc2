#!/usr/bin/env bash
# Installs Node 24 and a pinned n8n into the git-ignored .cache/ folder, once.
# Facts behind each step: ../shared/RUNNING-N8N.md (n8n needs Node >= 24; 2.41.1 installs,
# latest does not; linkedom pinned; --ignore-scripts then a sqlite3 build from source).
# Prints the two paths on its last lines: NODE24=<node bin dir> and N8N_BIN=<n8n executable>.
# Usage: bash scripts/install-n8n.sh [version]   (default 2.41.1; the compatibility test uses 1.x)
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
CACHE="$ROOT/.cache"
NODE_VERSION=24.21.0
N8N_VERSION=${1:-2.41.1}
NODE_DIR="$CACHE/node-$NODE_VERSION"
N8N_DIR="$CACHE/n8n-$N8N_VERSION"
# versions the registry lacks: linkedom 0.18.15 (2.x); n8n 1.x takes xlsx from cdn.sheetjs.com,
# which is unreachable here: the same SheetJS release as republished on npm (n8n 2.x uses it too)
case "$N8N_VERSION" in
	1.*) OVERRIDES='{"xlsx":"npm:@e965/xlsx@0.20.2"}' ;;
	*) OVERRIDES='{"linkedom":"0.18.14"}' ;;
esac
mkdir -p "$CACHE"

bash "$ROOT/scripts/install-node.sh" >/dev/null

# one install at a time: a second caller (another test file, the sandbox) waits for the first
# instead of removing the folder it is installing into
exec 9>"$CACHE/.n8n-$N8N_VERSION.lock"
flock 9

if [ ! -f "$N8N_DIR/.installed" ]; then
	echo "[install-n8n] installing n8n $N8N_VERSION (first time: 4-9 minutes on 2 cores, most of it npm install, then sqlite3 is compiled)..." >&2
	rm -rf "$N8N_DIR"
	mkdir -p "$N8N_DIR"
	cat >"$N8N_DIR/package.json" <<JSON
{"private":true,"dependencies":{"n8n":"$N8N_VERSION"},"overrides":$OVERRIDES}
JSON
	if ! command -v g++ >/dev/null || ! command -v make >/dev/null; then
		echo "[install-n8n] installing build tools for sqlite3..." >&2
		apt-get update -qq && apt-get install -y -qq python3 make g++ >/dev/null
	fi
	# a heartbeat, so a first install does not look stuck
	( while sleep 20; do echo "[install-n8n] still installing n8n... ${SECONDS}s" >&2; done ) >/dev/null &
	ticker=$!
	trap 'kill $ticker 2>/dev/null || true' EXIT
	(
		cd "$N8N_DIR"
		export PATH="$NODE_DIR/bin:$PATH" npm_config_nodedir="$NODE_DIR"
		npm install --ignore-scripts --no-audit --no-fund --loglevel=error >&2
		# sqlite3's addon (N-API) is the same for every n8n that pins the same sqlite3: copy it from
		# another cached n8n rather than build it again (1-2 minutes; 2.41.1 and 1.123.x both pin 5.1.7)
		binding=node_modules/sqlite3/build/Release/node_sqlite3.node
		sqlite3_version() { node -p "require('$1/node_modules/sqlite3/package.json').version"; }
		for other in "$CACHE"/n8n-*; do
			if [ "$other" != "$N8N_DIR" ] && [ -f "$other/.installed" ] && [ -f "$other/$binding" ] \
				&& [ "$(sqlite3_version "$other")" = "$(sqlite3_version "$N8N_DIR")" ]; then
				mkdir -p "$(dirname "$binding")" && cp "$other/$binding" "$binding"
				echo "[install-n8n] sqlite3 addon taken from $(basename "$other")" >&2
				break
			fi
		done
		if ! node -e "require('./node_modules/sqlite3')" 2>/dev/null; then
			echo "[install-n8n] building sqlite3 for Node $NODE_VERSION..." >&2
			npm_config_build_from_source=true npm rebuild sqlite3 --loglevel=error >&2
		fi
	)
	kill $ticker 2>/dev/null || true
	touch "$N8N_DIR/.installed"
	echo "[install-n8n] n8n $N8N_VERSION installed in ${SECONDS}s" >&2
fi

echo "NODE24=$NODE_DIR/bin"
echo "N8N_BIN=$N8N_DIR/node_modules/.bin/n8n"
