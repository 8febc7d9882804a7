# One image for the Node services (gateway, worker, migrations): the monorepo with its
# workspaces, run with tsx like in development. SERVICE picks the entry point.
FROM node:20-bookworm-slim
WORKDIR /app
COPY package.json package-lock.json ./
COPY packages ./packages
COPY services ./services
COPY frontends ./frontends
COPY e2e/package.json ./e2e/package.json
RUN npm ci --no-audit --no-fund --omit=dev --workspaces --include-workspace-root \
 && npm install --no-save tsx
ENV NODE_ENV=production
CMD ["sh", "-c", "exec npx tsx $SERVICE"]
