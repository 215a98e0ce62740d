# The images production deploys, from one build:
#   api      the API's runtime only: compiled code, production dependencies, the generated Prisma client
#   migrate  the same runtime with the migrations and the seed: applies both, then exits
# Bases are build arguments whose defaults are the public images; `node tools/dist/src/images/local-bases.js`
# makes local stand-ins under the same names where no registry answers. Every image runs as uid 1000.
ARG NODE_IMAGE=node:22-bookworm-slim

FROM ${NODE_IMAGE} AS build
WORKDIR /app
COPY package.json package-lock.json tsconfig.json ./
COPY packages/contracts/package.json packages/contracts/
COPY packages/testing/package.json packages/testing/
COPY packages/graphql-ide/package.json packages/graphql-ide/
COPY api/package.json api/
COPY tools/package.json tools/
COPY site/package.json site/
COPY tests/package.json tests/
# No install scripts: the root's postinstall builds from the sources, copied next, and runs below.
RUN npm ci --ignore-scripts --no-audit --no-fund
COPY . .
RUN npm run build:packages && npm run generate -w api && npm run build -w api \
  && find api/dist packages/*/dist -name '*.d.ts' -delete

# The API's production dependencies alone (no Gatsby, no tooling, no PostgreSQL binaries; the optional peers,
# the Prisma CLI and TypeScript, left out).
FROM ${NODE_IMAGE} AS api-dependencies
WORKDIR /app
COPY package.json package-lock.json ./
COPY packages/contracts/package.json packages/contracts/
COPY packages/testing/package.json packages/testing/
COPY packages/graphql-ide/package.json packages/graphql-ide/
COPY api/package.json api/
COPY tools/package.json tools/
COPY site/package.json site/
COPY tests/package.json tests/
RUN npm ci --omit=dev --omit=optional --omit=peer --workspace api --ignore-scripts --no-audit --no-fund \
  && npm cache clean --force

FROM ${NODE_IMAGE} AS api
ARG VERSION=dev
ARG REVISION=unknown
ARG SOURCE=https://github.com/segmentia/segmentia
LABEL org.opencontainers.image.title="Segmentia API" \
  org.opencontainers.image.source="${SOURCE}" \
  org.opencontainers.image.revision="${REVISION}" \
  org.opencontainers.image.version="${VERSION}"
WORKDIR /app
ENV NODE_ENV=production
COPY --from=api-dependencies /app/package.json ./
COPY --from=api-dependencies /app/node_modules node_modules
COPY --from=build /app/packages/contracts/package.json packages/contracts/
COPY --from=build /app/packages/contracts/dist packages/contracts/dist
COPY --from=build /app/packages/graphql-ide/package.json packages/graphql-ide/
COPY --from=build /app/packages/graphql-ide/dist packages/graphql-ide/dist
COPY --from=build /app/api/package.json /app/api/schema.graphql api/
COPY --from=build /app/api/dist/src api/dist/src
USER 1000
EXPOSE 4000 9464
HEALTHCHECK --interval=10s --timeout=4s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:4000/ready').then(r => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "api/dist/src/main.js"]

FROM api AS migrate
LABEL org.opencontainers.image.title="Segmentia migrations and seed"
COPY --from=build /app/api/prisma/schema.prisma api/prisma/
COPY --from=build /app/api/prisma/migrations api/prisma/migrations
COPY --from=build /app/api/dist/prisma api/dist/prisma
COPY --from=build /app/api/dist/scripts api/dist/scripts
HEALTHCHECK NONE
CMD ["sh", "-c", "node api/dist/scripts/migrate.js deploy && node api/dist/scripts/seed.js"]
