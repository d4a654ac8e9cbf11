CREATE TABLE "order_line" (
	"order_id" uuid NOT NULL,
	"line_no" integer NOT NULL,
	"tool_id" uuid NOT NULL,
	"tool_name" text NOT NULL,
	"part_number" text NOT NULL,
	"unit_price_cents" integer NOT NULL,
	"quantity" integer NOT NULL,
	"total_cents" integer NOT NULL,
	CONSTRAINT "order_line_order_id_line_no_pk" PRIMARY KEY("order_id","line_no"),
	CONSTRAINT "order_line_quantity_positive" CHECK ("order_line"."quantity" > 0),
	CONSTRAINT "order_line_total_matches" CHECK ("order_line"."total_cents" = "order_line"."unit_price_cents" * "order_line"."quantity")
);
--> statement-breakpoint
ALTER TABLE "order" DROP CONSTRAINT "order_quantity_positive";--> statement-breakpoint
ALTER TABLE "order" DROP CONSTRAINT "order_total_matches";--> statement-breakpoint
ALTER TABLE "order" DROP CONSTRAINT "order_tool_id_tool_id_fk";
--> statement-breakpoint
ALTER TABLE "order_line" ADD CONSTRAINT "order_line_order_id_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."order"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_line" ADD CONSTRAINT "order_line_tool_id_tool_id_fk" FOREIGN KEY ("tool_id") REFERENCES "public"."tool"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "order_line_order_tool_idx" ON "order_line" USING btree ("order_id","tool_id");--> statement-breakpoint
CREATE INDEX "order_line_tool_id_idx" ON "order_line" USING btree ("tool_id");--> statement-breakpoint
-- Every order so far had one tool: it becomes that order's one line, exactly as it was.
INSERT INTO "order_line" (order_id, line_no, tool_id, tool_name, part_number, unit_price_cents,
                          quantity, total_cents)
SELECT id, 1, tool_id, tool_name, part_number, unit_price_cents, quantity, total_cents FROM "order";--> statement-breakpoint
-- Placement moves to one function for orders of any number of lines (below); 0007's one-tool
-- function and 0008/0010's batch take the old order shape and are dropped first.
DROP FUNCTION IF EXISTS "voltforge_place_order"(uuid, text, text, text, text, text, uuid, integer,
  integer, text, text, integer, text, text, text);--> statement-breakpoint
DROP FUNCTION IF EXISTS "voltforge_place_orders"(jsonb);--> statement-breakpoint
ALTER TABLE "order" DROP COLUMN "tool_id";--> statement-breakpoint
ALTER TABLE "order" DROP COLUMN "tool_name";--> statement-breakpoint
ALTER TABLE "order" DROP COLUMN "part_number";--> statement-breakpoint
ALTER TABLE "order" DROP COLUMN "unit_price_cents";--> statement-breakpoint
ALTER TABLE "order" DROP COLUMN "quantity";--> statement-breakpoint
ALTER TABLE "order" ADD CONSTRAINT "order_total_not_negative" CHECK ("order"."total_cents" >= 0);--> statement-breakpoint
-- The terms an order line is priced on: a line is placed only while its tool still has the terms
-- the caller read and priced it with (docs/architecture.md, "Placing an order"). One expression,
-- used by the lock-free read and by the placement.
CREATE FUNCTION "voltforge_tool_terms"(t "tool") RETURNS text LANGUAGE sql STABLE AS $$
  SELECT md5(row(t.name, t.part_number, t.price_cents, t.min_order_quantity, t.order_multiple,
                 t.price_breaks, t.archived_at IS NULL)::text)
