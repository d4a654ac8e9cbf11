-- Each tool keeps the pieces its waiting back-orders owe (`backlog`, docs/payments.md,
-- "Back-orders"), so a placement queues a line behind them by reading one column under the tool's
-- lock instead of summing the tool's whole queue; kept by the placement (a line's back-ordered
-- rest joins it), the allocation trigger (what stock gives leaves it) and returns to stock
-- (cancelled owed pieces leave it). Backfilled from the lines before its CHECK.
ALTER TABLE "tool" ADD COLUMN "backlog" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
UPDATE "tool" t SET backlog = q.owed
  FROM (SELECT l.tool_id, sum(l.backordered)::integer AS owed FROM "order_line" l
         WHERE l.backordered > 0 GROUP BY l.tool_id) q
 WHERE q.tool_id = t.id;--> statement-breakpoint
ALTER TABLE "tool" ADD CONSTRAINT "tool_backlog_non_negative" CHECK ("tool"."backlog" >= 0);--> statement-breakpoint
CREATE OR REPLACE FUNCTION "voltforge_allocate_backorders"() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  r record;
  v_take integer;
BEGIN
  FOR r IN
    SELECT l.order_id, l.line_no, l.backordered FROM "order_line" l
      JOIN "order" o ON o.id = l.order_id
     WHERE l.tool_id = NEW.id AND l.backordered > 0
     ORDER BY o.created_at, o.id
       FOR UPDATE OF l
  LOOP
    EXIT WHEN NEW.in_stock <= 0;
    v_take := least(r.backordered, NEW.in_stock);
    UPDATE "order_line" SET allocated = allocated + v_take, backordered = backordered - v_take,
           promised_on = CASE WHEN backordered = v_take THEN NULL ELSE promised_on END
     WHERE order_id = r.order_id AND line_no = r.line_no;
    INSERT INTO "stock_movement" (tool_id, delta, reason, order_id, created_at)
    VALUES (NEW.id, -v_take, 'order', r.order_id, clock_timestamp());
    NEW.in_stock := NEW.in_stock - v_take;
    NEW.backlog := NEW.backlog - v_take;
  END LOOP;
  RETURN NEW;
END
$$;--> statement-breakpoint
-- The placement answers the back-ordered lines as it wrote them (a new column: dropped first).
DROP FUNCTION IF EXISTS "voltforge_place_orders"(jsonb);--> statement-breakpoint
CREATE OR REPLACE FUNCTION "voltforge_place_orders"(p_orders jsonb)
RETURNS TABLE (idx integer, outcome text, went_low uuid[], created_at timestamptz,
               credit_left_cents bigint, owed_lines jsonb)
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
  v_split jsonb;
  v_owed_lines jsonb;
