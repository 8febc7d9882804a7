# One image for the Node services (gateway, worker, migrations): the monorepo with its
# workspaces, run with tsx like in development. SERVICE picks the entry point.
FROM node:20-bookworm-slim
WORKDIR /app
COPY package.json package-lock.json tsconfig.base.json shopify.app.toml ./
COPY packages ./packages
COPY services ./services
COPY frontends ./frontends
COPY e2e/package.json ./e2e/package.json
# tsx is a root dev dependency, so the full install; no frontend is built here. The workflow code is bundled once
# here, so a worker starts without running webpack (see bundleWorkflows).
RUN npm ci --no-audit --no-fund \
  && node --import tsx services/workflows/src/bundle.ts /app/workflow-bundle.js
ENV WORKFLOW_BUNDLE=/app/workflow-bundle.js
ENV NODE_ENV=production
# The image's own unprivileged user (node, 1000): the services write nothing but temporary files (tsx's cache in /tmp).
USER 1000:1000
# exec: node is PID 1's child no more, so SIGTERM reaches it and the service shuts down gracefully.
CMD ["sh", "-c", "exec node --import tsx \"$SERVICE\""]