$$;--> statement-breakpoint
-- Places orders of one or more lines, each all or nothing, in one transaction (one call: no round
-- trip to the application falls inside the locks). The caller has read the tools without locking,
-- applied every ordering rule (the contract's pricing and quantity rules) and rendered the mail;
-- this only does what must happen under the locks, in named steps:
--   1. lock: the accounts (advisory, ascending), then every tool of every order (ascending id).
--      Every writer of tool rows takes them in this one global order, so no two placements, and
--      no placement and cancel, can deadlock, on one instance or across instances.
--   2. per order, in arrival order:
--      a. the unpaid cap: 'too_many_unpaid' when the account already holds max_unpaid
--      b. every line's tool still has the terms it was priced on and the stock for the line,
--         else 'changed' (the caller reads again: its read explains a shortage line by line)
--      c. from the cart: the cart still holds exactly these lines, else 'cart_changed'
--      d. write: the stock of every line, the order, its lines, a stock movement per line, the
--         mail; the cart's lines go. went_low lists the tools this order took to their low-stock
--         threshold first (the caller marks them and mails the admins).
-- One line as the caller sends it (the order's `lines`).
CREATE TYPE "voltforge_line_in" AS (line_no integer, tool_id uuid, tool_name text,
  part_number text, quantity integer, unit_price_cents integer, terms text);--> statement-breakpoint
CREATE FUNCTION "voltforge_place_orders"(p_orders jsonb)
RETURNS TABLE (idx integer, outcome text, went_low uuid[], created_at timestamptz)
LANGUAGE plpgsql AS $$
DECLARE
  o record;
  v_key integer;
  v_tool uuid;
  v_lines integer;
  v_ok integer;
  v_low uuid[];
  v_at timestamptz;
  v_placed boolean := false;
BEGIN
  -- 1. lock
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
           jsonb_to_record(x.e) AS r(order_id uuid, user_id text, customer_name text, email text,
             phone text, address text, max_unpaid integer, total_cents integer,
             from_cart boolean, mail_subject text, mail_html text, mail_text text)
     ORDER BY x.n
  LOOP
    -- a. the unpaid cap
    IF (SELECT count(*) FROM "order" od
         WHERE od.user_id = o.user_id AND od.status = 'pending_payment') >= o.max_unpaid THEN
      RETURN QUERY SELECT o.i, 'too_many_unpaid'::text, NULL::uuid[], NULL::timestamptz;
      CONTINUE;
    END IF;

    -- b. terms and stock, every line
    SELECT count(*), count(t.id) FILTER (
             WHERE voltforge_tool_terms(t) = l.terms AND t.in_stock >= l.quantity)
      INTO v_lines, v_ok
      FROM jsonb_populate_recordset(NULL::"voltforge_line_in", o.lines) l
      LEFT JOIN "tool" t ON t.id = l.tool_id;
    IF v_lines = 0 OR v_ok <> v_lines THEN
      RETURN QUERY SELECT o.i, 'changed'::text, NULL::uuid[], NULL::timestamptz;
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
        RETURN QUERY SELECT o.i, 'cart_changed'::text, NULL::uuid[], NULL::timestamptz;
        CONTINUE;
      END IF;
    END IF;

    -- d. write
    v_at := clock_timestamp();
    WITH taken AS (
      UPDATE "tool" t SET in_stock = t.in_stock - l.quantity
        FROM jsonb_populate_recordset(NULL::"voltforge_line_in", o.lines) l
       WHERE t.id = l.tool_id
      RETURNING t.id, t.in_stock <= coalesce(t.low_stock_threshold, 2 * t.min_order_quantity)
                      AND t.low_stock_notified_at IS NULL AS low)
    SELECT coalesce(array_agg(taken.id ORDER BY taken.id) FILTER (WHERE taken.low), '{}')
      INTO v_low FROM taken;
    INSERT INTO "order" (id, user_id, customer_name, email, phone, address, total_cents, created_at)
    VALUES (o.order_id, o.user_id, o.customer_name, o.email, o.phone, o.address, o.total_cents,
            v_at);
    INSERT INTO "order_line" (order_id, line_no, tool_id, tool_name, part_number,
                              unit_price_cents, quantity, total_cents)
    SELECT o.order_id, l.line_no, l.tool_id, l.tool_name, l.part_number, l.unit_price_cents,
           l.quantity, l.unit_price_cents * l.quantity
      FROM jsonb_populate_recordset(NULL::"voltforge_line_in", o.lines) l;
    -- The order's total is the caller's (the pricing function's); it must be its lines' sum.
    IF (SELECT sum(l.unit_price_cents::bigint * l.quantity)
          FROM jsonb_populate_recordset(NULL::"voltforge_line_in", o.lines) l)
       <> o.total_cents THEN
      RAISE EXCEPTION 'order % total % is not the sum of its lines', o.order_id, o.total_cents
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
    v_placed := true;
    RETURN QUERY SELECT o.i, 'placed'::text, v_low, v_at;
  END LOOP;
  IF v_placed THEN
    PERFORM pg_notify('voltforge_catalogue', '');
  END IF;
END
$$;
