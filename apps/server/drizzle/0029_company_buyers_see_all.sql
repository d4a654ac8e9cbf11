-- A company may let its buyers see all of its orders.
ALTER TABLE "company" ADD COLUMN "buyers_see_all_orders" boolean DEFAULT false NOT NULL;