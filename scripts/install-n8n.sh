#!/usr/bin/env bash
# Installs a pinned n8n into the git-ignored .cache/ folder, once, for the Node 24 that
# scripts/install-node.sh finds or installs (n8n needs Node >= 24; 2.41.1 installs, latest does
# not; linkedom pinned; --ignore-scripts then a sqlite3 build from source, which needs python3,
# make and a C++ compiler: installed with apt-get on Debian/Ubuntu as root, else asked for).
# Prints the two paths on its last lines: NODE24=<node bin dir> and N8N_BIN=<n8n executable>.
# Usage: bash scripts/install-n8n.sh [version]   (default 2.41.1; the compatibility test uses 1.x)
# The versions the tests use install from a committed lockfile (scripts/n8n-locks/<version>.package-lock.json)
# with `npm ci`: the same tree on every machine, whatever n8n's dependencies publish later, and no
# resolution of some 2,300 packages (from an empty npm cache on an idle 2-core machine: 158 s with
# the lockfile, 274 s without). Another version resolves with `npm install`. To refresh a lockfile:
# remove it and the version's .cache folder, install, and copy .cache/n8n-<version>/package-lock.json.
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
CACHE="$ROOT/.cache"
N8N_VERSION=${1:-2.41.1}
N8N_DIR="$CACHE/n8n-$N8N_VERSION"
# versions the registry lacks: linkedom 0.18.15 (2.x); n8n 1.x takes xlsx from cdn.sheetjs.com,
# which is unreachable here: the same SheetJS release as republished on npm (n8n 2.x uses it too)
case "$N8N_VERSION" in
	1.*) OVERRIDES='{"xlsx":"npm:@e965/xlsx@0.20.2"}' ;;
	*) OVERRIDES='{"linkedom":"0.18.14"}' ;;
esac
mkdir -p "$CACHE"
# the sqlite3 that 2.41.1 and 1.123.x both pin (another is built after n8n's install, as before)
SQLITE3_VERSION=5.1.7

NODE_BIN=$(bash "$ROOT/scripts/install-node.sh" | sed -n 's/^NODE24=//p')
[ -n "$NODE_BIN" ] || exit 1

# one install at a time: a second caller (another test file, the sandbox) waits for the first
# instead of removing the folder it is installing into
source "$ROOT/scripts/lib/lock.sh"
source "$ROOT/scripts/lib/npm.sh"
take_lock "$CACHE/.n8n-$N8N_VERSION.lock"

