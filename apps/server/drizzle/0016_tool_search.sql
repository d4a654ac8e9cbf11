-- Catalogue search (docs/architecture.md, "Catalogue search"): expression indexes, no new
-- columns, so no table rewrite and no extra bytes in every read of a tool row. The expressions
-- are exactly the ones the search query uses (toolDocument and partNumberKeySql in
-- src/db/schema/tool.ts); pg_trgm is created by 0000_init. The name's trigram index
-- (tool_name_trgm_idx, 0000) serves the name's ILIKE and word similarity.
CREATE INDEX "tool_search_idx" ON "tool" USING gin ((setweight(to_tsvector('english'::regconfig, "name"), 'A') || setweight(to_tsvector('simple'::regconfig, "part_number"), 'A') || setweight(to_tsvector('english'::regconfig, "category"), 'B') || setweight(to_tsvector('english'::regconfig, "description"), 'C')));--> statement-breakpoint
CREATE INDEX "tool_part_number_key_trgm_idx" ON "tool" USING gin ((regexp_replace(lower("part_number"), '[^a-z0-9]+', '', 'g')) gin_trgm_ops);
