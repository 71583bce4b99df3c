// `prisma generate` never runs the schema engine, but the CLI tries to download it
// unless PRISMA_SCHEMA_ENGINE_BINARY names an existing file. Pointing it at the node
// binary keeps generation offline-safe; a real engine path set by the user wins.
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const env = { ...process.env, PRISMA_HIDE_UPDATE_MESSAGE: '1', CHECKPOINT_DISABLE: '1' };
env.PRISMA_SCHEMA_ENGINE_BINARY ??= process.execPath;
const cli = require.resolve('prisma/build/index.js');
const result = spawnSync(process.execPath, [cli, 'generate'], { stdio: 'inherit', env });
process.exit(result.status ?? 1);
