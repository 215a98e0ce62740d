-- Whether the address of a lead is on a free-mail domain: a flag for sales (such leads are accepted).
ALTER TABLE "contact_request" ADD COLUMN "free_email" BOOLEAN NOT NULL DEFAULT false;
