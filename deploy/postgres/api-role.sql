-- Run once, when segmentia-postgres makes the cluster (roles.sql includes it), connected to the database segmentia.
-- It makes the role the API connects as, with a password of its own from the container's
-- environment (read by psql, never on a command line). The migrations, run by the owner, grant it the rows of the
-- tables (api/prisma/migrations/*_api_role). A volume made before this script: docs/operations.md, "Database roles".
\getenv api_password POSTGRES_API_PASSWORD
CREATE ROLE segmentia_api LOGIN PASSWORD :'api_password' NOSUPERUSER NOCREATEDB NOCREATEROLE NOINHERIT NOREPLICATION;
