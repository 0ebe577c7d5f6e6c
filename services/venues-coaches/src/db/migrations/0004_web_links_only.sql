-- Stored links are web links only (proto/src/rules/links.ts): `http:` or `https:` with a host.
-- Links stored before the rule that break it (`javascript:`, `data:`, `file:`, relative paths, a
-- scheme with no host) are let go: every such column allows null, which the pages read as "none".
-- The pattern is the rule's own first test; blanks around a link are forgiven, as the rule does.
UPDATE "venues" SET "website_url" = NULL
  WHERE "website_url" IS NOT NULL AND btrim("website_url") <> ''
    AND btrim("website_url") !~* '^https?://([^/?#[:space:]\\@]*@)?[^/?#[:space:]\\@:]';
--> statement-breakpoint
UPDATE "venues" SET "virtual_tour_url" = NULL
  WHERE "virtual_tour_url" IS NOT NULL AND btrim("virtual_tour_url") <> ''
    AND btrim("virtual_tour_url") !~* '^https?://([^/?#[:space:]\\@]*@)?[^/?#[:space:]\\@:]';
--> statement-breakpoint
UPDATE "venues" SET "facebook_url" = NULL
  WHERE "facebook_url" IS NOT NULL AND btrim("facebook_url") <> ''
    AND btrim("facebook_url") !~* '^https?://([^/?#[:space:]\\@]*@)?[^/?#[:space:]\\@:]';
--> statement-breakpoint
UPDATE "venues" SET "instagram_url" = NULL
  WHERE "instagram_url" IS NOT NULL AND btrim("instagram_url") <> ''
    AND btrim("instagram_url") !~* '^https?://([^/?#[:space:]\\@]*@)?[^/?#[:space:]\\@:]';
--> statement-breakpoint
UPDATE "venues" SET "twitter_url" = NULL
  WHERE "twitter_url" IS NOT NULL AND btrim("twitter_url") <> ''
    AND btrim("twitter_url") !~* '^https?://([^/?#[:space:]\\@]*@)?[^/?#[:space:]\\@:]';
--> statement-breakpoint
UPDATE "venues" SET "youtube_url" = NULL
  WHERE "youtube_url" IS NOT NULL AND btrim("youtube_url") <> ''
    AND btrim("youtube_url") !~* '^https?://([^/?#[:space:]\\@]*@)?[^/?#[:space:]\\@:]';
--> statement-breakpoint
UPDATE "coaches" SET "profile_image_url" = NULL
  WHERE "profile_image_url" IS NOT NULL AND btrim("profile_image_url") <> ''
    AND btrim("profile_image_url") !~* '^https?://([^/?#[:space:]\\@]*@)?[^/?#[:space:]\\@:]';
