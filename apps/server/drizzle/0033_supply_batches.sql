-- Incoming batches (docs/payments.md, "Supply and availability"): expected from the line, moved,
-- received once into stock (a `receipt` stock movement naming the batch, unique).
CREATE TABLE "supply_batch" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tool_id" uuid NOT NULL,
	"quantity" integer NOT NULL,
	"expected_on" date NOT NULL,
	"received_at" timestamp with time zone,
	"received_quantity" integer,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "supply_batch_quantity_positive" CHECK ("supply_batch"."quantity" > 0),
	CONSTRAINT "supply_batch_received_whole" CHECK (("supply_batch"."received_at" is null) = ("supply_batch"."received_quantity" is null) and ("supply_batch"."received_quantity" is null or "supply_batch"."received_quantity" between 1 and "supply_batch"."quantity"))
);
--> statement-breakpoint
ALTER TABLE "stock_movement" ADD COLUMN "batch_id" uuid;--> statement-breakpoint
ALTER TABLE "supply_batch" ADD CONSTRAINT "supply_batch_tool_id_tool_id_fk" FOREIGN KEY ("tool_id") REFERENCES "public"."tool"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supply_batch" ADD CONSTRAINT "supply_batch_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "supply_batch_tool_id_idx" ON "supply_batch" USING btree ("tool_id","expected_on");--> statement-breakpoint
CREATE UNIQUE INDEX "stock_movement_batch_id_idx" ON "stock_movement" USING btree ("batch_id") WHERE "stock_movement"."batch_id" is not null;