-- The privacy centre's "your request's data": a row per request for a link (its challenge, so one serves one request);
-- the address and the SHA-256 of the link's token only when a link was sent. Erased by retention 24 hours on. The API's
-- role gets its rights on the new table from the default privileges of 20261127144900_api_role.
-- CreateTable
CREATE TABLE "data_access_link" (
    "id" UUID NOT NULL,
    "requested_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "altcha_id" TEXT NOT NULL,
    "locale" "Locale" NOT NULL,
    "email" TEXT,
    "token_hash" CHAR(64),
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "used_at" TIMESTAMPTZ(3),

    CONSTRAINT "data_access_link_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "data_access_link_altcha_id_key" ON "data_access_link"("altcha_id");

-- CreateIndex
CREATE UNIQUE INDEX "data_access_link_token_hash_key" ON "data_access_link"("token_hash");

-- CreateIndex
CREATE INDEX "data_access_link_email_requested_at_idx" ON "data_access_link"("email", "requested_at");

-- CreateIndex
CREATE INDEX "data_access_link_requested_at_idx" ON "data_access_link"("requested_at");
