CREATE TABLE "order_event" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"from_status" text,
	"to_status" text NOT NULL,
	"actor_id" text,
	"cancel_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "tool" ADD COLUMN "part_number" text;--> statement-breakpoint
-- Existing tools get part numbers once, the same on every installation with the same rows: the
-- catalogue's picture names start with one (/images/tools/vf-dm200-... gives VF-DM200), any other
-- tool gets VF- and the start of its id. A base taken twice gets -2, -3... by creation time;
-- bases contain one dash, so a suffixed number never equals another base.
WITH "derived" AS (
	SELECT "id", "created_at",
		coalesce(
			upper(substring("image_url" from '^/images/tools/(vf-[a-z0-9]+)-')),
			'VF-' || upper(left(replace("id"::text, '-', ''), 8))
		) AS "base"
	FROM "tool"
), "numbered" AS (
	SELECT "id", "base", row_number() OVER (PARTITION BY "base" ORDER BY "created_at", "id") AS "n"
	FROM "derived"
)
UPDATE "tool" SET "part_number" = CASE WHEN "numbered"."n" = 1 THEN "numbered"."base" ELSE "numbered"."base" || '-' || "numbered"."n" END
FROM "numbered" WHERE "tool"."id" = "numbered"."id";--> statement-breakpoint
ALTER TABLE "tool" ALTER COLUMN "part_number" SET NOT NULL;--> statement-breakpoint
-- Orders keep the part number their tool had, as they keep its name.
ALTER TABLE "order" ADD COLUMN "part_number" text;--> statement-breakpoint
UPDATE "order" SET "part_number" = "tool"."part_number" FROM "tool" WHERE "tool"."id" = "order"."tool_id";--> statement-breakpoint
ALTER TABLE "order" ALTER COLUMN "part_number" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "tool" ADD COLUMN "low_stock_threshold" integer;--> statement-breakpoint
ALTER TABLE "tool" ADD COLUMN "low_stock_notified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "order_event" ADD CONSTRAINT "order_event_order_id_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."order"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_event" ADD CONSTRAINT "order_event_actor_id_user_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_event_order_id_idx" ON "order_event" USING btree ("order_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "tool_part_number_lower_idx" ON "tool" USING btree (lower("part_number"));--> statement-breakpoint
ALTER TABLE "tool" ADD CONSTRAINT "tool_low_stock_threshold_non_negative" CHECK ("tool"."low_stock_threshold" >= 0);