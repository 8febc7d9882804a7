# Builds one front end (APP = shell | preferences | partner | admin) and serves dist/ with nginx.
# Nothing environment-specific is baked in: the entrypoint renders config.json and App Bridge at start.
FROM node:20-bookworm-slim AS build
ARG APP
WORKDIR /app
COPY package.json package-lock.json tsconfig.base.json turbo.json ./
COPY packages ./packages
COPY frontends ./frontends
COPY services ./services
COPY e2e/package.json ./e2e/package.json
RUN npm ci --no-audit --no-fund && npm run build -w @belegfluss/${APP}

FROM nginx:1.27-alpine
ARG APP
ENV APP=${APP}
COPY --from=build /app/frontends/${APP}/dist /usr/share/nginx/html
COPY deploy/nginx.conf.template /etc/nginx/templates/default.conf.template
COPY --chmod=0755 deploy/frontend-entrypoint.sh /docker-entrypoint.d/40-belegfluss-config.sh
HEALTHCHECK --interval=10s --timeout=3s --retries=5 CMD ["wget", "-qO-", "http://127.0.0.1/healthz"]
