# Multi-stage image: build with dev dependencies, run with production ones only, as non-root.
# The public address (docker build --build-arg SITE_URL=https://…): baked into the prerendered
# pages and, at run time, where e-mailed links point (unset, they would name the container).
ARG SITE_URL=https://kybernetes.com.au

FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
RUN npm ci
COPY . .
# Absolute canonical/sharing URLs are baked into the prerendered pages.
ARG SITE_URL
RUN SITE_URL=$SITE_URL npm run build

FROM node:20-bookworm-slim AS runtime
ARG SITE_URL
ENV NODE_ENV=production \
    PORT=3000 \
    HOST=0.0.0.0 \
    DATA_DIR=/data \
    SITE_URL=$SITE_URL
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
RUN npm ci --omit=dev && npm cache clean --force
COPY --from=build /app/build ./build
COPY core ./core
COPY server ./server
COPY content ./content
# npm run backup and npm run restore, beside the server (docs/deploying.md, Backups).
COPY scripts/backup.ts scripts/restore.ts scripts/command-line.ts ./scripts/
RUN mkdir -p /data /backups && chown node:node /data /backups
USER node
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=3s \
  CMD node -e "fetch('http://127.0.0.1:'+process.env.PORT+'/api/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
CMD ["node", "--import", "tsx", "server/main.ts"]
