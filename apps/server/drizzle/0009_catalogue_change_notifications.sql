-- Every statement that writes the tables the public catalogue shows (tools with their stock and
-- prices; reviews, for the ratings and the home page) is announced on the channel
-- voltforge_catalogue, however it is made, so every instance's catalogue answers are forgotten at
-- commit (docs/architecture.md, "Caches and change notifications"). Per statement, not per row:
-- one notification per transaction is all a cache needs, and PostgreSQL folds repeats into one.
CREATE FUNCTION "voltforge_announce_catalogue_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('voltforge_catalogue', '');
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "tool_announce_change" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "tool"
  FOR EACH STATEMENT EXECUTE FUNCTION "voltforge_announce_catalogue_change"();--> statement-breakpoint
CREATE TRIGGER "review_announce_change" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "review"
  FOR EACH STATEMENT EXECUTE FUNCTION "voltforge_announce_catalogue_change"();
