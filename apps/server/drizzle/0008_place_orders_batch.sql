-- An account's unpaid orders, counted by every placement (the MAX_UNPAID_ORDERS check) in the
-- lock-free read and under the account's lock: without this index the planner may AND the status
-- index, which lists every unpaid order in the shop, and the count grows with the shop.
CREATE INDEX "order_pending_user_idx" ON "order" USING btree ("user_id") WHERE "order"."status" = 'pending_payment';--> statement-breakpoint
-- Group commit for order placement (docs/decisions/008-order-group-commit.md): the orders an
-- instance received while its previous placement call was in flight are placed by one call, in
-- one transaction, so a popular tool's row lock and the notification queue's commit lock are
-- taken once per batch instead of once per order.
--
-- p_orders is a JSON array; each element is one order with the fields `voltforge_place_order`
-- (migration 0007) takes as arguments, named without their p_ prefix. The orders are placed one
-- by one in array order, each exactly as `voltforge_place_order` places one, and each gets its
-- own row in the answer (idx = its 0-based position):
--   placed           with the tool's stock after the order, its low-stock threshold, whether
--                    this order took it low for the first time, and the order's time
--   too_many_unpaid  the account already holds max_unpaid unpaid orders (counting the orders
--                    placed before it in this batch)
--   changed          the stock ran short, or the tool changed, since the caller read it
-- A refused order writes nothing and never stops the others. Anything that raises (a lost
-- connection, a constraint) rolls the whole batch back: no order of it is written.
--
-- Locks, and why batches cannot deadlock each other (two instances each run their own batches,
-- and an instance running migration 0007's function may still be there during a deploy): every
-- placement takes all its account advisory locks first, in ascending key order, and only then
-- the tool rows, in ascending id order. `voltforge_place_order` takes one advisory lock and then
-- one tool row, which fits the same order. With one global order (advisory keys < tool ids) no
-- transaction ever waits for a lock while holding one that comes later, so no cycle can form.
-- The advisory lock of an account is held until the batch commits, so its unpaid count (read by a
-- later statement, with a later snapshot, which also sees this batch's own inserts) cannot be
-- passed by a concurrent placement.
--
-- Notifications: the catalogue is announced once per batch; the order trigger of migration 0006
-- announces each order's user, and PostgreSQL delivers identical payloads of one transaction once.
CREATE FUNCTION "voltforge_place_orders"(p_orders jsonb)
RETURNS TABLE (idx integer, outcome text, in_stock integer, threshold integer, went_low boolean, created_at timestamptz)
LANGUAGE plpgsql AS $$
DECLARE
  o record;
  v_key integer;
  v_tool uuid;
  v_unpaid integer;
  v_stock integer;
  v_threshold integer;
  v_marked timestamptz;
  v_at timestamptz;
  v_placed boolean := false;
BEGIN
  FOR v_key IN
    SELECT DISTINCT hashtext(e ->> 'user_id') FROM jsonb_array_elements(p_orders) AS e ORDER BY 1
  LOOP
    PERFORM pg_advisory_xact_lock(7340022, v_key);
  END LOOP;
  FOR v_tool IN
    SELECT DISTINCT (e ->> 'tool_id')::uuid FROM jsonb_array_elements(p_orders) AS e ORDER BY 1
  LOOP
    PERFORM 1 FROM "tool" t WHERE t.id = v_tool FOR NO KEY UPDATE;
  END LOOP;

  FOR o IN
    SELECT (x.n - 1)::integer AS i, r.*
      FROM jsonb_array_elements(p_orders) WITH ORDINALITY AS x(e, n),
           jsonb_to_record(x.e) AS r(order_id uuid, user_id text, customer_name text, email text,
             phone text, address text, tool_id uuid, quantity integer, max_unpaid integer,
             tool_name text, part_number text, price_cents integer,
             mail_subject text, mail_html text, mail_text text)
     ORDER BY x.n
  LOOP
    SELECT count(*) INTO v_unpaid FROM "order" od
     WHERE od.user_id = o.user_id AND od.status = 'pending_payment';
    IF v_unpaid >= o.max_unpaid THEN
      RETURN QUERY SELECT o.i, 'too_many_unpaid'::text, NULL::integer, NULL::integer, NULL::boolean,
        NULL::timestamptz;
      CONTINUE;
    END IF;
    UPDATE "tool" t SET in_stock = t.in_stock - o.quantity
     WHERE t.id = o.tool_id AND t.archived_at IS NULL
       AND t.in_stock >= o.quantity AND t.min_order_quantity <= o.quantity
       AND t.price_cents = o.price_cents AND t.name = o.tool_name AND t.part_number = o.part_number
    RETURNING t.in_stock, coalesce(t.low_stock_threshold, 2 * t.min_order_quantity),
              t.low_stock_notified_at
      INTO v_stock, v_threshold, v_marked;
    IF NOT FOUND THEN
      RETURN QUERY SELECT o.i, 'changed'::text, NULL::integer, NULL::integer, NULL::boolean,
        NULL::timestamptz;
      CONTINUE;
    END IF;
    -- Each order keeps its own moment, so one account's orders of a batch list in arrival order;
    -- its stock movement and mail share it, as they shared the transaction's time in 0007.
    v_at := clock_timestamp();
    INSERT INTO "order" (id, user_id, customer_name, email, phone, address, tool_id, tool_name,
                         part_number, unit_price_cents, quantity, total_cents, created_at)
    VALUES (o.order_id, o.user_id, o.customer_name, o.email, o.phone, o.address, o.tool_id,
            o.tool_name, o.part_number, o.price_cents, o.quantity, o.price_cents * o.quantity, v_at);
    INSERT INTO "stock_movement" (tool_id, delta, reason, order_id, actor_id, created_at)
    VALUES (o.tool_id, -o.quantity, 'order', o.order_id, o.user_id, v_at);
    INSERT INTO "mail_outbox" ("to", subject, html, text, kind, order_id, user_id, created_at)
    VALUES (o.email, o.mail_subject, o.mail_html, o.mail_text, 'order_placed', o.order_id, o.user_id,
            v_at);
    v_placed := true;
    -- went_low as in 0007: the tool is at or below its threshold and not yet marked; the caller
    -- marks it (and mails the admins) right after, once however many orders say so.
    RETURN QUERY SELECT o.i, 'placed'::text, v_stock, v_threshold,
      (v_stock <= v_threshold AND v_marked IS NULL), v_at;
  END LOOP;
  IF v_placed THEN
    PERFORM pg_notify('voltforge_catalogue', '');
  END IF;
END
$$;
