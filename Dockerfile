# syntax=docker/dockerfile:1

# Build stage: all dependencies, the generated Prisma client and the compiled server.
FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY prisma.config.ts tsconfig.json tsconfig.build.json ./
COPY prisma ./prisma
COPY scripts ./scripts
COPY src ./src
# The console's sources; `npm run build` bundles them into dist/console, which the runtime stage copies with dist.
COPY console ./console
# scripts/prisma-generate.mjs sets PRISMA_SCHEMA_ENGINE_BINARY, so generation downloads no engine.
RUN npm run build && npm prune --omit=dev

# Runtime stage: production dependencies, compiled code and the migrations, as a non-root user.
FROM node:24-bookworm-slim
ENV NODE_ENV=production PORT=3000 DATA_DIR=/data
WORKDIR /app
COPY --from=build /app/package.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY --from=build /app/prisma/migrations ./prisma/migrations
COPY bin ./bin
# Only used when DATABASE_URL is unset (embedded PostgreSQL); must be writable by the service user.
RUN mkdir -p /data && chown node:node /data
USER node
EXPOSE 3000
HEALTHCHECK --interval=10s --timeout=3s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + process.env.PORT + '/readyz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# The server applies pending migrations at boot, under Prisma's advisory lock, before it
# listens, and exits 1 if they fail: "migrate, then serve" in one process. bin/server, as for
# `npm start`, holds the memory settings and execs node, which is then PID 1 and gets SIGTERM directly.
CMD ["bin/server"]
