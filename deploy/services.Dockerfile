# The stack's services besides the product's three images (docker-compose.yml), each from Debian's packages on the
# same base (a local stand-in where no registry answers: tools/src/ops/images/local-bases.ts). A file of their own: the
# classic builder builds every stage before the one asked for, and these need none of the product's.
ARG DEBIAN_IMAGE=debian:bookworm-slim

# PostgreSQL 15 and pgBackRest 2.45 from Debian's packages (docs/decisions/backups-by-pgbackrest.md): the database
# server, and with other commands of the same image the backups' schedule and the synchronous WAL receiver of the
# backup store (deploy/postgres/segmentia-postgres). The user postgres has uid 999, as in the public postgres image.
FROM ${DEBIAN_IMAGE} AS postgres
RUN groupadd --system --gid 999 postgres \
  && useradd --system --uid 999 --gid postgres --home-dir /var/lib/postgresql --shell /bin/bash postgres \
  && mkdir -p /etc/postgresql-common/createcluster.d \
  && echo 'create_main_cluster = false' > /etc/postgresql-common/createcluster.d/no-main-cluster.conf \
  && apt-get update && apt-get install -y --no-install-recommends postgresql-15 pgbackrest \
  && rm -rf /var/lib/apt/lists/* \
  && mkdir -p /var/lib/postgresql/data /var/lib/pgbackrest /var/run/postgresql /var/spool/pgbackrest \
  && chown postgres:postgres /var/lib/postgresql /var/lib/postgresql/data /var/lib/pgbackrest /var/run/postgresql \
    /var/spool/pgbackrest \
  && chmod 700 /var/lib/postgresql/data /var/lib/pgbackrest
COPY deploy/postgres/pgbackrest.conf /etc/pgbackrest/pgbackrest.conf
COPY deploy/postgres/segmentia-postgres deploy/postgres/*.sql deploy/postgres/pg_hba.conf /usr/local/lib/segmentia-postgres/
RUN ln -s /usr/local/lib/segmentia-postgres/segmentia-postgres /usr/local/bin/segmentia-postgres
ENV PATH=/usr/lib/postgresql/15/bin:$PATH PGDATA=/var/lib/postgresql/data
USER postgres
EXPOSE 5432
STOPSIGNAL SIGINT
ENTRYPOINT ["segmentia-postgres"]
CMD ["server"]

# Redis from Debian's packages; its settings come on the command line and its password on standard input (compose).
FROM ${DEBIAN_IMAGE} AS redis
RUN groupadd --system --gid 999 redis \
  && useradd --system --uid 999 --gid redis --home-dir /nonexistent --shell /usr/sbin/nologin redis \
  && apt-get update && apt-get install -y --no-install-recommends redis-server \
  && rm -rf /var/lib/apt/lists/*
USER redis
EXPOSE 6379
CMD ["redis-server", "--save", "", "--appendonly", "no"]

# Prometheus and the exporters of nginx, PostgreSQL and Redis, from Debian's packages: one image, one command per
# service (docker-compose.yml); Prometheus evaluates deploy/monitoring/rules, the files Kubernetes' PrometheusRule is
# made from.
FROM ${DEBIAN_IMAGE} AS monitoring
RUN apt-get update && apt-get install -y --no-install-recommends prometheus prometheus-nginx-exporter \
    prometheus-postgres-exporter prometheus-redis-exporter \
  && rm -rf /var/lib/apt/lists/* \
  && mkdir -p /var/lib/prometheus/metrics2 && chown prometheus:prometheus /var/lib/prometheus/metrics2
USER prometheus
