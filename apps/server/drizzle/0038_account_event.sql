-- What staff did to an account and why (a ban's reason), kept after it is undone: one row per ban
-- and unban, written with the change (users-admin.service.ts; docs/architecture.md §6).
CREATE TABLE "account_event" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"kind" text NOT NULL,
	"reason" text,
	"actor_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "account_event" ADD CONSTRAINT "account_event_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_event" ADD CONSTRAINT "account_event_actor_id_user_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "account_event_user_id_idx" ON "account_event" USING btree ("user_id","created_at");