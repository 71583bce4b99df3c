import { readdir, readFile } from 'node:fs/promises';
import { extname, join, resolve } from 'node:path';

/** Where `npm run build` puts the console (scripts/build-console.mjs): dist/console, beside dist/src. */
const CONSOLE_DIR = resolve(import.meta.dirname, '../../console');

const TYPES: Record<string, string> = {
  '.js': 'application/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
};

interface Asset {
  body: Buffer;
  type: string;
}

/**
 * The built console's files, read once and served from memory. Only names Vite wrote into
 * dist/console/assets are served, so no request path reaches the file system.
 */
export class ConsoleAssets {
  private page?: Promise<Buffer | undefined>;
  private assets?: Promise<Map<string, Asset>>;

  index(): Promise<Buffer | undefined> {
    this.page ??= readFile(join(CONSOLE_DIR, 'index.html')).catch(() => undefined);
    return this.page;
  }

  async asset(name: string): Promise<Asset | undefined> {
    this.assets ??= this.readAssets();
    return (await this.assets).get(name);
  }

  private async readAssets(): Promise<Map<string, Asset>> {
    const dir = join(CONSOLE_DIR, 'assets');
    const names = await readdir(dir).catch(() => []);
    const entries = await Promise.all(
      names
        .filter((name) => TYPES[extname(name)])
        .map(async (name): Promise<[string, Asset]> => [name, { body: await readFile(join(dir, name)), type: TYPES[extname(name)] }]),
    );
    return new Map(entries);
  }
}
