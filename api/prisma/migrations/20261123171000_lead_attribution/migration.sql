-- Where each lead's visit came from: its first page, the referring host, the UTM parameters, Google's click id (with marketing consent).
ALTER TABLE "contact_request"
  ADD COLUMN "landing_page" TEXT,
  ADD COLUMN "referrer_host" TEXT,
  ADD COLUMN "utm_source" TEXT,
  ADD COLUMN "utm_medium" TEXT,
  ADD COLUMN "utm_campaign" TEXT,
  ADD COLUMN "utm_term" TEXT,
  ADD COLUMN "utm_content" TEXT,
  ADD COLUMN "gclid" TEXT;
