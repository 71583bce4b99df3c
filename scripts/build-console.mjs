// Builds the console (console/, Vite) into dist/console, unless the build there is newer than every
// source it came from: `npm start` runs `npm run build` each time, and an unchanged console should
// cost it a directory walk, not a bundle.
import { readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const output = join(root, 'dist/console/index.html');
// The sources, and the lock file that fixes the versions of what they import.
const inputs = [join(root, 'console'), join(root, 'package-lock.json')];

function newestChange(path) {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(stat.mtimeMs, ...readdirSync(path).map((name) => newestChange(join(path, name))));
}

function builtAt() {
  try {
    return statSync(output).mtimeMs;
  } catch {
    return -Infinity;
  }
}

if (process.argv.includes('--force') || Math.max(...inputs.map(newestChange)) > builtAt()) {
  // Imported only to build: loading Vite is most of what an up-to-date check would cost.
  const { build } = await import('vite');
  await build({ configFile: join(root, 'console/vite.config.ts'), logLevel: 'warn' });
} else {
  console.log('console: dist/console is up to date');
}
