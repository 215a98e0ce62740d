# One image for every Node part of Segmentia; compose picks the target.
FROM node:20.20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json tsconfig.json ./
COPY api/package.json api/prisma.config.ts api/
COPY api/prisma/schema.prisma api/prisma/
COPY site/package.json site/
COPY tests/package.json tests/
RUN npm ci
COPY . .
RUN npm run build -w api

FROM build AS api-runtime
RUN npm prune --omit=dev && chown -R node:node /app
ENV NODE_ENV=production
USER node
EXPOSE 4000
HEALTHCHECK --interval=10s --timeout=4s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:4000/ready').then(r => process.exit(r.ok ? 0 : 1), () => process.exit(1))"
CMD ["node", "api/dist/src/main.js"]
