-- Run once, when segmentia-postgres makes the cluster, as the user postgres. The passwords come from the container's
-- environment (read by psql, never on a command line). The owner runs the migrations and the backup store's WAL
-- receiver; the API's role reads and writes rows (the migrations grant them: api/prisma/migrations/*_api_role); the
-- monitor role is what the PostgreSQL exporter logs in as: pg_monitor's statistics, never a table of leads.
\set ON_ERROR_STOP on
\getenv owner_password POSTGRES_PASSWORD
\getenv monitor_password POSTGRES_MONITOR_PASSWORD
CREATE ROLE segmentia LOGIN SUPERUSER PASSWORD :'owner_password';
CREATE DATABASE segmentia OWNER segmentia;
CREATE ROLE segmentia_monitor LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE INHERIT NOREPLICATION PASSWORD :'monitor_password';
GRANT pg_monitor TO segmentia_monitor;
\connect segmentia
\ir api-role.sql
