#!/bin/sh
# Builds the committed HEAD (or $1) as `npm run build` does, into .bench-<name>/server.js, for
# BENCH_BEFORE_DIST A/B runs. BENCH_PATCH=<file> applies a patch first: bench/unlogged.patch makes
# the build that never logs a management write, to measure what logging costs (bench/NOTES.md).
set -e
ref=${1:-HEAD}
name=${2:-before}
root=$(cd "$(dirname "$0")/.." && pwd)
tmp=$(mktemp -d)
git -C "$root" archive "$ref" src prisma scripts package.json tsconfig.json tsconfig.build.json | tar -x -C "$tmp"
cp -r "$root/src/generated" "$tmp/src/" 2>/dev/null || true
ln -s "$root/node_modules" "$tmp/node_modules"
if [ -n "$BENCH_PATCH" ]; then (cd "$tmp" && patch -s -p1 < "$(cd "$root" && realpath "$BENCH_PATCH")"); fi
(cd "$tmp" && npx tsc -p tsconfig.build.json && node scripts/bundle.mjs)
rm -rf "$root/.bench-$name"
mkdir -p "$root/.bench-$name"
cp "$tmp"/dist/server.js "$tmp"/dist/*.wasm "$root/.bench-$name/"
rm -rf "$tmp"
echo "$root/.bench-$name"
