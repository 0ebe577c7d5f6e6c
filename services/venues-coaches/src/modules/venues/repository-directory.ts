import { and, eq, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { listedVenue, venueMedia, venues } from '../../db/schema';
import type { Db } from '../../db/types';

// ── The directory (GET /venues) ──────────────────────────────────────────────

/** The directory's filters, each already cleaned: absent means no filter. */
export interface DirectoryFilters {
  /** Free text; its words are searched, next to each other, among those of name, suburb, city and state. */
  search?: string;
  /** An AU_STATES code. */
  state?: string;
  /** Compared with the stored region and city ignoring case. */
  region?: string;
  city?: string;
  /** Enumerated values the venue's list must contain. */
  venueType?: string;
  courseAmenity?: string;
  clubAmenity?: string;
}

export interface DirectoryPage {
  limit: number;
  offset: number;
}

/** A directory card as the query returns it: the API's `VenueListItem`. */
export type DirectoryRow = {
  id: number;
  slug: string;
  name: string;
  suburb: string | null;
  city: string | null;
  state: string | null;
  region: string | null;
  description: string | null;
  phone: string | null;
  website_url: string | null;
  venue_type: string[];
  is_verified: boolean;
  featured_image_url: string | null;
  gallery_count: number;
  lat: number | null;
  lng: number | null;
};

/** Text as `search_text` holds it: lower case, accents removed (the same function the column uses). */
const normalised = (text: string) => sql`lower(immutable_unaccent(${text}::text))`;

/**
 * The most terms a search of several words asks the index for. With n candidates a word (the typed
 * word among them), p adjacent pairs ask for p·n² pair terms and the last word's start n more; unbounded,
 * 'b c d g h m p r s t w' asked for 4,221 and took 150 ms at 10,000 venues (a real search: 1–7 ms).
 * The cap is a two-word search's own bound (21 × 21 + 21), so those are unchanged; a longer search
 * gives each word the largest n within it (14 for two pairs, 10 for four, 6 for ten), keeping the most
 * similar candidates: every word is still searched, standing for fewer typos.
 */
const SEARCH_TERMS_CAP = 21 * 21 + 21;

/** A word this short before the last stands only for itself: 'st kilda' is St Kilda, not Stanley. */
const EXACT_WORD_LENGTH = 2;

/** The candidates besides itself each word of a search of `words` words has: the largest n, less one. */
const typosPerWord = (words: SQL) => sql`(greatest(1, floor(
      (sqrt(1 + 4 * greatest(${words} - 1, 1) * ${SEARCH_TERMS_CAP}::int) - 1) / (2 * greatest(${words} - 1, 1))
    ))::int - 1)`;

/**
 * A search as a text-search query over venues' terms (`search_words`: each word and each two
 * adjacent words, migration 0005). Its words are cut as a venue's are (`venue_words` of the
 * normalised text: runs of letters and digits, so punctuation is ignored), and each stands for the
 * venue words it starts ('melb' finds 'melbourne') and those it is a small typo of ('melborne' finds
 * 'melbourne', 'clb' finds 'club').
 * - One word: a venue with any of them: `'melb':* | 'melbourne'`.
 * - Several: the words next to each other, in the search's order. Each adjacent pair of typed words
 *   must be one of the venue's pair terms made of their candidates (`venue_word_candidates`, as many
 *   as `SEARCH_TERMS_CAP` leaves each, and the typed word itself; a word of one or two letters before
 *   the last is only itself), and the last word may be the start of its pair's second word:
 *   `('royal melbourne' | 'royal melborne':* | …) & ('melbourne golf' | …)`.
 * The words hold only letters and digits, so quoting them needs no escaping. Built once per statement
 * (a scalar subquery); null, matching nothing, when the search has no words.
 */
const searchQuery = (search: string) => sql`(with typed as (
    select word, position, count(*) over () as words
    from unnest(venue_words(${normalised(search)})) with ordinality as t(word, position)
  ), candidate as (
    select typed.position, c.word
    from typed, lateral (
      select typed.word
      union
      select venue_word_candidates(typed.word, ${typosPerWord(sql`typed.words`)})
      where char_length(typed.word) > ${EXACT_WORD_LENGTH}::int or typed.position = typed.words
    ) c(word)
  ), pair_term as (
    select a.position, '''' || a.word || ' ' || b.word || '''' as term
    from candidate a join candidate b on b.position = a.position + 1
    union all
    select a.position, '''' || a.word || ' ' || b.word || ''':*'
    from candidate a join typed b on b.position = a.position + 1 and b.position = b.words
  )
  select coalesce(
    (select string_agg('(' || terms || ')', ' & ')
      from (select string_agg(term, ' | ') as terms from pair_term group by position) pair),
    (select '''' || word || ''':*' || coalesce((
        select string_agg(' | ''' || similar_word || '''', '') from venue_words_similar_to(word) similar_word
      ), '') from typed)
  )::tsquery)`;

/**
 * Whether a venue matches the search: the GIN index over listed venues' terms answers the query
 * exactly, reading only the posting lists of the terms the search asks for.
 */
const matchesSearch = (search: string) => sql`${venues.searchWords} @@ ${searchQuery(search)}`;

/** How close a venue is to the search: pg_trgm's word similarity, 0 to 1. */
const searchRank = (search: string) => sql`word_similarity(${normalised(search)}, ${venues.searchText})`;

/** Array filters are written `@>` so the GIN indexes over listed venues answer them. */
const contains = (column: SQLWrapper, value: string) => sql`${column} @> array[${value}]::text[]`;
/** Free-text columns compared as the filter lists show them: trimmed, ignoring case. */
const equalIgnoringCase = (column: SQLWrapper, value: string) =>
  sql`lower(btrim(${column})) = lower(${value})`;

/** The listed venues under the filters; the listed condition is spelled as the partial indexes say it. */
function matching(filters: DirectoryFilters): SQL {
  return and(
    listedVenue(venues),
    filters.search ? matchesSearch(filters.search) : undefined,
    filters.state ? eq(venues.state, filters.state) : undefined,
    filters.region ? equalIgnoringCase(venues.region, filters.region) : undefined,
    filters.city ? equalIgnoringCase(venues.city, filters.city) : undefined,
    filters.venueType ? contains(venues.venueType, filters.venueType) : undefined,
    filters.courseAmenity ? contains(venues.courseAmenities, filters.courseAmenity) : undefined,
    filters.clubAmenity ? contains(venues.clubAmenities, filters.clubAmenity) : undefined,
  )!;
}

/**
 * One page of the directory. With a search the matches are found once (`materialized`) by the term
 * index and only they are ranked: by word similarity to the whole search, then name, then id. The
 * dictionary lookup costs what the vocabulary costs and the index reads only the posting lists of
 * the terms asked for, so a search costs what its matches cost, whatever the directory's size. Without a
 * search the set is inlined (`not materialized`), so the page is read in the order of the name index
 * over listed venues and stops after the page. Gallery sizes are counted for the page's venues only.
 * The total is not counted here: the service's `ListTotals` counts it only as far as it must.
 */
export function venueDirectorySql(filters: DirectoryFilters, page: DirectoryPage): SQL {
  const rank = filters.search ? searchRank(filters.search) : sql`0::real`;
  return sql`with matched as ${filters.search ? sql`materialized` : sql`not materialized`} (
  select ${venues.id} as id, ${venues.name} as name, ${rank} as rank
  from ${venues}
  where ${matching(filters)}
)
select ${venues.id} as id, ${venues.slug} as slug, ${venues.name} as name, ${venues.suburb} as suburb,
  ${venues.city} as city, ${venues.state} as state, ${venues.region} as region,
  ${venues.description} as description, ${venues.phone} as phone, ${venues.websiteUrl} as website_url,
  ${venues.venueType} as venue_type, ${venues.isVerified} as is_verified,
  ${venues.featuredImageUrl} as featured_image_url,
  (select count(*)::int from ${venueMedia} where ${venueMedia.venueId} = ${venues.id}) as gallery_count,
  ${venues.lat} as lat, ${venues.lng} as lng
from (
  select id, name, rank from matched order by rank desc, name, id limit ${page.limit} offset ${page.offset}
) page
join ${venues} on ${venues.id} = page.id
order by page.rank desc, page.name, page.id`;
}

/** The listed venues under the filters, counted up to `cap` (reading no more than `cap` of them). */
export function countVenuesUpToSql(filters: DirectoryFilters, cap: number): SQL {
  return sql`select count(*)::int as n from (
  select 1 from ${venues} where ${matching(filters)} limit ${cap}
) capped`;
}

/** All the listed venues under the filters, counted. */
export function countVenuesSql(filters: DirectoryFilters): SQL {
  return sql`select count(*)::int as n from ${venues} where ${matching(filters)}`;
}

const dialect = new PgDialect();

/**
 * The directory's page statement as text and parameters, exactly as the service sends it to
 * PostgreSQL: for running the same SQL directly (the bench's comparison) or for `EXPLAIN`.
 */
export function venueDirectoryQuery(
  filters: DirectoryFilters,
  page: DirectoryPage,
): { text: string; values: unknown[] } {
  const query = dialect.sqlToQuery(venueDirectorySql(filters, page));
  return { text: query.sql, values: query.params };
}

/**
 * The text-search query a search builds, as text and parameters: for seeing which terms a search
 * asks the index for, and how many.
 */
export function venueSearchTermsQuery(search: string): { text: string; values: unknown[] } {
  const query = dialect.sqlToQuery(sql`select ${searchQuery(search)}::text as terms`);
  return { text: query.sql, values: query.params };
}

export async function directoryPage(
  db: Db,
  filters: DirectoryFilters,
  page: DirectoryPage,
): Promise<DirectoryRow[]> {
  return (await db.execute<DirectoryRow>(venueDirectorySql(filters, page))).rows;
}

export async function countVenues(db: Db, filters: DirectoryFilters, cap?: number): Promise<number> {
  const statement = cap === undefined ? countVenuesSql(filters) : countVenuesUpToSql(filters, cap);
  const [row] = (await db.execute<{ n: number }>(statement)).rows;
  return row?.n ?? 0;
}
