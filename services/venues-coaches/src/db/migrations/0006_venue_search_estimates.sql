-- The planner prices a set-returning function at 1,000 rows unless told, so it took each typed word
-- for 1,000 candidates and a search of many words for millions of pair terms: above jit_above_cost,
-- a 46-word search spent 600 ms compiling for 1 ms of work (and 30 ms at 21 words). Each word has
-- at most the cap's candidates (20 for a two-word search, fewer for longer ones) and a handful of
-- typos, so that is what they are priced at.
ALTER FUNCTION venue_word_candidates(text, integer) ROWS 20;--> statement-breakpoint
ALTER FUNCTION venue_words_similar_to(text) ROWS 10;
