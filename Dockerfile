# syntax=docker/dockerfile:1
# Lead Engine: one image for the API (ENGINE_ROLE=api), the workers (ENGINE_ROLE=worker) and the operator CLI.
#   docker build -t lead-engine .
# compose.yaml runs it with PostgreSQL and Redis.

# ---- build: every dependency, then every workspace's dist/ (engine, contracts, core, console) ----
FROM node:26-slim AS build
WORKDIR /src
COPY package.json package-lock.json nx.json tsconfig.base.json ./
COPY apps/engine/package.json apps/engine/
COPY apps/console/package.json apps/console/
COPY libs/contracts/package.json libs/contracts/
COPY libs/core/package.json libs/core/
COPY libs/n8n-nodes/package.json libs/n8n-nodes/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

# ---- runtime: production dependencies of the engine's workspaces and the built files only ----
FROM node:26-slim AS runtime
ENV HOST=0.0.0.0 \
    PORT=3000 \
    LOG_FORMAT=json \
    LEAD_SNAPSHOT_DIR=/var/lib/lead-engine/snapshots \
    WEBHOOK_SECRETS_KEY_FILE=/var/lib/lead-engine/webhook-secrets.key
WORKDIR /app
# The lockfile names every workspace, so each one's package.json must be there for `npm ci`; only the
# engine and the two libraries it loads are installed (the console is served from its built files).
COPY package.json package-lock.json ./
COPY apps/engine/package.json apps/engine/
COPY apps/console/package.json apps/console/
COPY libs/contracts/package.json libs/contracts/
COPY libs/core/package.json libs/core/
COPY libs/n8n-nodes/package.json libs/n8n-nodes/
RUN npm ci --omit=dev --no-audit --no-fund \
      --workspace @lead-engine/engine --workspace @lead-engine/contracts --workspace @lead-engine/core \
    && npm cache clean --force
COPY scripts/start-engine.mjs scripts/
COPY --from=build /src/libs/contracts/dist libs/contracts/dist
COPY --from=build /src/libs/core/dist libs/core/dist
COPY --from=build /src/apps/engine/dist apps/engine/dist
COPY --from=build /src/apps/console/dist apps/console/dist
RUN mkdir -p /var/lib/lead-engine/snapshots && chown -R node:node /var/lib/lead-engine
USER node
EXPOSE 3000
VOLUME ["/var/lib/lead-engine"]
# /ready answers 200 once the lead table is loaded (a worker serves no HTTP: compose turns this off for it).
HEALTHCHECK --interval=15s --timeout=5s --start-period=120s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/ready').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
CMD ["node", "apps/engine/dist/main.js"]
