-- A PostgreSQL role that can only read the lead tables: `npm run studio` connects as it, so Prisma Studio reads
-- and does not write (`npm run studio -- --admin` is the maintainers' full access). No password is set here: on a
-- server with password authentication an administrator gives it one (ALTER ROLE segmentia_sales_reader PASSWORD …)
-- and Studio gets STUDIO_DATABASE_URL. A migrating user that may not create roles (a managed PostgreSQL's
-- application user) skips it with a notice, and docs/sales.md says how an administrator creates it.
--
-- The role belongs to the server, not to the database: created once, granted in every database migrated.
-- Prisma's pg adapter runs a migration statement by statement, split at every semicolon, so the block's own
-- semicolons are written \073 in an escaped string.
DO E'
BEGIN
  IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = ''segmentia_sales_reader'') THEN
    IF NOT (SELECT rolsuper OR rolcreaterole FROM pg_roles WHERE rolname = current_user) THEN
      RAISE NOTICE ''Role segmentia_sales_reader not created: % may not create roles (docs/sales.md)'', current_user\073
      RETURN\073
    END IF\073
    CREATE ROLE segmentia_sales_reader LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE NOINHERIT\073
  END IF\073
  EXECUTE format(''GRANT USAGE ON SCHEMA %I TO segmentia_sales_reader'', current_schema())\073
  GRANT SELECT ON contact_request, lead_notification TO segmentia_sales_reader\073
END
';
