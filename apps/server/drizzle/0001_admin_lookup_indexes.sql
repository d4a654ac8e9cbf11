DROP INDEX "order_user_id_idx";--> statement-breakpoint
CREATE INDEX "order_user_id_created_at_idx" ON "order" USING btree ("user_id","created_at");--> statement-breakpoint
ALTER TABLE "test_payment_intent" ADD CONSTRAINT "test_payment_intent_client_secret_unique" UNIQUE("client_secret");