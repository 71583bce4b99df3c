import { defineConfig } from 'prisma/config';

// The CLI is only used for `generate` (and, where its engine can be downloaded,
// `migrate deploy`); the service applies prisma/migrations itself at boot.
export default defineConfig({
  schema: 'prisma/schema.prisma',
  migrations: { path: 'prisma/migrations' },
  datasource: { url: process.env.DATABASE_URL ?? 'postgresql://localhost:5432/postgres' },
});
