# syntax=docker/dockerfile:1
#
# One image for every LinksMate process (gateway + six services). TypeScript runs directly with
# tsx, so there is no compile step and node_modules ships whole (tsx and its esbuild live in the
# root devDependencies). The default command runs the gateway; compose and Kubernetes override
# it per process, e.g. ["node", "--import", "tsx", "services/identity/src/main.ts"].
#
#   docker build -t linksmate/app:dev .

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
# Sources and the web build (Vite writes web/dist, which the gateway serves).
FROM deps AS build
COPY . .
RUN npm run build -w web

# ---------------------------------------------------------------------------------------------
FROM node:${NODE_VERSION}-bookworm-slim AS runtime
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=8080 \
    WEB_DIST=/app/web/dist
WORKDIR /app
# Owned by root and only readable by the app user: the processes never write to /app (tsx keeps
# its transform cache under /tmp), so the code cannot be altered at runtime and the root
# filesystem can be mounted read-only in Kubernetes.
COPY --from=build /app /app
USER node
EXPOSE 8080 3001 3002 3003 3004 3005 3006
# No shell and no npm wrapper: node is the only process, so SIGTERM reaches the app directly
# and its graceful shutdown (drain, flush outbox, close pools) runs.
CMD ["node", "--import", "tsx", "gateway/src/main.ts"]
