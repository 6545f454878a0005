#!/usr/bin/env bash
# `npm test`: every layer, loudly. Type check and lint; unit tests of the core; the extension-host suites
# in a real VS Code (dev build, then the installed VSIX). Any failure exits non-zero.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
echo "== type check and lint"
npm run --silent typecheck
npm run --silent lint
echo "== unit tests"
npm run --silent test:unit
echo "== integration tests"
bash scripts/test-integration.sh
