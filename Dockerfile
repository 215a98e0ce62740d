# Every Node part of Segmentia; compose picks the target. Node.js 22 LTS
# (Node.js 20 left support in April 2026).
FROM node:22.23-bookworm-slim AS build
WORKDIR /app
RUN chown node:node /app
# Never root: the migrate job and the site build run from this image too.
USER node
COPY --chown=node:node package.json package-lock.json tsconfig.json ./
COPY --chown=node:node api/package.json api/prisma.config.ts api/
COPY --chown=node:node api/prisma/schema.prisma api/prisma/
COPY --chown=node:node packages/contracts/package.json packages/contracts/
COPY --chown=node:node packages/testing/package.json packages/testing/
COPY --chown=node:node tools/package.json tools/
COPY --chown=node:node site/package.json site/
COPY --chown=node:node tests/package.json tests/
RUN npm ci
COPY --chown=node:node . .
# The site build's volumes (site/public, site/headers) start owned by node.
RUN npm run build && mkdir -p site/public site/headers

# The API alone: its production dependencies (no Gatsby, no Firebase web SDK,
# no PostgreSQL binaries, no Prisma CLI; migrations run from the build image)
# and its compiled code, the generated Prisma client included.
FROM node:22.23-bookworm-slim AS api-runtime
WORKDIR /app
ENV NODE_ENV=production
COPY package.json package-lock.json ./
COPY api/package.json api/
COPY packages/contracts/package.json packages/contracts/
COPY packages/testing/package.json packages/testing/
COPY tools/package.json tools/
COPY site/package.json site/
COPY tests/package.json tests/
# Optional peers (the Prisma CLI, TypeScript) are not needed to run.
RUN npm ci --omit=dev --omit=optional --omit=peer --workspace api --ignore-scripts --no-audit --no-fund && npm cache clean --force
COPY --from=build /app/api/dist api/dist
COPY --from=build /app/packages/contracts/dist packages/contracts/dist
USER node
EXPOSE 4000 9464
HEALTHCHECK --interval=10s --timeout=4s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:4000/ready').then(r => process.exit(r.ok ? 0 : 1), () => process.exit(1))"
CMD ["node", "api/dist/src/main.js"]
