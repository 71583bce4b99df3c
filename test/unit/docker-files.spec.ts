import 'reflect-metadata';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { parse } from 'yaml';
import { ENV_VARIABLES } from '../../src/config/app-config.js';
import { PROJECT_ROOT } from '../support/server-process.js';

interface Service {
  image?: string;
  build?: unknown;
  // YAML scalars: PORT: 3000 is a number, PORT: "3000" a string.
  environment?: Record<string, string | number | boolean> | string[];
  depends_on?: Record<string, { condition?: string }> | string[];
  healthcheck?: { test?: string[] | string };
  ports?: string[];
}

const read = (file: string) => readFileSync(join(PROJECT_ROOT, file), 'utf8');
const compose = parse(read('docker-compose.yml')) as { services: Record<string, Service> };
const { app, postgres } = compose.services;

/** Compose accepts `environment` as a map or as `NAME=value` lines. */
function environment(service: Service): Record<string, string> {
  const env = service.environment ?? {};
  if (!Array.isArray(env)) return Object.fromEntries(Object.entries(env).map(([k, v]) => [k, String(v)]));
  return Object.fromEntries(env.map((line) => [line.split('=')[0], line.slice(line.indexOf('=') + 1)]));
}

const healthcheck = (service: Service) => [service.healthcheck?.test ?? []].flat().join(' ');

describe('docker-compose.yml', () => {
  it('has exactly the services postgres and app', () => {
    assert.deepEqual(Object.keys(compose.services).sort(), ['app', 'postgres']);
    assert.match(postgres.image ?? '', /^postgres:1[56]\b/);
    assert.ok(app.build, 'app is built from the Dockerfile');
  });

  it('gives the app only variables the configuration validates', () => {
    const names = Object.keys(environment(app));
    assert.ok(names.length > 0);
    assert.deepEqual(
      names.filter((name) => !ENV_VARIABLES.includes(name)),
      [],
    );
  });

  it('points DATABASE_URL at the postgres service with its credentials', () => {
    const url = new URL(environment(app).DATABASE_URL);
    const pg = environment(postgres);
    assert.equal(url.protocol, 'postgresql:');
    assert.equal(url.hostname, 'postgres');
    assert.equal(url.port, '5432');
    assert.equal(url.username, pg.POSTGRES_USER);
    assert.equal(url.password, pg.POSTGRES_PASSWORD);
    assert.equal(url.pathname, `/${pg.POSTGRES_DB}`);
  });

  it('starts the app only once postgres is healthy, and both have healthchecks', () => {
    assert.deepEqual(app.depends_on, { postgres: { condition: 'service_healthy' } });
    assert.match(healthcheck(postgres), /pg_isready/);
    assert.match(healthcheck(app), new RegExp(`127\\.0\\.0\\.1:${environment(app).PORT}/readyz`));
  });

  it('publishes the port the app listens on', () => {
    assert.deepEqual(app.ports, [`${environment(app).PORT}:${environment(app).PORT}`]);
  });
});

describe('Dockerfile', () => {
  const dockerfile = read('Dockerfile');
  const instructions = dockerfile
    .replace(/\\\n/g, ' ')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'));
  const stages = instructions.reduce<string[][]>(
    (all, line) => (line.startsWith('FROM ') ? [...all, [line]] : (all.at(-1)?.push(line), all)),
    [],
  );
  const runtime = stages.at(-1) ?? [];
  const start = (JSON.parse(read('package.json')) as { scripts: Record<string, string> }).scripts.start;
  // The one place the server's Node flags (its memory settings) are written.
  const launcher = read('bin/server');

  it('is multi-stage, on a Node 24 image (20, the other Node CI tests, is past its end of life)', () => {
    assert.ok(stages.length >= 2);
    for (const stage of stages) assert.match(stage[0], /^FROM node:24[\w.-]*(\s|$)/);
  });

  it('runs as a non-root user', () => {
    const user = runtime.filter((line) => line.startsWith('USER ')).at(-1);
    assert.ok(user, 'the runtime stage sets USER');
    assert.doesNotMatch(user, /^USER\s+(root|0)(:|\s|$)/);
  });

  it('exposes the PORT it sets, matching docker-compose', () => {
    const port = /\bPORT=(\d+)/.exec(runtime.find((line) => line.startsWith('ENV ')) ?? '')?.[1];
    assert.equal(port, environment(app).PORT);
    assert.ok(runtime.includes(`EXPOSE ${port}`));
  });

  it('checks /readyz and ships the migrations', () => {
    assert.match(runtime.find((line) => line.startsWith('HEALTHCHECK ')) ?? '', /\/readyz/);
    assert.ok(runtime.some((line) => line.startsWith('COPY --from=build /app/prisma/migrations ')));
  });

  it('starts bin/server, as npm start does, and sets memory nowhere else', () => {
    assert.equal(start, 'exec bin/server');
    assert.ok(runtime.includes('COPY bin ./bin'));
    assert.equal(runtime.filter((line) => line.startsWith('CMD ')).at(-1), 'CMD ["bin/server"]');
    const exec = launcher.split('\n').filter((line) => line.startsWith('exec '));
    assert.equal(exec.length, 1);
    assert.match(exec[0], /^exec node (--[\w-]+=\d+ )*"\$\(dirname "\$0"\)\/\.\.\/dist\/src\/main\.js"$/);
    assert.match(exec[0], /--max-old-space-size=\d+ /);
    assert.match(launcher, /^GLIBC_TUNABLES=.*glibc\.malloc\.mmap_threshold=\d+/m);
    const env = runtime.filter((line) => line.startsWith('ENV ')).join(' ');
    for (const elsewhere of [env, start, environment(app)]) {
      assert.doesNotMatch(JSON.stringify(elsewhere), /\b(MALLOC_\w+|NODE_OPTIONS|GLIBC_TUNABLES)\b|--max-[\w-]+-size/);
    }
  });

  // `npm run build` also bundles console/ into dist/console, which the runtime stage gets with dist.
  it('copies the console sources into the build stage before npm run build', () => {
    const build = stages[0];
    const copied = build.findIndex((line) => /^COPY console \.\/console$/.test(line));
    assert.ok(copied > 0, 'COPY console ./console');
    assert.ok(copied < build.findIndex((line) => line.includes('npm run build')));
    assert.ok(runtime.includes('COPY --from=build /app/dist ./dist'));
  });

  it('copies only files that exist, and .dockerignore keeps local builds and data out', () => {
    const sources = instructions
      .filter((line) => line.startsWith('COPY ') && !line.includes('--from='))
      .flatMap((line) => line.split(/\s+/).slice(1, -1));
    assert.ok(sources.length > 0);
    for (const source of sources) assert.ok(existsSync(join(PROJECT_ROOT, source)), `${source} exists`);
    const ignored = read('.dockerignore').split('\n');
    for (const entry of ['node_modules', 'dist', '.data', 'src/generated']) assert.ok(ignored.includes(entry), entry);
  });
});
