-- A company's shared address book: a saved address belongs to a buyer or to a company.
ALTER TABLE "saved_address" ALTER COLUMN "user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "saved_address" ADD COLUMN "company_id" uuid;--> statement-breakpoint
ALTER TABLE "saved_address" ADD CONSTRAINT "saved_address_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "saved_address_company_id_idx" ON "saved_address" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "saved_address_one_company_default_idx" ON "saved_address" USING btree ("company_id") WHERE "saved_address"."is_default";--> statement-breakpoint
ALTER TABLE "saved_address" ADD CONSTRAINT "saved_address_one_owner" CHECK (("saved_address"."user_id" is null) <> ("saved_address"."company_id" is null));