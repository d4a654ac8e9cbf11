-- Staff may cancel a shipment before it leaves (docs/payments.md, "Back-orders"): it keeps its
-- number and its lines, marked cancelled, and its pieces go back to set aside for their lines.
ALTER TABLE "shipment" ADD COLUMN "cancelled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "shipment" ADD COLUMN "cancelled_by" text;--> statement-breakpoint
ALTER TABLE "shipment" ADD CONSTRAINT "shipment_cancelled_by_user_id_fk" FOREIGN KEY ("cancelled_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;