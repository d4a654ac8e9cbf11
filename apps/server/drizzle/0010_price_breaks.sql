ALTER TABLE "tool" ADD COLUMN "order_multiple" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "tool" ADD COLUMN "price_breaks" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "tool" ADD CONSTRAINT "tool_order_multiple_positive" CHECK ("tool"."order_multiple" >= 1);--> statement-breakpoint
-- Order placement (migration 0008) with price breaks and order multiples: the caller prices the
-- order with the contract's pricing function (unit_price_cents) from the tool it read, and sends
-- the tool's base price, multiple and breaks as it read them; the reservation happens only while
-- the tool still has exactly those (otherwise 'changed', and the caller reads and prices again)
-- and the quantity is a multiple. A caller that sends none of the three new fields (an instance
-- of the previous release during a deploy) places at the base price, as before, and only while
-- the tool has no breaks and no multiple.
CREATE OR REPLACE FUNCTION "voltforge_place_orders"(p_orders jsonb)
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
             mail_subject text, mail_html text, mail_text text,
             unit_price_cents integer, order_multiple integer, price_breaks jsonb)
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
       AND t.order_multiple = coalesce(o.order_multiple, 1)
       AND t.price_breaks = coalesce(o.price_breaks, '[]'::jsonb)
       AND o.quantity % t.order_multiple = 0
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
            o.tool_name, o.part_number, coalesce(o.unit_price_cents, o.price_cents), o.quantity,
            coalesce(o.unit_price_cents, o.price_cents) * o.quantity, v_at);
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
