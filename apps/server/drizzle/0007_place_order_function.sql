-- Order placement as one statement (docs/performance.md, "Order placement"). Every order of a
-- popular tool queues on that tool's row lock, which is held from the reserving UPDATE until
-- commit; as one autocommitted call, no round trip to the application server falls inside it.
-- The caller has read the tool without locking it and rendered the customer's mail; this checks
-- that the tool still has the name, part number and price the mail shows, and answers:
--   placed           with the tool's stock after the order, its low-stock threshold and whether
--                    this order took it low for the first time, and the order's time
--   too_many_unpaid  the account already holds p_max_unpaid unpaid orders
--   changed          the stock ran short, or the tool changed, since the caller read it
-- The advisory lock serializes one account's placements, so its unpaid count (read by a later
-- statement, with a later snapshot) cannot be passed by a concurrent placement.
CREATE FUNCTION "voltforge_place_order"(
  p_order_id uuid, p_user_id text, p_customer_name text, p_email text, p_phone text,
  p_address text, p_tool_id uuid, p_quantity integer, p_max_unpaid integer,
  p_tool_name text, p_part_number text, p_price_cents integer,
  p_mail_subject text, p_mail_html text, p_mail_text text
) RETURNS TABLE (outcome text, in_stock integer, threshold integer, went_low boolean, created_at timestamptz)
LANGUAGE plpgsql AS $$
DECLARE
  v_unpaid integer;
  v_stock integer;
  v_threshold integer;
  v_marked timestamptz;
BEGIN
  PERFORM pg_advisory_xact_lock(7340022, hashtext(p_user_id));
  SELECT count(*) INTO v_unpaid FROM "order" o
   WHERE o.user_id = p_user_id AND o.status = 'pending_payment';
  IF v_unpaid >= p_max_unpaid THEN
    RETURN QUERY SELECT 'too_many_unpaid'::text, NULL::integer, NULL::integer, NULL::boolean, NULL::timestamptz;
    RETURN;
  END IF;
  UPDATE "tool" t SET in_stock = t.in_stock - p_quantity
   WHERE t.id = p_tool_id AND t.archived_at IS NULL
     AND t.in_stock >= p_quantity AND t.min_order_quantity <= p_quantity
     AND t.price_cents = p_price_cents AND t.name = p_tool_name AND t.part_number = p_part_number
  RETURNING t.in_stock, coalesce(t.low_stock_threshold, 2 * t.min_order_quantity), t.low_stock_notified_at
    INTO v_stock, v_threshold, v_marked;
  IF NOT FOUND THEN
    RETURN QUERY SELECT 'changed'::text, NULL::integer, NULL::integer, NULL::boolean, NULL::timestamptz;
    RETURN;
  END IF;
  INSERT INTO "order" (id, user_id, customer_name, email, phone, address, tool_id, tool_name,
                       part_number, unit_price_cents, quantity, total_cents)
  VALUES (p_order_id, p_user_id, p_customer_name, p_email, p_phone, p_address, p_tool_id,
          p_tool_name, p_part_number, p_price_cents, p_quantity, p_price_cents * p_quantity);
  INSERT INTO "stock_movement" (tool_id, delta, reason, order_id, actor_id)
  VALUES (p_tool_id, -p_quantity, 'order', p_order_id, p_user_id);
  INSERT INTO "mail_outbox" ("to", subject, html, text, kind, order_id, user_id)
  VALUES (p_email, p_mail_subject, p_mail_html, p_mail_text, 'order_placed', p_order_id, p_user_id);
  PERFORM pg_notify('voltforge_catalogue', '');
  RETURN QUERY SELECT 'placed'::text, v_stock, v_threshold,
    (v_stock <= v_threshold AND v_marked IS NULL), now();
END
$$;
