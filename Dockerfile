# syntax=docker/dockerfile:1
#
# One Dockerfile for every LinksMate process. Targets:
#   runtime (default)  the gateway and the six services as compiled JavaScript (dist/<process>/main.js,
#                      tools/build/bundle.mjs) on the production dependencies alone, with Debian's
#                      ffmpeg; no tsx, TypeScript, test tools, embedded PostgreSQL or simulators.
#                      The default command runs the gateway; compose and Kubernetes run
#                      ["node", "dist/<process>/main.js"] for each service.
#   devtools           the development-only Stripe simulator (compose and the dev overlay), from the
#                      full build stage with tsx.
#
#   docker build -t linksmate/app:dev .
#   docker build --target devtools -t linksmate/devtools:dev .

ARG NODE_VERSION=24.21.0
# package.json carries an npm 11 `allowScripts` field and pins npm (packageManager); the image gets that one.
ARG NPM_VERSION=11.19.1

# ---------------------------------------------------------------------------------------------
FROM node:${NODE_VERSION}-bookworm-slim AS base
ARG NPM_VERSION
RUN npm install -g "npm@${NPM_VERSION}" \
 && npm cache clean --force
WORKDIR /app

# ---------------------------------------------------------------------------------------------
# Dependencies: only the manifests, so this layer is reused until a package.json or the lock
# changes. Every workspace named in the root package.json must be listed here.
FROM base AS deps
COPY package.json package-lock.json ./
COPY proto/package.json proto/
COPY platform/package.json platform/
COPY gateway/package.json gateway/
COPY services/identity/package.json services/identity/
COPY services/membership-payments/package.json services/membership-payments/
COPY services/events-bookings/package.json services/events-bookings/
COPY services/venues-coaches/package.json services/venues-coaches/
COPY services/messaging/package.json services/messaging/
COPY services/admin/package.json services/admin/
COPY web/package.json web/
COPY e2e/package.json e2e/
COPY tools/package.json tools/
# `npm install` rather than `npm ci`: the lockfile lacks the optional Biome binaries of platforms
# our registry mirror does not carry, which `npm ci` counts as out of sync. With a lockfile
# present, install keeps to it.
RUN --mount=type=cache,target=/root/.npm \
    npm install --no-audit --no-fund

# ---------------------------------------------------------------------------------------------
# Sources, the web build (Vite writes web/dist, which the gateway serves; no source maps, which
# browsers would be served) and the processes compiled to JavaScript.
FROM deps AS build
# The venue map's tile source, built into the app (README, "The venue map's tiles"); unset,
# OpenStreetMap's public server.
ARG VITE_MAP_TILE_URL=""
ARG VITE_MAP_TILE_ATTRIBUTION=""
ARG VITE_MAP_TILE_MAX_ZOOM=""
COPY . .
RUN WEB_SOURCEMAP=off npm run build -w web \
 && node tools/build/bundle.mjs dist \
 && node tools/build/runtime-manifest.mjs dist/package.json

# ---------------------------------------------------------------------------------------------
# Production dependencies only: the third-party packages the bundles import (dist/package.json),
# at the versions package-lock.json holds. No install scripts: sharp and argon2 come prebuilt.
FROM base AS runtime-deps
COPY --from=build /app/dist/package.json ./package.json
COPY package-lock.json ./
RUN --mount=type=cache,target=/root/.npm \
    npm install --omit=dev --ignore-scripts --no-audit --no-fund \
 && rm package-lock.json

# ---------------------------------------------------------------------------------------------
FROM node:${NODE_VERSION}-bookworm-slim AS runtime
ARG VERSION=dev
ARG REVISION=unknown
LABEL org.opencontainers.image.title="LinksMate" \
      org.opencontainers.image.description="LinksMate, the golf community platform for Australia: the gateway and its six services" \
      org.opencontainers.image.vendor="LinksMate" \
      org.opencontainers.image.source="https://github.com/linksmate/linksmate" \
      org.opencontainers.image.version="${VERSION}" \
      org.opencontainers.image.revision="${REVISION}" \
      org.opencontainers.image.base.name="docker.io/library/node:${NODE_VERSION}-bookworm-slim"
# Debian's maintained ffmpeg decodes uploaded video (platform/src/media/ffmpeg.ts).
RUN apt-get update \
 && apt-get install -y --no-install-recommends ffmpeg \
 && rm -rf /var/lib/apt/lists/*
ENV NODE_ENV=production \
    NODE_OPTIONS=--enable-source-maps \
    HOST=0.0.0.0 \
    PORT=8080 \
    WEB_DIST=/app/web/dist \
    FFMPEG_PATH=/usr/bin/ffmpeg
WORKDIR /app
# Owned by root and only readable by the app user: the processes never write to /app, so the code
# cannot be altered at runtime and the root filesystem can be mounted read-only in Kubernetes.
COPY --from=runtime-deps /app/node_modules ./node_modules
COPY --from=runtime-deps /app/package.json ./package.json
COPY --from=build /app/dist ./dist
COPY --from=build /app/web/dist ./web/dist
USER node
EXPOSE 8080 3001 3002 3003 3004 3005 3006
# /health answers while the process runs: on its PORT, or the gateway's MANAGEMENT_PORT when set.
HEALTHCHECK --interval=15s --timeout=3s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.MANAGEMENT_PORT||process.env.PORT)+'/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# No shell and no npm wrapper: node is the only process, so SIGTERM reaches the app directly
# and its graceful shutdown (drain, flush outbox, close pools) runs.
CMD ["node", "dist/gateway/main.js"]

# ---------------------------------------------------------------------------------------------
# Development only: the Stripe simulator, from the full build stage (tools run with tsx).
FROM build AS devtools
ENV NODE_ENV=development
USER node
CMD ["node", "--import", "tsx", "tools/src/stripe-simulator/main.ts"]
