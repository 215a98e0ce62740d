-- Whether the browser sent the Global Privacy Control signal with a cookie decision.
ALTER TABLE "consent_record" ADD COLUMN "gpc" BOOLEAN NOT NULL DEFAULT false;
