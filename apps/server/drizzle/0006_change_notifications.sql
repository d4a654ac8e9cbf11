-- Every change to a user's account, sessions, profile or orders is announced on the channel
-- voltforge_user with the user's id, however it is made, so every instance's session and
-- per-user caches forget it (docs/architecture.md, "Caches and change notifications").
-- The trigger's argument names the row's user id column.
CREATE FUNCTION "voltforge_announce_user_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('voltforge_user', coalesce(to_jsonb(NEW), to_jsonb(OLD)) ->> TG_ARGV[0]);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "user_announce_change" AFTER UPDATE OR DELETE ON "user"
  FOR EACH ROW EXECUTE FUNCTION "voltforge_announce_user_change"('id');--> statement-breakpoint
CREATE TRIGGER "session_announce_change" AFTER UPDATE OR DELETE ON "session"
  FOR EACH ROW EXECUTE FUNCTION "voltforge_announce_user_change"('user_id');--> statement-breakpoint
CREATE TRIGGER "profile_announce_change" AFTER INSERT OR UPDATE OR DELETE ON "profile"
  FOR EACH ROW EXECUTE FUNCTION "voltforge_announce_user_change"('user_id');--> statement-breakpoint
CREATE TRIGGER "order_announce_change" AFTER INSERT OR UPDATE OR DELETE ON "order"
  FOR EACH ROW EXECUTE FUNCTION "voltforge_announce_user_change"('user_id');
