CREATE TABLE "cart_line" (
	"user_id" text NOT NULL,
	"tool_id" uuid NOT NULL,
	"quantity" integer NOT NULL,
	"seq" bigint GENERATED ALWAYS AS IDENTITY (sequence name "cart_line_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"seen_unit_price_cents" integer NOT NULL,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cart_line_user_id_tool_id_pk" PRIMARY KEY("user_id","tool_id"),
	CONSTRAINT "cart_line_quantity_positive" CHECK ("cart_line"."quantity" >= 1)
);
--> statement-breakpoint
ALTER TABLE "cart_line" ADD CONSTRAINT "cart_line_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_line" ADD CONSTRAINT "cart_line_tool_id_tool_id_fk" FOREIGN KEY ("tool_id") REFERENCES "public"."tool"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cart_line_tool_id_idx" ON "cart_line" USING btree ("tool_id");