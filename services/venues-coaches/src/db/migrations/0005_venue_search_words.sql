-- A search looks its words up in a dictionary of the directory's words, then reads a word index over
-- listed venues for the terms they make (the approach pg_trgm's documentation gives for
-- typo-tolerant search over many documents). A venue is indexed under each of its words and each two
-- adjacent words (one term, joined by a space, which no word holds), so a search of several words
-- asks for its adjacent pairs and the index answers "these words, next to each other, in this order"
-- exactly: its cost follows the vocabulary and the matches, not the directory. The trigram index
-- over each venue's whole text it replaces offered every venue sharing enough trigrams anywhere
-- (nearly every Melbourne venue for 'royal melborne'), each rechecked on its row.
CREATE TABLE "venue_search_words" (
	"word" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
-- The words of a normalised text (lower case, no accents: `search_text`): its runs of letters and
-- digits. Venues' terms, the dictionary and the typed search are all cut by this one definition.
CREATE OR REPLACE FUNCTION venue_words(normalised text) RETURNS text[]
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  AS $$ SELECT array_remove(regexp_split_to_array(normalised, '[^[:alnum:]]+'), '') $$;--> statement-breakpoint
-- The terms a venue is indexed under: each word ('royal', 'melbourne') and each two adjacent words as
-- one term ('royal melbourne').
CREATE OR REPLACE FUNCTION venue_search_terms(normalised text) RETURNS tsvector
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  AS $$ SELECT array_to_tsvector(words || array(
      SELECT words[i] || ' ' || words[i + 1] FROM generate_series(1, cardinality(words) - 1) i
    )) FROM venue_words(normalised) words $$;--> statement-breakpoint
DROP INDEX "venues_listed_search_trgm_idx";--> statement-breakpoint
ALTER TABLE "venues" ADD COLUMN "search_words" "tsvector" GENERATED ALWAYS AS (venue_search_terms(lower(immutable_unaccent(coalesce(name, '') || ' ' || coalesce(suburb, '') || ' ' || coalesce(city, '') || ' ' || coalesce(state, ''))))) STORED;--> statement-breakpoint
CREATE INDEX "venue_search_words_trgm_idx" ON "venue_search_words" USING gin ("word" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "venues_listed_search_words_idx" ON "venues" USING gin ("search_words") WITH (fastupdate=false) WHERE "venues"."is_active" and "venues"."review_status" = 'approved';--> statement-breakpoint
-- The dictionary holds the single words of listed venues (never the pairs): those there now, and
-- from here on each venue's words as it is inserted listed, or renamed, moved, activated or approved
-- (statement-level for inserts, so a bulk load adds its words in one pass). Words in a fixed order,
-- so two venues adding the same new words at once wait for each other instead of deadlocking.
INSERT INTO "venue_search_words" ("word")
  SELECT DISTINCT unnest(venue_words("search_text")) FROM "venues"
  WHERE "is_active" and "review_status" = 'approved'
  ORDER BY 1
  ON CONFLICT DO NOTHING;--> statement-breakpoint
CREATE OR REPLACE FUNCTION venue_search_words_of_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO venue_search_words (word)
    SELECT DISTINCT unnest(venue_words(search_text)) FROM inserted_venues
    WHERE is_active and review_status = 'approved'
    ORDER BY 1
    ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "venues_search_words_inserted" AFTER INSERT ON "venues"
  REFERENCING NEW TABLE AS inserted_venues
  FOR EACH STATEMENT EXECUTE FUNCTION venue_search_words_of_inserted();--> statement-breakpoint
CREATE OR REPLACE FUNCTION venue_search_words_of_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO venue_search_words (word)
    SELECT DISTINCT word FROM unnest(venue_words(NEW.search_text)) word
    ORDER BY 1
    ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "venues_search_words_updated"
  AFTER UPDATE OF name, suburb, city, state, is_active, review_status ON "venues"
  FOR EACH ROW WHEN (NEW.is_active and NEW.review_status = 'approved')
  EXECUTE FUNCTION venue_search_words_of_updated();--> statement-breakpoint
-- As with word similarity (0002), similarity is priced as it costs, so the planner looks a typed word
-- up in the dictionary's trigram index rather than comparing it with every word (0.03 ms against
-- 0.3 ms at 450 words).
DO $$
BEGIN
  ALTER FUNCTION similarity(text, text) COST 100;
  ALTER FUNCTION similarity_op(text, text) COST 100;
EXCEPTION WHEN insufficient_privilege THEN
  RAISE NOTICE 'pg_trgm functions are owned by another role: their planner costs stay as installed';
END $$;--> statement-breakpoint
-- The dictionary words a typed word may be a typo of: pg_trgm similarity of at least 0.28, so one
-- slip in a short word still counts ('clb' → 'club' 0.29, 'royl' → 'royal' 0.38, 'heeth' → 'heath'
-- 0.33, 'melborne' → 'melbourne' 0.58) while sharing only the first two letters does not ('royl' →
-- 'rock' 0.25). The threshold is the function's own (`SET`), so the trigram index answers it
-- without touching the session's setting.
CREATE OR REPLACE FUNCTION venue_words_similar_to(typed text) RETURNS SETOF text
  LANGUAGE sql STABLE STRICT
  SET pg_trgm.similarity_threshold = 0.28
  AS $$ SELECT word FROM venue_search_words WHERE word % typed $$;--> statement-breakpoint
-- The dictionary words a typed word of a several-word search may stand for: those it starts ('melb'
-- → 'melbourne') and those it is a small typo of, the `cap` most similar (then alphabetically). A
-- search asks for every pair of its adjacent words' candidates, so the cap bounds that product; only
-- a very short start ('m', 'ro') has more candidates than it, and those are the ones dropped. The
-- typed word holds only letters and digits, so it needs no escaping in LIKE.
CREATE OR REPLACE FUNCTION venue_word_candidates(typed text, cap integer) RETURNS SETOF text
  LANGUAGE sql STABLE STRICT
  AS $$ SELECT word FROM (
      SELECT word FROM venue_search_words WHERE word LIKE typed || '%'
      UNION
      SELECT venue_words_similar_to(typed)
    ) candidate(word)
    ORDER BY similarity(word, typed) DESC, word
    LIMIT cap $$;
