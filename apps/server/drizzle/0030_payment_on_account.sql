-- Payment on account (docs/payments.md, "Payment on account"): a company's terms and credit
-- limit, an invoice's due date and when it was paid, the payments received, and the credit
-- ledger (append-only: a trigger refuses UPDATE and DELETE). The placement function, from its one
-- source (apps/server/src/modules/orders/placement/place-orders.sql), checks and holds credit; it
-- answers one more column, so it is dropped and created again.
CREATE TABLE "credit_entry" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"payment_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "credit_entry_amount_positive" CHECK ("credit_entry"."amount_cents" > 0),
	CONSTRAINT "credit_entry_kind_known" CHECK ("credit_entry"."kind" in ('hold', 'settle', 'release'))
);
--> statement-breakpoint
CREATE TABLE "invoice_payment" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"invoice_id" uuid NOT NULL,
	"amount_cents" integer NOT NULL,
	"received_on" date NOT NULL,
	"reference" text,
	"recorded_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoice_payment_amount_positive" CHECK ("invoice_payment"."amount_cents" > 0)
);
--> statement-breakpoint
ALTER TABLE "company" ADD COLUMN "terms_days" integer;--> statement-breakpoint
ALTER TABLE "company" ADD COLUMN "credit_limit_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "invoice" ADD COLUMN "due_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "invoice" ADD COLUMN "paid_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "invoice" ADD COLUMN "reminded_before_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "invoice" ADD COLUMN "reminded_after_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "order" ADD COLUMN "payment_method" text DEFAULT 'card' NOT NULL;--> statement-breakpoint
ALTER TABLE "credit_entry" ADD CONSTRAINT "credit_entry_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_entry" ADD CONSTRAINT "credit_entry_order_id_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."order"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_entry" ADD CONSTRAINT "credit_entry_payment_id_invoice_payment_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."invoice_payment"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_payment" ADD CONSTRAINT "invoice_payment_invoice_id_invoice_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoice"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_payment" ADD CONSTRAINT "invoice_payment_recorded_by_user_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "credit_entry_company_id_idx" ON "credit_entry" USING btree ("company_id");--> statement-breakpoint
CREATE UNIQUE INDEX "credit_entry_one_hold_idx" ON "credit_entry" USING btree ("order_id") WHERE "credit_entry"."kind" = 'hold';--> statement-breakpoint
CREATE UNIQUE INDEX "credit_entry_one_release_idx" ON "credit_entry" USING btree ("order_id") WHERE "credit_entry"."kind" = 'release';--> statement-breakpoint
CREATE INDEX "invoice_payment_invoice_id_idx" ON "invoice_payment" USING btree ("invoice_id");--> statement-breakpoint
CREATE INDEX "invoice_open_due_idx" ON "invoice" USING btree ("due_at") WHERE "invoice"."paid_at" is null;--> statement-breakpoint
ALTER TABLE "company" ADD CONSTRAINT "company_terms_known" CHECK ("company"."terms_days" in (15, 30, 60));--> statement-breakpoint
ALTER TABLE "company" ADD CONSTRAINT "company_credit_limit_not_negative" CHECK ("company"."credit_limit_cents" >= 0);--> statement-breakpoint
UPDATE "invoice" SET "paid_at" = "issued_at";--> statement-breakpoint
CREATE FUNCTION "voltforge_credit_entry_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'credit_entry is append-only' USING ERRCODE = '55000';
END
$$;--> statement-breakpoint
CREATE TRIGGER "credit_entry_append_only" BEFORE UPDATE OR DELETE ON "credit_entry"
  FOR EACH ROW EXECUTE FUNCTION "voltforge_credit_entry_append_only"();--> statement-breakpoint
DROP FUNCTION IF EXISTS "voltforge_place_orders"(jsonb);--> statement-breakpoint
CREATE OR REPLACE FUNCTION "voltforge_place_orders"(p_orders jsonb)
RETURNS TABLE (idx integer, outcome text, went_low uuid[], created_at timestamptz,
               credit_left_cents bigint)
