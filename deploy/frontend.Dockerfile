# Builds one front end (APP = shell | preferences | partner | admin) and serves dist/ with nginx.
# Nothing environment-specific is baked in: the entrypoint renders config.json and App Bridge at start.
FROM node:20-bookworm-slim AS build
ARG APP
WORKDIR /app
COPY package.json package-lock.json tsconfig.base.json tsconfig.web.json turbo.json ./
COPY packages ./packages
COPY frontends ./frontends
COPY services ./services
COPY e2e/package.json ./e2e/package.json
RUN npm ci --no-audit --no-fund && npm run build -w @belegfluss/${APP}

# Debian's nginx, the one the tests serve the builds with (e2e/src/nginx.ts), because Debian ships its brotli
# module: the build's .br files are about 15 % smaller than the .gz ones, and the official nginx image has no
# brotli. Debian's security updates replace the exact versions, hence unpinned.
FROM debian:bookworm-slim
ARG APP
ENV APP=${APP}
# hadolint ignore=DL3008
RUN apt-get update \
  && apt-get install -y --no-install-recommends nginx-light libnginx-mod-http-brotli-static wget \
  && rm -rf /var/lib/apt/lists/* /etc/nginx/sites-enabled/default \
  && ln -sf /dev/stdout /var/log/nginx/access.log && ln -sf /dev/stderr /var/log/nginx/error.log
COPY --from=build /app/frontends/${APP}/dist /usr/share/nginx/html
COPY deploy/nginx.conf.template /etc/nginx/templates/default.conf.template
COPY --chmod=0755 deploy/frontend-entrypoint.sh /docker-entrypoint.d/40-belegfluss-config.sh
COPY --chmod=0755 deploy/frontend-start.sh /usr/local/bin/frontend-start
EXPOSE 80
STOPSIGNAL SIGQUIT
HEALTHCHECK --interval=10s --timeout=3s --retries=5 CMD ["wget", "-qO-", "http://127.0.0.1/healthz"]
CMD ["frontend-start"]
