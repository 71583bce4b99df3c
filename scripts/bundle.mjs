// Bundles the compiled server (dist/src/main.js: tsc's output, so Nest's decorator metadata is
// kept) into one compact file, dist/server.js, which `npm start` and the Docker image run. One
// file instead of ~2,300 modules: less to resolve, read and compile at every start, and a smaller
// heap (V8 keeps every module's source text). Measured in bench/NOTES.md (issue 12, fourth session).
import { existsSync, readFileSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { writeClassNames } from './bundle-class-names.mjs';
import { lazyIntlFormatters } from './bundle-lazy-intl.mjs';

const OUT = 'dist/server.js';
const outDir = resolve(dirname(OUT));

/** Optional packages that are not installed (Nest's microservices, express, ...) stay imports that fail at run time as they do unbundled. */
const missingStayExternal = {
  name: 'missing-stay-external',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, async ({ path, kind, resolveDir, importer, pluginData }) => {
      if (pluginData === 'probe') return undefined;
      const found = await b.resolve(path, { kind, resolveDir, importer, pluginData: 'probe' });
      return found.errors.length > 0 ? { path, external: true } : undefined;
    });
  },
};

const packageTypes = new Map();
/** Node's rule: .cjs, or .js under a package.json without "type": "module". */
function isCommonJs(file) {
  if (file.endsWith('.cjs')) return true;
  if (file.endsWith('.mjs')) return false;
  for (let dir = dirname(file); dirname(dir) !== dir; dir = dirname(dir)) {
    if (!packageTypes.has(dir)) {
      const manifest = join(dir, 'package.json');
      packageTypes.set(dir, existsSync(manifest) ? (JSON.parse(readFileSync(manifest, 'utf8')).type ?? 'commonjs') : undefined);
    }
    const type = packageTypes.get(dir);
    if (type !== undefined) return type !== 'module';
  }
  return true;
}

/**
 * Every module keeps the location it has unbundled: `import.meta.url` (the migrations folder, the
 * action runner, createRequire) and a CommonJS module's `__dirname`/`__filename` name its own file,
 * by a path relative to the bundle, so the bundle runs wherever dist/ sits beside node_modules/.
 */
const ownLocation = {
  name: 'own-location',
  setup(b) {
    b.onLoad({ filter: /\.[cm]?js$/ }, async ({ path }) => {
      const contents = await readFile(path, 'utf8');
      const dirnames = isCommonJs(path) && /\b__(dirname|filename)\b/.test(contents);
      if (!dirnames && !contents.includes('import.meta.url')) return undefined;
      const own = JSON.stringify(relative(outDir, path).split('\\').join('/'));
      const prologue = dirnames ? `var __filename = __ownPath(${own}), __dirname = __ownDir(${own});\n` : '';
      return { contents: prologue + contents.replaceAll('import.meta.url', `__ownUrl(${own})`), loader: 'js' };
    });
  },
};

/**
 * Prisma's query compiler is WebAssembly shipped as 2.3 MB of base64 in a JS module: bundled, it
 * stays in the heap twice for the life of the process (in the source text and as the string the
 * module declares). It goes beside the bundle as a .wasm file instead, read when Prisma asks for
 * it (once, at connect) through a getter, so nothing keeps it afterwards.
 */
const queryCompilerFile = {
  name: 'query-compiler-file',
  setup(b) {
    b.onResolve({ filter: /query_compiler_[\w.]+\.wasm-base64\.m?js$/ }, async ({ path, kind, resolveDir, importer, pluginData }) => {
      if (pluginData === 'probe') return undefined;
      const found = await b.resolve(path, { kind, resolveDir, importer, pluginData: 'probe' });
      // A CommonJS module (its own namespace, a .cjs name), so it can export a getter.
      const file = basename(found.path).replace(/-base64\.m?js$/, '');
      return { path: `${file}.cjs`, namespace: 'query-compiler', pluginData: { source: found.path, file } };
    });
    b.onLoad({ filter: /.*/, namespace: 'query-compiler' }, async ({ pluginData: { source, file } }) => {
      const { wasm } = await import(pathToFileURL(source).href);
      await writeFile(join(outDir, file), Buffer.from(wasm, 'base64'));
      const read = `require('node:fs').readFileSync(__ownPath(${JSON.stringify(file)})).toString('base64')`;
      return { contents: `module.exports = { get wasm() { return ${read}; } };`, loader: 'js', resolveDir: outDir };
    });
  },
};

/** Nest's loggers make their timestamp formatter on first use, not at load (bundle-lazy-intl.mjs). */
const lazyNestFormatters = {
  name: 'lazy-nest-formatters',
  setup(b) {
    b.onLoad({ filter: /[\\/]@nestjs[\\/]common[\\/]services[\\/](console-)?logger\.service\.js$/ }, async ({ path }) => {
      const { code, replaced } = lazyIntlFormatters(await readFile(path, 'utf8'));
      // Loud, so that a Nest release that moves the formatter is looked at again.
      if (replaced !== 1) throw new Error(`expected one Intl formatter made at load in ${path}, found ${replaced}`);
      return { contents: code, loader: 'js' };
    });
  },
};

const banner = `import { createRequire as __createRequire } from 'node:module';
import { dirname as __dirnameOf } from 'node:path';
import { fileURLToPath as __fileURLToPath } from 'node:url';
const require = __createRequire(import.meta.url);
const __ownUrl = (own) => new URL(own, import.meta.url).href;
const __ownPath = (own) => __fileURLToPath(__ownUrl(own));
const __ownDir = (own) => __dirnameOf(__ownPath(own));`;

const { outputFiles } = await build({
  entryPoints: ['dist/src/main.js'],
  outfile: OUT,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  // Identifiers are not minified; classes keep their names through writeClassNames.
  minifyWhitespace: true,
  minifySyntax: true,
  keepNames: true,
  write: false,
  // One non-ASCII character would make V8 hold the whole source as UTF-16, twice its size.
  charset: 'ascii',
  legalComments: 'linked',
  logLevel: 'warning',
  // @nestjs/mapped-types require()s these at run time (createRequire), so a bundled copy would be
  // a second one, whose class-transformer metadata (PartialType's @Type) the pipe would not see.
  external: ['class-transformer', 'class-validator'],
  plugins: [missingStayExternal, queryCompilerFile, lazyNestFormatters, ownLocation],
  banner: { js: banner },
});
for (const { path, text } of outputFiles) await writeFile(path, path.endsWith('.js') ? writeClassNames(text).code : text);
