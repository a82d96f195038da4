# Tonewise as a Node server (docs/deploy-node.md). Not built on the machine this was written on
# (no Docker engine there): treat it as a starting point and build it once before relying on it.
#
#   docker build -t tonewise .
#   docker run --env-file .env.production -p 3000:3000 tonewise

# ---- build: all dependencies, then the production build in build/ ----
FROM node:24-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci
COPY . .
# The extension packages /extension/download serves, built to talk to this deployment:
#   docker build --build-arg EXTENSION_APP_URL=https://your-domain -t tonewise .
ARG EXTENSION_APP_URL=http://localhost:5173
RUN EXTENSION_APP_URL="$EXTENSION_APP_URL" npm run build:extension && npm run build

# ---- runtime: production dependencies, the build and the server only ----
FROM node:24-slim AS runtime
# MALLOC_ARENA_MAX: two glibc malloc arenas keep the resident memory flat under load, where the
# default (8 per core) keeps growing with compression buffers (npm run load; docs/deploy-node.md).
ENV NODE_ENV=production \
    PORT=3000 \
    HOST=0.0.0.0 \
    MALLOC_ARENA_MAX=2
WORKDIR /app
COPY package.json package-lock.json ./
# --omit=dev also skips the `node` devDependency that pins Node for npm scripts: the image's
# Node 24 runs the server.
RUN npm ci --omit=dev && npm cache clean --force
COPY --from=build /app/build ./build
# server.ts validates the environment with the app's own schema before it starts.
# What `node server.ts` loads from source (tests/unit/dockerfile.test.ts keeps this list whole).
COPY server.ts server-defaults.ts express-app.ts stored-page-gzip.ts ./
COPY app/lib/env.server.ts app/lib/zod-config.ts app/lib/client-address.server.ts ./app/lib/
USER node
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s --start-period=10s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
# node is PID 1 and server.ts handles SIGTERM itself (drains requests, then exits).
CMD ["node", "server.ts"]
