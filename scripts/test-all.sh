#!/usr/bin/env bash
# `npm test`: every layer, loudly. Type check, lint and formatting (Prettier, width 120); unit tests of the
# core; the extension-host suites in a real VS Code (dev build, then the installed VSIX). Any failure exits
# non-zero.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
echo "== type check, lint and format"
npm run --silent typecheck
npm run --silent lint
npm run --silent format:check
# Chromium and VS Code first: the unit test of the HTML report drives Chromium, and skips (saying so) without it.
echo "== set-up of the browser and VS Code the tests drive"
bash scripts/setup-vscode-host.sh
echo "== unit tests"
npm run --silent test:unit
echo "== integration tests"
bash scripts/test-integration.sh
