#!/bin/sh
# Builds the committed HEAD (or $1) of src/ into .bench-<name> (same depth as dist/, so relative paths resolve) for BENCH_BEFORE_DIST A/B runs.
set -e
ref=${1:-HEAD}
name=${2:-before}
root=$(cd "$(dirname "$0")/.." && pwd)
tmp=$(mktemp -d)
git -C "$root" archive "$ref" src prisma package.json tsconfig.json tsconfig.build.json | tar -x -C "$tmp"
cp -r "$root/src/generated" "$tmp/src/" 2>/dev/null || true
ln -s "$root/node_modules" "$tmp/node_modules"
rm -rf "$root/.bench-$name"
(cd "$tmp" && npx tsc -p tsconfig.build.json --outDir "$root/.bench-$name")
rm -rf "$tmp"
echo "$root/.bench-$name"
