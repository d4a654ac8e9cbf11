-- Quotes (docs/payments.md, "Quotes"): requests for quotation, staff's answers as revisions that
-- never change once sent (a trigger refuses UPDATE and DELETE of a revision and its offers), the
-- thread on a quote, and the one order an accepted quote becomes (`quote.order_id`, unique).
-- Quote numbers come from the document counters, as invoices' do.
CREATE TABLE "quote" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" text NOT NULL,
	"requested_by" text,
	"requester_name" text NOT NULL,
	"requester_email" text NOT NULL,
	"company_id" uuid,
	"request_key" uuid NOT NULL,
	"status" text DEFAULT 'requested' NOT NULL,
	"revision" integer DEFAULT 0 NOT NULL,
	"source" text NOT NULL,
	"project_id" uuid,
	"alternates_ok" boolean DEFAULT false NOT NULL,
	"needed_by" date,
	"note" text DEFAULT '' NOT NULL,
	"decline_reason" text,
	"accepted_revision" integer,
	"order_id" uuid,
	"decided_at" timestamp with time zone,
	"expiring_mailed_at" timestamp with time zone,
	"expired_mailed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "quote_status_known" CHECK ("quote"."status" in ('requested', 'sent', 'accepted', 'declined')),
	CONSTRAINT "quote_accepted_has_order" CHECK (("quote"."status" = 'accepted') = ("quote"."order_id" is not null))
);
--> statement-breakpoint
CREATE TABLE "quote_line" (
	"quote_id" uuid NOT NULL,
	"line_no" integer NOT NULL,
	"tool_id" uuid,
	"part_text" text NOT NULL,
	"quantities" integer[] NOT NULL,
	"target_price_cents" integer,
	"customer_ref" text,
	CONSTRAINT "quote_line_quote_id_line_no_pk" PRIMARY KEY("quote_id","line_no")
);
--> statement-breakpoint
CREATE TABLE "quote_message" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"quote_id" uuid NOT NULL,
	"author_id" text,
	"author_name" text NOT NULL,
	"from_staff" boolean NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "quote_offer" (
	"quote_id" uuid NOT NULL,
	"revision" integer NOT NULL,
	"line_no" integer NOT NULL,
	"offer_no" integer NOT NULL,
	"tool_id" uuid NOT NULL,
	"tool_name" text NOT NULL,
	"part_number" text NOT NULL,
	"quantity" integer NOT NULL,
	"unit_price_cents" integer NOT NULL,
	"lead_time_weeks" integer NOT NULL,
	"min_quantity" integer NOT NULL,
	"multiple" integer NOT NULL,
	CONSTRAINT "quote_offer_quote_id_revision_line_no_offer_no_pk" PRIMARY KEY("quote_id","revision","line_no","offer_no"),
	CONSTRAINT "quote_offer_price_positive" CHECK ("quote_offer"."unit_price_cents" > 0),
	CONSTRAINT "quote_offer_quantity_positive" CHECK ("quote_offer"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "quote_revision" (
	"quote_id" uuid NOT NULL,
	"revision" integer NOT NULL,
	"sent_by" text,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	"valid_until" date NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"freight_cents" integer NOT NULL,
	"tax_rate_bp" integer NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	CONSTRAINT "quote_revision_quote_id_revision_pk" PRIMARY KEY("quote_id","revision"),
	CONSTRAINT "quote_revision_freight" CHECK ("quote_revision"."freight_cents" >= 0),
	CONSTRAINT "quote_revision_tax" CHECK ("quote_revision"."tax_rate_bp" between 0 and 10000)
);
--> statement-breakpoint
ALTER TABLE "quote" ADD CONSTRAINT "quote_requested_by_user_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote" ADD CONSTRAINT "quote_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote" ADD CONSTRAINT "quote_project_id_project_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."project"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote" ADD CONSTRAINT "quote_order_id_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."order"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_line" ADD CONSTRAINT "quote_line_quote_id_quote_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."quote"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_line" ADD CONSTRAINT "quote_line_tool_id_tool_id_fk" FOREIGN KEY ("tool_id") REFERENCES "public"."tool"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_message" ADD CONSTRAINT "quote_message_quote_id_quote_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."quote"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_message" ADD CONSTRAINT "quote_message_author_id_user_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_offer" ADD CONSTRAINT "quote_offer_tool_id_tool_id_fk" FOREIGN KEY ("tool_id") REFERENCES "public"."tool"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_offer" ADD CONSTRAINT "quote_offer_quote_id_revision_quote_revision_quote_id_revision_fk" FOREIGN KEY ("quote_id","revision") REFERENCES "public"."quote_revision"("quote_id","revision") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_revision" ADD CONSTRAINT "quote_revision_quote_id_quote_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."quote"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_revision" ADD CONSTRAINT "quote_revision_sent_by_user_id_fk" FOREIGN KEY ("sent_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "quote_number_idx" ON "quote" USING btree ("number");--> statement-breakpoint
CREATE UNIQUE INDEX "quote_request_key_idx" ON "quote" USING btree ("requested_by","request_key");--> statement-breakpoint
CREATE UNIQUE INDEX "quote_order_id_idx" ON "quote" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "quote_company_id_idx" ON "quote" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "quote_status_idx" ON "quote" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "quote_message_quote_id_idx" ON "quote_message" USING btree ("quote_id","created_at");--> statement-breakpoint
ALTER TABLE "document_counter" DROP CONSTRAINT "document_counter_kind";--> statement-breakpoint
ALTER TABLE "document_counter" ADD CONSTRAINT "document_counter_kind" CHECK ("kind" IN ('invoice', 'credit_note', 'quote'));--> statement-breakpoint
CREATE FUNCTION "voltforge_quote_sent_is_locked"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- The one change allowed: the sender's account removed (its foreign key sets sent_by to null).
  IF TG_OP = 'UPDATE' AND TG_TABLE_NAME = 'quote_revision' AND NEW.sent_by IS NULL
     AND (to_jsonb(NEW) - 'sent_by') = (to_jsonb(OLD) - 'sent_by') THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION '% is locked once sent', TG_TABLE_NAME USING ERRCODE = '55000';
END
$$;--> statement-breakpoint
CREATE TRIGGER "quote_revision_locked" BEFORE UPDATE OR DELETE ON "quote_revision"
  FOR EACH ROW EXECUTE FUNCTION "voltforge_quote_sent_is_locked"();--> statement-breakpoint
CREATE TRIGGER "quote_offer_locked" BEFORE UPDATE OR DELETE ON "quote_offer"
  FOR EACH ROW EXECUTE FUNCTION "voltforge_quote_sent_is_locked"();
