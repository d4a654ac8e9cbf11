-- Catalogue search at scale (docs/architecture.md, "Catalogue search"; decision 020): the tool's
-- words and its part-number key become stored generated columns, computed on every write from
-- the expressions of src/db/schema/tool.ts (toolDocument, partNumberKeySql) and indexed, in place
-- of 0016's expression indexes, so a search no longer computes them for every row it reads.
-- Adding them computes them for every existing tool (one rewrite of the table, both columns in
-- one statement). The three GIN indexes are built again with fastupdate off (no pending list
-- for VACUUM to merge), keeping their names.
DROP INDEX "tool_name_trgm_idx";--> statement-breakpoint
DROP INDEX "tool_search_idx";--> statement-breakpoint
DROP INDEX "tool_part_number_key_trgm_idx";--> statement-breakpoint
ALTER TABLE "tool" ADD COLUMN "search_document" "tsvector" GENERATED ALWAYS AS ((setweight(to_tsvector('english'::regconfig, "tool"."name"), 'A') || setweight(to_tsvector('simple'::regconfig, "tool"."part_number"), 'A') || setweight(to_tsvector('english'::regconfig, "tool"."category"), 'B') || setweight(to_tsvector('english'::regconfig, "tool"."description"), 'C'))) STORED NOT NULL,
  ADD COLUMN "part_number_key" text GENERATED ALWAYS AS (regexp_replace(lower("tool"."part_number"), '[^a-z0-9]+', '', 'g')) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "tool_name_trgm_idx" ON "tool" USING gin ("name" gin_trgm_ops) WITH (fastupdate=off);--> statement-breakpoint
CREATE INDEX "tool_search_idx" ON "tool" USING gin ("search_document") WITH (fastupdate=off);--> statement-breakpoint
CREATE INDEX "tool_part_number_key_trgm_idx" ON "tool" USING gin ("part_number_key" gin_trgm_ops) WITH (fastupdate=off);
