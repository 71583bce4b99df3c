// The process settings `npm start` gives the server (glibc malloc, V8's young generation), read from
// package.json's start script so every bench runs the service as it ships. The Dockerfile sets the
// same values (test/unit/docker-files.spec.ts holds the two together).
import { readFileSync } from 'node:fs';

export function shippedEnv(root) {
  const start = JSON.parse(readFileSync(`${root}/package.json`, 'utf8')).scripts.start;
  const settings = Object.fromEntries([...start.matchAll(/\b(MALLOC_\w+)=\$\{\1:-([^}]+)\}/g)].map((m) => [m[1], m[2]]));
  const nodeOptions = /\bNODE_OPTIONS="([^"$]*?)\s*\$\{NODE_OPTIONS:-\}"/.exec(start)?.[1];
  if (Object.keys(settings).length === 0 || !nodeOptions) {
    throw new Error("package.json's start script no longer sets MALLOC_* and NODE_OPTIONS as the bench reads them");
  }
  return { ...settings, NODE_OPTIONS: nodeOptions };
}
