-- A buyer's address book; each profile's address becomes its first entry.
CREATE TABLE "saved_address" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"label" text NOT NULL,
	"recipient" text NOT NULL,
	"address" text NOT NULL,
	"phone" text NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "saved_address" ADD CONSTRAINT "saved_address_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "saved_address_user_id_idx" ON "saved_address" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "saved_address_one_default_idx" ON "saved_address" USING btree ("user_id") WHERE "saved_address"."is_default";--> statement-breakpoint
-- Each buyer's profile address starts their address book, as its default.
INSERT INTO "saved_address" ("user_id", "label", "recipient", "address", "phone", "is_default")
SELECT p."user_id", 'Main address', u."name", p."address", p."phone", true
  FROM "profile" p JOIN "user" u ON u."id" = p."user_id"
 WHERE coalesce(p."address", '') <> '' AND coalesce(p."phone", '') <> '';
