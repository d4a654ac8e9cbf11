-- Each document keeps its PDF once rendered (docs/payments.md, "Invoices"): the bytes served on
-- every download and attached to every mail. Null until first rendered; documents issued before
-- this migration are rendered on their next download.
ALTER TABLE "credit_note" ADD COLUMN "pdf" "bytea";--> statement-breakpoint
ALTER TABLE "invoice" ADD COLUMN "pdf" "bytea";