LANGUAGE plpgsql AS $$
DECLARE
  o record;
  v_key integer;
  v_tool uuid;
  v_lines integer;
  v_ok integer;
  v_low uuid[];
  v_at timestamptz;
  v_company uuid;
  v_limit integer;
  v_terms integer;
  v_owed bigint;
BEGIN
  -- 1. lock
  FOR v_company IN
    SELECT DISTINCT (e ->> 'company_id')::uuid FROM jsonb_array_elements(p_orders) AS e
     WHERE (e ->> 'on_account')::boolean ORDER BY 1
  LOOP
    PERFORM 1 FROM "company" c WHERE c.id = v_company FOR NO KEY UPDATE;
  END LOOP;
  FOR v_key IN
    SELECT DISTINCT hashtext(e ->> 'user_id') FROM jsonb_array_elements(p_orders) AS e ORDER BY 1
  LOOP
    PERFORM pg_advisory_xact_lock(7340022, v_key);
  END LOOP;
  FOR v_tool IN
    SELECT DISTINCT (l ->> 'tool_id')::uuid
      FROM jsonb_array_elements(p_orders) AS e, jsonb_array_elements(e -> 'lines') AS l ORDER BY 1
  LOOP
    PERFORM 1 FROM "tool" t WHERE t.id = v_tool FOR NO KEY UPDATE;
  END LOOP;

  -- 2. each order
  FOR o IN
    SELECT (x.n - 1)::integer AS i, x.e -> 'lines' AS lines, r.*
      FROM jsonb_array_elements(p_orders) WITH ORDINALITY AS x(e, n),
           jsonb_to_record(x.e) AS r(order_id uuid, number bigint, user_id text, customer_name text, email text,
             phone text, address text, max_unpaid integer, goods_cents integer,
             shipping_cents integer, tax_cents integer, tax_rate_bp integer, total_cents integer,
             company text, tax_id text, po_number text, company_id uuid, billing_address text,
             on_account boolean, from_cart boolean, mail_subject text, mail_html text, mail_text text)
     ORDER BY x.n
  LOOP
    -- a. the unpaid cap
    IF (SELECT count(*) FROM "order" od
         WHERE od.user_id = o.user_id AND od.status = 'pending_payment') >= o.max_unpaid THEN
      RETURN QUERY SELECT o.i, 'too_many_unpaid'::text, NULL::uuid[], NULL::timestamptz, NULL::bigint;
      CONTINUE;
    END IF;
    IF o.on_account THEN
      SELECT c.terms_days, c.credit_limit_cents INTO v_terms, v_limit
        FROM "company" c WHERE c.id = o.company_id;
      IF v_terms IS NULL THEN
        RETURN QUERY SELECT o.i, 'no_terms'::text, NULL::uuid[], NULL::timestamptz, NULL::bigint;
        CONTINUE;
      END IF;
      SELECT coalesce(sum(CASE WHEN ce.kind = 'hold' THEN ce.amount_cents ELSE -ce.amount_cents END), 0)
        INTO v_owed FROM "credit_entry" ce WHERE ce.company_id = o.company_id;
      IF v_owed + o.total_cents > v_limit THEN
        RETURN QUERY SELECT o.i, 'over_credit'::text, NULL::uuid[], NULL::timestamptz,
                            greatest(v_limit - v_owed, 0);
        CONTINUE;
      END IF;
    END IF;

    -- b. terms and stock, every line
    SELECT count(*), count(t.id) FILTER (
             WHERE voltforge_tool_terms(t) = l.terms AND t.in_stock >= l.quantity)
      INTO v_lines, v_ok
      FROM jsonb_populate_recordset(NULL::"voltforge_line_in", o.lines) l
      LEFT JOIN "tool" t ON t.id = l.tool_id;
    IF v_lines = 0 OR v_ok <> v_lines THEN
      RETURN QUERY SELECT o.i, 'changed'::text, NULL::uuid[], NULL::timestamptz, NULL::bigint;
      CONTINUE;
    END IF;

    -- c. the cart still holds these lines
    IF o.from_cart THEN
      SELECT count(*) INTO v_ok FROM (
        SELECT 1 FROM "cart_line" c
          JOIN jsonb_populate_recordset(NULL::"voltforge_line_in", o.lines) l
            ON l.tool_id = c.tool_id AND l.quantity = c.quantity
         WHERE c.user_id = o.user_id FOR UPDATE OF c) AS held;
      IF v_ok <> v_lines THEN
        RETURN QUERY SELECT o.i, 'cart_changed'::text, NULL::uuid[], NULL::timestamptz, NULL::bigint;
        CONTINUE;
      END IF;
    END IF;

    -- d. write
    v_at := clock_timestamp();
    WITH taken AS (
      UPDATE "tool" t SET in_stock = t.in_stock - l.quantity
        FROM jsonb_populate_recordset(NULL::"voltforge_line_in", o.lines) l
       WHERE t.id = l.tool_id
      RETURNING t.id, t.in_stock <= l.low_at AND t.low_stock_notified_at IS NULL AS low)
    SELECT coalesce(array_agg(taken.id ORDER BY taken.id) FILTER (WHERE taken.low), '{}')
      INTO v_low FROM taken;
    INSERT INTO "order" (id, number, user_id, customer_name, email, phone, address, goods_cents,
                         shipping_cents, tax_cents, tax_rate_bp, total_cents, company, tax_id,
                         po_number, company_id, billing_address, status, payment_method,
                         created_at)
    VALUES (o.order_id, o.number, o.user_id, o.customer_name, o.email, o.phone, o.address,
            o.goods_cents, o.shipping_cents, o.tax_cents, o.tax_rate_bp, o.total_cents, o.company,
            o.tax_id, o.po_number, o.company_id, o.billing_address,
            CASE WHEN o.on_account THEN 'on_account' ELSE 'pending_payment' END,
            CASE WHEN o.on_account THEN 'account' ELSE 'card' END, v_at);
    IF o.on_account AND o.total_cents > 0 THEN
      INSERT INTO "credit_entry" (company_id, order_id, kind, amount_cents, created_at)
      VALUES (o.company_id, o.order_id, 'hold', o.total_cents, v_at);
    END IF;
    INSERT INTO "order_line" (order_id, line_no, tool_id, tool_name, part_number,
                              unit_price_cents, quantity, total_cents, project_id,
                              project_revision, project_name, customer_ref)
    SELECT o.order_id, l.line_no, l.tool_id, l.tool_name, l.part_number, l.unit_price_cents,
           l.quantity, l.unit_price_cents * l.quantity, l.project_id, l.project_revision,
           l.project_name, l.customer_ref
      FROM jsonb_populate_recordset(NULL::"voltforge_line_in", o.lines) l;
    -- The order's goods are the caller's (the pricing function's); they must be its lines' sum.
    IF (SELECT sum(l.unit_price_cents::bigint * l.quantity)
          FROM jsonb_populate_recordset(NULL::"voltforge_line_in", o.lines) l)
       <> o.goods_cents THEN
      RAISE EXCEPTION 'order % goods % are not the sum of its lines', o.order_id, o.goods_cents
        USING ERRCODE = '23514';
    END IF;
    INSERT INTO "stock_movement" (tool_id, delta, reason, order_id, actor_id, created_at)
    SELECT l.tool_id, -l.quantity, 'order', o.order_id, o.user_id, v_at
      FROM jsonb_populate_recordset(NULL::"voltforge_line_in", o.lines) l ORDER BY l.line_no;
    INSERT INTO "mail_outbox" ("to", subject, html, text, kind, order_id, user_id, created_at)
    VALUES (o.email, o.mail_subject, o.mail_html, o.mail_text, 'order_placed', o.order_id,
            o.user_id, v_at);
    IF o.from_cart THEN
      DELETE FROM "cart_line" c USING jsonb_populate_recordset(NULL::"voltforge_line_in", o.lines) l
       WHERE c.user_id = o.user_id AND c.tool_id = l.tool_id;
    END IF;
    RETURN QUERY SELECT o.i, 'placed'::text, v_low, v_at, NULL::bigint;
  END LOOP;
END
$$;
