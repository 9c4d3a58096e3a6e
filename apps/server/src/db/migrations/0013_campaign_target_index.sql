-- A manifest build reads only the campaigns that can fill its space (issue 19 item 2). Each live
-- campaign is indexed by what it targets: its ad space ids; else its cities; else its venue types;
-- else its orientations; else `any`. Every campaign that matchesTargeting (packages/shared) a
-- space has one of the space's keys (modules/fill/target-keys.ts `spaceTargetKeys`), and the
-- rotation applies matchesTargeting to what the index returns. Kept true by PostgreSQL itself:
-- the index is on an expression of the stored targeting, so no code path can forget to update it.
--
-- A city key keeps only [a-hjl-z0-9] of the city with A-Z folded: JavaScript's toLowerCase of
-- any other character has none of those (U+0130 gives "i" and a combining dot, U+212A gives "k":
-- hence no i and no k), and trimming removes only whitespace, so two cities that match as
-- matchesTargeting compares them (trimmed, lower-cased) always have the same key, whatever the
-- database's locale. target-keys.test.ts checks this over every code point.
--
-- fastupdate off: new entries go into the index at once instead of a pending list that every
-- lookup scans until a vacuum (PGlite has no autovacuum), so a lookup stays flat as campaigns
-- are added; campaigns are written rarely, so the slower insert costs little.
CREATE FUNCTION "campaign_target_keys"("targeting" jsonb) RETURNS text[]
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT CASE
    WHEN jsonb_typeof(targeting->'adSpaceIds') = 'array' AND jsonb_array_length(targeting->'adSpaceIds') > 0
      THEN ARRAY(SELECT 'space:' || v FROM jsonb_array_elements_text(targeting->'adSpaceIds') AS v)
    WHEN jsonb_typeof(targeting->'cities') = 'array' AND jsonb_array_length(targeting->'cities') > 0
      THEN ARRAY(
        SELECT 'city:' || regexp_replace(
          translate(v, 'ABCDEFGHIJKLMNOPQRSTUVWXYZ', 'abcdefghijklmnopqrstuvwxyz'),
          '[^abcdefghjlmnopqrstuvwxyz0123456789]', '', 'g')
        FROM jsonb_array_elements_text(targeting->'cities') AS v)
    WHEN jsonb_typeof(targeting->'venueTypes') = 'array' AND jsonb_array_length(targeting->'venueTypes') > 0
      THEN ARRAY(SELECT 'venue:' || v FROM jsonb_array_elements_text(targeting->'venueTypes') AS v)
    WHEN jsonb_typeof(targeting->'orientations') = 'array' AND jsonb_array_length(targeting->'orientations') > 0
      THEN ARRAY(SELECT 'orientation:' || v FROM jsonb_array_elements_text(targeting->'orientations') AS v)
    ELSE ARRAY['any']
  END
$$;--> statement-breakpoint
CREATE INDEX "campaign_live_target_idx" ON "campaign" USING gin (campaign_target_keys("targeting")) WITH (fastupdate=false) WHERE "campaign"."state" IN ('approved', 'paused');
