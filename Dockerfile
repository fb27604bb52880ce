# The site as a container: `docker build -t agency-site .` then `docker run -p 3000:3000 -v agency-data:/data agency-site`
# (or, in production, `docker compose up -d` with compose.yaml). The steps are the npm commands the test suite runs,
# on Node.js 24 (LTS); package.json's engines names the versions the tests run on.

# ---- build: all dependencies, then `npm run build` ----
FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
# The public settings prerendered pages carry (compose.yaml passes them): a build made with others still serves,
# rendering each such page once instead of serving the prerendered file.
ARG SITE_URL="" GA_MEASUREMENT_ID="" WHATSAPP_NUMBER=""
RUN npm run build

# ---- runtime: production dependencies and the build only, as an unprivileged user ----
FROM node:24-bookworm-slim AS runtime
ENV NODE_ENV=production \
    PORT=3000 \
    DATA_DIR=/data
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force
COPY --from=build /app/build ./build
COPY --from=build /app/db/migrations ./db/migrations
RUN mkdir -p /data /backups && chown node:node /data /backups && chmod 700 /data /backups
USER node
# The embedded database, uploaded documents and mail written without SMTP live here.
VOLUME ["/data"]
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/api/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
CMD ["node", "--max-semi-space-size=4", "--liftoff-only", "build/server.js"]
