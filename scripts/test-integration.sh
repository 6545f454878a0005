#!/usr/bin/env bash
# Integration tests inside a real VS Code (code-server 4.139.1 = VS Code 1.139.1, Debian Chromium):
#   1. the development build (extensionDevelopmentPath = this folder), with screenshots;
#   2. the packaged VSIX, installed with --install-extension into a fresh VS Code, activated from there.
# Exit: 0 pass, 1 a test failed, 2 infrastructure problem (a hung host times out with a message).
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
bash scripts/setup-vscode-host.sh
node esbuild.js
OUT="$ROOT/test-output"
rm -rf "$OUT/workspace" && mkdir -p "$OUT/screenshots" && cp -r test/fixtures/workspace "$OUT/workspace" && cp examples/*.json examples/v1/*.json "$OUT/workspace/"
# The scenarios with copies of their payload files (../*.json) of their own: other tests edit the examples above.
cp examples/*.json "$OUT/workspace/scenario-tests/" && cp -r examples/scenarios "$OUT/workspace/scenario-tests/"

echo "== extension-host suite (development build)"
node test/host/run-ext-tests.mjs --extensionDevelopmentPath "$ROOT" --extensionTestsPath "$ROOT/out/integration/index" \
  --workspace "$OUT/workspace" --screenshots "$OUT/screenshots" --timeout "${BW_HOST_TIMEOUT:-600}"

echo "== extension-host suite (installed VSIX)"
bash scripts/package.sh
rm -rf "$OUT/workspace-installed" && mkdir -p "$OUT/workspace-installed"
BW_SUITE=installed node test/host/run-ext-tests.mjs --install-vsix dist-vsix/billing-workbench.vsix \
  --extensionDevelopmentPath "$ROOT/test/host/harness-ext" --extensionTestsPath "$ROOT/out/integration/index" \
  --workspace "$OUT/workspace-installed" --screenshots "$OUT/screenshots" --timeout "${BW_HOST_TIMEOUT:-600}"
