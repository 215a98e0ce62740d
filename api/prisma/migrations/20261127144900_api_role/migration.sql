-- The PostgreSQL role the API connects as (docs/operations.md, "Database roles"): it reads and writes the rows of
-- its tables and nothing more. No DDL (migrations run as the database's owner), no superuser, so an injection in
-- the API can neither change the schema nor run programs on the database host (COPY ... TO PROGRAM), and the erasure
-- ledger (lead_erasure) is insert and read only, so it cannot rewrite the record of what was erased.
--
-- Created here without a password when the migrating user may create roles. docker-compose.yml's init script, npm
-- run prod and CloudNativePG's managed role (deploy/k8s/base/database.yaml) create it first, each with a password
-- of its own. A migrating user that may not create roles, where the role does not exist yet, stops here, naming
-- what to do: the API could not connect otherwise (a managed PostgreSQL: an administrator creates it first).
--
-- The tables a later migration creates are granted by the default privileges below (of the migrating owner), so
-- no migration has to grant anything, only a table with tighter rights than read-and-write revokes its own.
-- Prisma's pg adapter runs a migration statement by statement, split at every semicolon, so the block's own
-- semicolons are written \073 in an escaped string.
DO E'
BEGIN
  IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = ''segmentia_api'') THEN
    IF NOT (SELECT rolsuper OR rolcreaterole FROM pg_roles WHERE rolname = current_user) THEN
      RAISE EXCEPTION ''The role segmentia_api does not exist and % may not create it: create it first (docs/operations.md, "Database roles")'', current_user\073
    END IF\073
    CREATE ROLE segmentia_api LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE NOINHERIT NOREPLICATION NOBYPASSRLS\073
  END IF\073
  EXECUTE format(''GRANT USAGE ON SCHEMA %I TO segmentia_api'', current_schema())\073
  EXECUTE format(''GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA %I TO segmentia_api'', current_schema())\073
  EXECUTE format(''GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA %I TO segmentia_api'', current_schema())\073
  EXECUTE format(''ALTER DEFAULT PRIVILEGES IN SCHEMA %I GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO segmentia_api'', current_schema())\073
  EXECUTE format(''ALTER DEFAULT PRIVILEGES IN SCHEMA %I GRANT USAGE, SELECT ON SEQUENCES TO segmentia_api'', current_schema())\073
  REVOKE ALL ON _prisma_migrations FROM segmentia_api\073
  REVOKE UPDATE, DELETE, TRUNCATE ON lead_erasure FROM segmentia_api\073
END
';
