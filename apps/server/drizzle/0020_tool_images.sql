CREATE TABLE "tool_image" (
	"hash" text NOT NULL,
	"size" integer NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"webp" "bytea" NOT NULL,
	"uploaded_at" timestamp with time zone DEFAULT now() NOT NULL,
	"uploaded_by" text,
	CONSTRAINT "tool_image_hash_size_pk" PRIMARY KEY("hash","size"),
	CONSTRAINT "tool_image_hash_hex" CHECK ("tool_image"."hash" ~ '^[0-9a-f]{64}$'),
	CONSTRAINT "tool_image_size_known" CHECK ("tool_image"."size" IN (800, 480, 128))
);
--> statement-breakpoint
ALTER TABLE "tool_image" ADD CONSTRAINT "tool_image_uploaded_by_user_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;