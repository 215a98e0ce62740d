-- The proof-of-work challenge each request solved: one challenge serves one request.
ALTER TABLE "contact_request" ADD COLUMN "altcha_id" TEXT;

CREATE UNIQUE INDEX "contact_request_altcha_id_key" ON "contact_request"("altcha_id");
