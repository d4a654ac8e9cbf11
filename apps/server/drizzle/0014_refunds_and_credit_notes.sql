CREATE TABLE "credit_note" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" text NOT NULL,
	"year" integer NOT NULL,
	"seq" integer NOT NULL,
	"refund_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"issued_at" timestamp with time zone NOT NULL,
	"total_cents" integer NOT NULL,
	"snapshot" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "refund" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"lines" jsonb NOT NULL,
	"shipping" boolean NOT NULL,
	"goods_cents" integer NOT NULL,
	"shipping_cents" integer NOT NULL,
	"tax_cents" integer NOT NULL,
	"amount_cents" integer NOT NULL,
	"restock" boolean NOT NULL,
	"reason" text NOT NULL,
	"actor_id" text,
	"provider" text NOT NULL,
	"provider_refund_id" text,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone,
	CONSTRAINT "refund_amount_positive" CHECK ("refund"."amount_cents" > 0),
	CONSTRAINT "refund_amount_is_parts" CHECK ("refund"."amount_cents" = "refund"."goods_cents" + "refund"."shipping_cents" + "refund"."tax_cents")
);
--> statement-breakpoint
CREATE TABLE "test_refund" (
	"id" text PRIMARY KEY NOT NULL,
	"intent_id" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"idempotency_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "test_refund_idempotency_key_unique" UNIQUE("idempotency_key")
);
--> statement-breakpoint
ALTER TABLE "credit_note" ADD CONSTRAINT "credit_note_refund_id_refund_id_fk" FOREIGN KEY ("refund_id") REFERENCES "public"."refund"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_note" ADD CONSTRAINT "credit_note_order_id_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."order"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refund" ADD CONSTRAINT "refund_order_id_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."order"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refund" ADD CONSTRAINT "refund_actor_id_user_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_refund" ADD CONSTRAINT "test_refund_intent_id_test_payment_intent_id_fk" FOREIGN KEY ("intent_id") REFERENCES "public"."test_payment_intent"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "credit_note_number_idx" ON "credit_note" USING btree ("number");--> statement-breakpoint
CREATE UNIQUE INDEX "credit_note_year_seq_idx" ON "credit_note" USING btree ("year","seq");--> statement-breakpoint
CREATE UNIQUE INDEX "credit_note_refund_id_idx" ON "credit_note" USING btree ("refund_id");--> statement-breakpoint
CREATE INDEX "credit_note_order_id_idx" ON "credit_note" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "refund_order_id_idx" ON "refund" USING btree ("order_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "refund_provider_refund_id_idx" ON "refund" USING btree ("provider_refund_id");--> statement-breakpoint
CREATE INDEX "test_refund_intent_id_idx" ON "test_refund" USING btree ("intent_id");