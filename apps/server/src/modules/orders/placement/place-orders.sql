-- The order placement's one database function: its only source. A migration that changes it
-- copies this file whole (placement-function.test.ts fails while the latest migration defining
-- the function differs from it). Called by reserve.ts (step 6 of placing an order) with a batch
-- of orders, each judged and priced by the contract's rules in steps 3-5; it applies none of them,
-- it only checks that what was judged still holds, under the locks, and writes everything at once:
--   1. lock: the companies of orders on account or within a buyer's limits (their credit, their
--      month's spend), then each account (an advisory lock: the unpaid cap), then every tool,
--      each in id order
--   2. each order:
--      a. the account's unpaid orders under the cap, else 'too_many_unpaid'; on account, the
--         company has terms ('no_terms') and its available credit (limit - what it owes: the
--         ledger's holds less settlements and releases) covers the total, else 'over_credit' with
--         the credit left; within a buyer's limits, the total is within the order limit
--         ('over_order_limit') and the company's orders this month (UTC, not cancelled) and this
--         one within the monthly limit ('over_monthly_limit'): the caller asks for approval
--      b. every line's tool has the terms it was priced from, and its stock covers the line; or
--         it may be back-ordered, the buyer was shown a back-order, and the back-ordered rest,
--         queued behind the tool's back-orders (its `backlog`), is due no later than the day shown
--         (`voltforge_promise_date`): the line is written as it stands under the lock (what is in
--         stock allocated, the rest due on that day); else 'changed' (the caller reads again:
--         its read explains a shortage line by line)
--      c. from the cart: the cart still holds exactly these lines, else 'cart_changed'
--      d. write: an approved cart's approval, from pending to approved (else 'approval_taken':
--         someone decided first), the stock of every line (its allocated pieces; the rest joins
--         the tool's backlog), the order (on account: `on_account`, its total held in the credit
--         ledger), its lines (each with the project revision and the buyer's reference it came
--         from, as given), a stock movement per line, the mail, and staff's notice when the
--         caller asks for one (`staff_notice`, mail/staff-order-notices.ts); the cart's lines go.
--         The caller issues an order on account's invoice in the same transaction. went_low lists
--         the tools this order took to the low-stock threshold the caller read (`low_at`, the
--         contract's rule) first; the caller marks them.
-- A placed order with back-ordered lines answers them as written (`owed_lines`: line_no,
-- allocated, promised_on), which may be better than judged (stock that grew, an earlier day).
-- Changes of tools are announced by the tool table's trigger, not by this function.
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
             mail_subject text, mail_html text, mail_text text, staff_notice text)
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
    IF o.staff_notice IS NOT NULL THEN
      INSERT INTO "staff_order_notice" (order_id, event, created_at)
      VALUES (o.order_id, o.staff_notice, v_at);
    END IF;
    IF o.from_cart THEN
      DELETE FROM "cart_line" c USING jsonb_populate_recordset(NULL::"voltforge_line_in", v_split) l
       WHERE c.user_id = o.user_id AND c.tool_id = l.tool_id;
    END IF;
    RETURN QUERY SELECT o.i, 'placed'::text, v_low, v_at, NULL::bigint, v_owed_lines;
  END LOOP;
END
$$;
