#!/usr/bin/env bash
# Builds the VSIX (production bundle) and checks it: under 1 MB, no sources, no source maps.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
node esbuild.js --production
mkdir -p dist-vsix
npx --no-install vsce package --no-dependencies --allow-missing-repository --no-rewrite-relative-links -o dist-vsix/billing-workbench.vsix >/dev/null
VSIX=dist-vsix/billing-workbench.vsix
SIZE=$(stat -c %s "$VSIX")
LIST=$(unzip -Z1 "$VSIX" 2>/dev/null || python3 -c "import zipfile,sys;print('\n'.join(zipfile.ZipFile(sys.argv[1]).namelist()))" "$VSIX")
if echo "$LIST" | grep -E '(^|/)src/|\.map$|\.ts$' | grep -v '\.d\.ts$' ; then echo "VSIX contains sources or maps (above)"; exit 1; fi
[ "$SIZE" -lt 1048576 ] || { echo "VSIX is $SIZE bytes, over 1 MB"; exit 1; }
echo "vsix: $VSIX $SIZE bytes, $(echo "$LIST" | wc -l) files"
node esbuild.js   # back to the development build (maps) for the tests that follow
