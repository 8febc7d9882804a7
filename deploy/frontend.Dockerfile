# Builds one front end (APP = shell | preferences | partner | admin) and serves dist/ with nginx.
FROM node:20-bookworm-slim AS build
ARG APP
WORKDIR /app
COPY package.json package-lock.json ./
COPY packages ./packages
COPY frontends ./frontends
COPY services ./services
COPY e2e/package.json ./e2e/package.json
RUN npm ci --no-audit --no-fund && npm run build -w @belegfluss/${APP}

FROM nginx:1.27-alpine
ARG APP
COPY --from=build /app/frontends/${APP}/dist /usr/share/nginx/html
COPY deploy/nginx.conf.template /etc/nginx/templates/default.conf.template
