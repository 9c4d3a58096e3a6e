-- Page views by route pattern (issue 21): the web app reports the router's pattern a path matched
-- (`/content/:id`, `/*` for no page), so the admin report counts pages, not each id. Rows from
-- before it (and from older clients) have none: the report counts their path without its query.
ALTER TABLE "page_view" ADD COLUMN "route" text;--> statement-breakpoint
CREATE INDEX "page_view_route_idx" ON "page_view" USING btree ("route");