BEGIN
  -- 1. lock
  FOR v_company IN
    SELECT DISTINCT (e ->> 'company_id')::uuid FROM jsonb_array_elements(p_orders) AS e
     WHERE (e ->> 'on_account')::boolean OR e ->> 'order_limit_cents' IS NOT NULL
        OR e ->> 'monthly_limit_cents' IS NOT NULL
     ORDER BY 1
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
             on_account boolean, order_limit_cents integer, monthly_limit_cents integer,
             approval_id uuid, approved_by text, from_cart boolean, shipping_mode text, today date,
             mail_subject text, mail_html text, mail_text text)
     ORDER BY x.n
  LOOP
    -- a. the unpaid cap
    IF (SELECT count(*) FROM "order" od
         WHERE od.user_id = o.user_id AND od.status = 'pending_payment') >= o.max_unpaid THEN
      RETURN QUERY SELECT o.i, 'too_many_unpaid'::text, NULL::uuid[], NULL::timestamptz, NULL::bigint,
                          NULL::jsonb;
      CONTINUE;
    END IF;
    IF o.on_account THEN
      SELECT c.terms_days, c.credit_limit_cents INTO v_terms, v_limit
        FROM "company" c WHERE c.id = o.company_id;
      IF v_terms IS NULL THEN
        RETURN QUERY SELECT o.i, 'no_terms'::text, NULL::uuid[], NULL::timestamptz, NULL::bigint,
                            NULL::jsonb;
        CONTINUE;
      END IF;
      SELECT coalesce(sum(CASE WHEN ce.kind = 'hold' THEN ce.amount_cents ELSE -ce.amount_cents END), 0)
        INTO v_owed FROM "credit_entry" ce WHERE ce.company_id = o.company_id;
      IF v_owed + o.total_cents > v_limit THEN
        RETURN QUERY SELECT o.i, 'over_credit'::text, NULL::uuid[], NULL::timestamptz,
                            greatest(v_limit - v_owed, 0), NULL::jsonb;
        CONTINUE;
      END IF;
    END IF;
    IF o.total_cents > o.order_limit_cents THEN
      RETURN QUERY SELECT o.i, 'over_order_limit'::text, NULL::uuid[], NULL::timestamptz, NULL::bigint,
                          NULL::jsonb;
      CONTINUE;
    END IF;
    IF o.monthly_limit_cents IS NOT NULL AND o.total_cents + (
         SELECT coalesce(sum(od.total_cents), 0) FROM "order" od
          WHERE od.company_id = o.company_id AND od.status <> 'cancelled'
            AND od.created_at >= date_trunc('month', now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC'
       ) > o.monthly_limit_cents THEN
      RETURN QUERY SELECT o.i, 'over_monthly_limit'::text, NULL::uuid[], NULL::timestamptz, NULL::bigint,
                          NULL::jsonb;
      CONTINUE;
    END IF;

    -- b. terms, stock and promise, every line: each line takes what is in stock now (allocated)
    --    and queues the rest behind the tool's back-orders, due on the day the queue reaches it
    SELECT count(*), count(p.tool_id) FILTER (
             WHERE p.same_terms AND (p.in_stock >= p.quantity OR (p.backorderable
               AND p.shown_allocated < p.quantity AND p.due <= p.shown_due))),
           jsonb_agg(to_jsonb(p.line) || jsonb_build_object(
             'allocated', least(p.in_stock, p.quantity),
             'promised_on', CASE WHEN p.in_stock < p.quantity THEN p.due END) ORDER BY p.line_no),
           jsonb_agg(jsonb_build_object('line_no', p.line_no, 'allocated', p.in_stock,
             'promised_on', p.due)) FILTER (WHERE p.in_stock < p.quantity)
      INTO v_lines, v_ok, v_split, v_owed_lines
      FROM (SELECT l AS line, l.line_no, l.quantity, t.id AS tool_id, t.in_stock, t.backorderable,
                   voltforge_tool_terms(t) = l.terms AS same_terms,
                   l.allocated AS shown_allocated, l.promised_on AS shown_due,
                   CASE WHEN t.in_stock < l.quantity THEN
                     voltforge_promise_date(t.id, l.quantity - t.in_stock + t.backlog, o.today,
                                            o.today) END AS due
              FROM jsonb_populate_recordset(NULL::"voltforge_line_in", o.lines) l
              LEFT JOIN "tool" t ON t.id = l.tool_id) p;
    IF v_lines = 0 OR v_ok <> v_lines THEN
      RETURN QUERY SELECT o.i, 'changed'::text, NULL::uuid[], NULL::timestamptz, NULL::bigint,
                          NULL::jsonb;
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
        RETURN QUERY SELECT o.i, 'cart_changed'::text, NULL::uuid[], NULL::timestamptz, NULL::bigint,
                            NULL::jsonb;
        CONTINUE;
      END IF;
    END IF;

    -- d. write
    IF o.approval_id IS NOT NULL THEN
      UPDATE "approval" SET status = 'approved', decided_by = o.approved_by, decided_at = now()
       WHERE id = o.approval_id AND status = 'pending';
      IF NOT FOUND THEN
        RETURN QUERY SELECT o.i, 'approval_taken'::text, NULL::uuid[], NULL::timestamptz, NULL::bigint,
                            NULL::jsonb;
        CONTINUE;
      END IF;
    END IF;
    v_at := clock_timestamp();
    WITH taken AS (
      UPDATE "tool" t SET in_stock = t.in_stock - l.allocated,
                          backlog = t.backlog + l.quantity - l.allocated
        FROM jsonb_populate_recordset(NULL::"voltforge_line_in", v_split) l
       WHERE t.id = l.tool_id
      RETURNING t.id, t.in_stock <= l.low_at AND t.low_stock_notified_at IS NULL AS low)
    SELECT coalesce(array_agg(taken.id ORDER BY taken.id) FILTER (WHERE taken.low), '{}')
      INTO v_low FROM taken;
    INSERT INTO "order" (id, number, user_id, customer_name, email, phone, address, goods_cents,
                         shipping_cents, tax_cents, tax_rate_bp, total_cents, company, tax_id,
                         po_number, company_id, billing_address, status, payment_method,
                         approved_by, shipping_mode, created_at)
    VALUES (o.order_id, o.number, o.user_id, o.customer_name, o.email, o.phone, o.address,
            o.goods_cents, o.shipping_cents, o.tax_cents, o.tax_rate_bp, o.total_cents, o.company,
            o.tax_id, o.po_number, o.company_id, o.billing_address,
            CASE WHEN o.on_account THEN 'on_account' ELSE 'pending_payment' END,
            CASE WHEN o.on_account THEN 'account' ELSE 'card' END, o.approved_by,
            coalesce(o.shipping_mode, 'complete'), v_at);
    IF o.approval_id IS NOT NULL THEN
      UPDATE "approval" SET order_id = o.order_id WHERE id = o.approval_id;
    END IF;
    IF o.on_account AND o.total_cents > 0 THEN
      INSERT INTO "credit_entry" (company_id, order_id, kind, amount_cents, created_at)
      VALUES (o.company_id, o.order_id, 'hold', o.total_cents, v_at);
    END IF;
    INSERT INTO "order_line" (order_id, line_no, tool_id, tool_name, part_number,
                              unit_price_cents, quantity, total_cents, project_id,
                              project_revision, project_name, customer_ref, allocated,
                              backordered, promised_on)
    SELECT o.order_id, l.line_no, l.tool_id, l.tool_name, l.part_number, l.unit_price_cents,
           l.quantity, l.unit_price_cents * l.quantity, l.project_id, l.project_revision,
           l.project_name, l.customer_ref, l.allocated, l.quantity - l.allocated,
           CASE WHEN l.allocated < l.quantity THEN l.promised_on END
      FROM jsonb_populate_recordset(NULL::"voltforge_line_in", v_split) l;
    -- The order's goods are the caller's (the pricing function's); they must be its lines' sum.
    IF (SELECT sum(l.unit_price_cents::bigint * l.quantity)
          FROM jsonb_populate_recordset(NULL::"voltforge_line_in", v_split) l)
       <> o.goods_cents THEN
      RAISE EXCEPTION 'order % goods % are not the sum of its lines', o.order_id, o.goods_cents
        USING ERRCODE = '23514';
    END IF;
    INSERT INTO "stock_movement" (tool_id, delta, reason, order_id, actor_id, created_at)
    SELECT l.tool_id, -l.allocated, 'order', o.order_id, o.user_id, v_at
      FROM jsonb_populate_recordset(NULL::"voltforge_line_in", v_split) l
     WHERE l.allocated > 0 ORDER BY l.line_no;
    INSERT INTO "mail_outbox" ("to", subject, html, text, kind, order_id, user_id, created_at)
    VALUES (o.email, o.mail_subject, o.mail_html, o.mail_text, 'order_placed', o.order_id,
            o.user_id, v_at);
    IF o.from_cart THEN
      DELETE FROM "cart_line" c USING jsonb_populate_recordset(NULL::"voltforge_line_in", v_split) l
       WHERE c.user_id = o.user_id AND c.tool_id = l.tool_id;
    END IF;
    RETURN QUERY SELECT o.i, 'placed'::text, v_low, v_at, NULL::bigint, v_owed_lines;
  END LOOP;
END
$$;
