# Sourced by the installers (install-n8n.sh, install-node.sh, install-registry.sh): the one place
# that decides how the project's own scripts call npm.
#
# npm hands the configuration it read to every script it runs, as npm_config_* variables: the
# project's .npmrc among it (ignore-scripts=true, for the project's own install: CONTRIBUTING.md).
# An npm started inside `npm start` or `npm test` would inherit it, and `npm rebuild sqlite3` would
# build nothing and say it had. `nested_npm` drops the settings of the project's .npmrc from the
# environment, so that every call behaves as it does typed in a shell in the folder it runs in
# (that folder's, the user's and the global npmrc files still apply), and each call says what it
# wants itself:
#   - installs of n8n, sqlite3's sources and verdaccio: --ignore-scripts (an optional Kafka client of
#     n8n's fails its build; nothing else in those trees needs its script);
#   - sqlite3, the one native addon that must be compiled: `npm rebuild sqlite3 --ignore-scripts=false`.
NPM_PROJECT_SETTINGS=()
while IFS= read -r line; do
	key=${line%%=*}
	key=$(printf '%s' "$key" | tr -d '[:space:]' | tr '[:upper:]-' '[:lower:]_')
	[ -n "$key" ] && NPM_PROJECT_SETTINGS+=("-u" "npm_config_$key")
done < <(grep -E '^[[:space:]]*[A-Za-z]' "$(dirname "${BASH_SOURCE[0]}")/../../.npmrc" 2>/dev/null || true)

nested_npm() {
	env ${NPM_PROJECT_SETTINGS[@]+"${NPM_PROJECT_SETTINGS[@]}"} npm "$@"
}