if [ ! -f "$N8N_DIR/.installed" ]; then
	echo "[install-n8n] installing n8n $N8N_VERSION (first time: 3-9 minutes on 2 cores, most of it npm's install, while sqlite3 is compiled)..." >&2
	rm -rf "$N8N_DIR"
	mkdir -p "$N8N_DIR"
	cat >"$N8N_DIR/package.json" <<JSON
{"private":true,"dependencies":{"n8n":"$N8N_VERSION"},"overrides":$OVERRIDES}
JSON
	lockfile="$ROOT/scripts/n8n-locks/$N8N_VERSION.package-lock.json"
	if [ -f "$lockfile" ]; then
		cp "$lockfile" "$N8N_DIR/package-lock.json"
		npm_install=ci
		# Another n8n already installed here (CI: 1.x after 2.x) holds most of this one's packages at
		# the same path and version (1,359 of 1.123.81's 1,846 are 2.41.1's): its tree, hard-linked,
		# is the start, and `npm install` from the lockfile changes only what differs. Measured:
		# 55 s of CPU against 99 s for `npm ci` (warm npm cache), the same files as `npm ci` gives
		# (every file's checksum compared). npm keeps a package it finds at the locked path and
		# version without checking its files, so a seed is taken only if both lockfiles give every
		# package they share (path and version) the same integrity and source; the result is checked
		# against the lockfile below, else a clean `npm ci`.
		# Nothing may write into such a tree in place afterwards: a write reaches both n8n versions.
		for seed in "$CACHE"/n8n-*; do
			if [ "$seed" != "$N8N_DIR" ] && [ -f "$seed/.installed" ] && [ -d "$seed/node_modules" ] && [ -f "$seed/package-lock.json" ] \
				&& "$NODE_BIN/node" -e '
					const read = (f) => JSON.parse(require("fs").readFileSync(f, "utf8")).packages;
					const [mine, theirs] = [read(process.argv[1]), read(process.argv[2])];
					const differ = Object.keys(mine).filter((k) => k && theirs[k] && theirs[k].version === mine[k].version && (theirs[k].integrity !== mine[k].integrity || theirs[k].resolved !== mine[k].resolved));
					process.exit(differ.length ? 1 : 0);
				' "$lockfile" "$seed/package-lock.json" \
				&& cp -al "$seed/node_modules" "$N8N_DIR/node_modules" 2>/dev/null; then
				rm -f "$N8N_DIR/node_modules/.package-lock.json"
				npm_install=install
				echo "[install-n8n] starting from $(basename "$seed")'s packages (hard links)" >&2
				break
			fi
			rm -rf "$N8N_DIR/node_modules"
		done
	else
		npm_install=install
	fi
	if ! command -v python3 >/dev/null || ! command -v make >/dev/null || ! command -v g++ >/dev/null; then
		if command -v apt-get >/dev/null && [ "$(id -u)" = 0 ]; then
			echo "[install-n8n] installing build tools for sqlite3 with apt-get (python3, make, g++)..." >&2
			bash "$ROOT/scripts/install-debian.sh" python3 make g++
		else
			echo "[install-n8n] n8n's sqlite3 is compiled from source and needs python3, make and g++, and one of them is missing." >&2
			echo "[install-n8n] Install them, then run again: Debian/Ubuntu: sudo apt-get install python3 make g++; macOS: xcode-select --install." >&2
			exit 1
		fi
	fi
	# sqlite3's addon is compiled from source (1-3 minutes): the version n8n pins, compiled in a folder
	# of its own while npm installs n8n, instead of after it (taken below when n8n pins that version).
	# At -O1 (CFLAGS come after node-gyp's -O3, and the last one counts): 36 s of CPU instead of 73 s
	# on an idle 2-core machine, for a database that holds a test's or the sandbox's few executions.
	SQLITE3_CFLAGS="-O1"

	sqlite3_side="$CACHE/sqlite3-$SQLITE3_VERSION"
	(
		exec 8>"$sqlite3_side.lock"
		if command -v flock >/dev/null; then flock 8; else perl -MFcntl=:flock -e 'open(my $fd, ">&=", 8) or die; flock($fd, LOCK_EX) or die'; fi
		[ -f "$sqlite3_side/.built" ] && exit 0
		rm -rf "$sqlite3_side" && mkdir -p "$sqlite3_side" && cd "$sqlite3_side"
		export PATH="$NODE_BIN:$PATH"
		if [ -d "$NODE_BIN/../include/node" ]; then export npm_config_nodedir="$NODE_BIN/.."; fi
		echo "{\"private\":true,\"dependencies\":{\"sqlite3\":\"$SQLITE3_VERSION\"}}" >package.json
		nested_npm install --ignore-scripts --no-audit --no-fund --loglevel=error >&2 \
			&& CFLAGS="${CFLAGS:-} $SQLITE3_CFLAGS" npm_config_build_from_source=true nested_npm rebuild sqlite3 --ignore-scripts=false --loglevel=error >&2 \
			&& node -e "require('./node_modules/sqlite3')" && touch .built
	) &
	sqlite3_build=$!
	# a heartbeat, so a first install does not look stuck
	( while sleep 20; do echo "[install-n8n] still installing n8n... ${SECONDS}s" >&2; done ) >/dev/null &
	ticker=$!
	trap 'kill $ticker 2>/dev/null || true' EXIT
	(
		cd "$N8N_DIR"
		export PATH="$NODE_BIN:$PATH"
		# the headers of this very Node, for the sqlite3 build (a Node without them: node-gyp fetches them)
		if [ -d "$NODE_BIN/../include/node" ]; then export npm_config_nodedir="$NODE_BIN/.."; fi
		if [ "$npm_install" = install ] && [ -f "$lockfile" ]; then
			# a seeded tree npm cannot update is dropped for a clean `npm ci` (below)
			nested_npm install --ignore-scripts --no-audit --no-fund --loglevel=error >&2 || rm -f node_modules/.package-lock.json
		else
			nested_npm "$npm_install" --ignore-scripts --no-audit --no-fund --loglevel=error >&2
		fi
		if [ "$npm_install" = install ] && [ -f "$lockfile" ]; then
			# what npm installed (its record of the tree) against the committed lockfile: each package at
			# its path and version with its integrity, nothing more, nothing missing but packages for
			# other platforms; else a clean `npm ci`. (npm install drops the lockfile's extraneous
			# entries; the committed lockfile is put back, as `npm ci` leaves it.)
			if [ ! -f node_modules/.package-lock.json ] || ! node -e '
				const read = (f) => JSON.parse(require("fs").readFileSync(f, "utf8")).packages;
				const [locked, installed] = [read(process.argv[1]), read("node_modules/.package-lock.json")];
				const same = (k) => locked[k] && !locked[k].extraneous && locked[k].version === installed[k].version && locked[k].integrity === installed[k].integrity;
				const missing = Object.keys(locked).filter((k) => k && !locked[k].extraneous && !locked[k].optional && !installed[k]);
				const wrong = Object.keys(installed).filter((k) => k && !same(k));
				if (missing.length || wrong.length) { console.error("[install-n8n] the tree differs from the lockfile:", [...missing, ...wrong].slice(0, 5).join(", ")); process.exit(1); }
			' "$lockfile"; then
				rm -rf node_modules && cp "$lockfile" package-lock.json
				nested_npm ci --ignore-scripts --no-audit --no-fund --loglevel=error >&2
			fi
			cp "$lockfile" package-lock.json
		fi
	)
	wait "$sqlite3_build" || echo "[install-n8n] the side build of sqlite3 $SQLITE3_VERSION failed: n8n's own is built" >&2
	(
		cd "$N8N_DIR"
		export PATH="$NODE_BIN:$PATH"
		if [ -d "$NODE_BIN/../include/node" ]; then export npm_config_nodedir="$NODE_BIN/.."; fi
		# sqlite3's addon (N-API) is the same for every n8n that pins the same sqlite3: copied from the
		# side build or another cached n8n rather than built again (2.41.1 and 1.123.x both pin 5.1.7)
		binding=node_modules/sqlite3/build/Release/node_sqlite3.node
		sqlite3_version() { node -p "require('$1/node_modules/sqlite3/package.json').version"; }
		# Never written in place: in a tree started from another n8n's (hard links), the file may be that
		# n8n's own, loaded by a running n8n, which writing over it would crash (it did, in CI). A
		# binding already there came with the same sqlite3 version: npm replaces a package whose version
		# changed, build folder and all.
		for other in "$sqlite3_side" "$CACHE"/n8n-*; do
			[ -f "$binding" ] && break
			if [ "$other" != "$N8N_DIR" ] && { [ -f "$other/.installed" ] || [ -f "$other/.built" ]; } && [ -f "$other/$binding" ] \
				&& [ "$(sqlite3_version "$other")" = "$(sqlite3_version "$N8N_DIR")" ]; then
				mkdir -p "$(dirname "$binding")" && cp "$other/$binding" "$binding.new" && mv "$binding.new" "$binding"
				echo "[install-n8n] sqlite3 addon taken from $(basename "$other")" >&2
				break
			fi
		done
		if ! node -e "require('./node_modules/sqlite3')" 2>/dev/null; then
			echo "[install-n8n] building sqlite3 for Node $(node --version)..." >&2
			# a copy of its own first (files that are another tree's hard links are copied, not shared)
			rm -rf node_modules/.sqlite3-own
			{ cp -a node_modules/sqlite3 node_modules/.sqlite3-own && rm -rf node_modules/sqlite3 && mv node_modules/.sqlite3-own node_modules/sqlite3; } || exit 1
			CFLAGS="${CFLAGS:-} $SQLITE3_CFLAGS" npm_config_build_from_source=true nested_npm rebuild sqlite3 --ignore-scripts=false --loglevel=error >&2
		fi
		# the tree is marked installed only with a sqlite3 that loads
		node -e "require('./node_modules/sqlite3')" || { echo "[install-n8n] sqlite3 does not load in $N8N_DIR" >&2; exit 1; }
	)
	kill $ticker 2>/dev/null || true
	touch "$N8N_DIR/.installed"
	echo "[install-n8n] n8n $N8N_VERSION installed in ${SECONDS}s" >&2
fi

echo "NODE24=$NODE_BIN"
echo "N8N_BIN=$N8N_DIR/node_modules/.bin/n8n"
