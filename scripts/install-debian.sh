#!/usr/bin/env bash
# Installs the Debian packages named (those not installed yet) with apt-get, as root: Chromium for
# the editor tests, PostgreSQL and Redis for queue mode (sandbox/queueMode.ts). One install at a time,
# machine-wide (a lock in the temp folder): CI starts one in the background at its start
# (.ci/run), and a suite or `npm start -- --queue` that needs a package meanwhile waits for it
# rather than failing on apt's own lock. Exits 1, saying why, where it cannot install.
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)

installed() { dpkg-query -W -f='${Status}' "$1" 2>/dev/null | grep -q 'install ok installed'; }
missing() {
	local out=()
	for pkg in "$@"; do installed "$pkg" || out+=("$pkg"); done
	echo "${out[@]:-}"
}

[ -z "$(command -v dpkg-query || true)" ] && { echo "[install-debian] not Debian or Ubuntu: install $* yourself" >&2; exit 1; }
[ -z "$(missing "$@")" ] && exit 0

source "$ROOT/scripts/lib/lock.sh"
take_lock "${TMPDIR:-/tmp}/n8n-nodes-storefront.apt.lock"

# what another install did while this one waited for the lock
todo=$(missing "$@")
[ -z "$todo" ] && exit 0
if [ "$(id -u)" != 0 ] || ! command -v apt-get >/dev/null; then
	echo "[install-debian] needs root and apt-get to install: $todo" >&2
	exit 1
fi
echo "[install-debian] installing $todo..." >&2
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq >&2
# shellcheck disable=SC2086 # one word per package
apt-get install -y -qq --no-install-recommends $todo >/dev/null
