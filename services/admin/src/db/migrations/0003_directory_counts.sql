CREATE TABLE "directory_counts" (
	"role" text NOT NULL,
	"banned" boolean NOT NULL,
	"people" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "directory_counts_role_banned_pk" PRIMARY KEY("role","banned")
);
--> statement-breakpoint
-- The directory's totals by role and ban, kept as people come, change and go. Each statement's
-- rows are summed into one change per (role, banned), taken in key order so two transactions
-- never lock the same totals the other way round; a change that moves no total (a login) locks none.
CREATE FUNCTION directory_counts_follow() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO directory_counts (role, banned, people)
  SELECT role, banned, sum(change)::int FROM (
    SELECT role, banned, -1 AS change FROM old_rows WHERE NOT deleted
    UNION ALL
    SELECT role, banned, 1 AS change FROM new_rows WHERE NOT deleted
  ) AS changes
  GROUP BY role, banned
  HAVING sum(change) <> 0
  ORDER BY role, banned
  ON CONFLICT (role, banned) DO UPDATE SET people = directory_counts.people + excluded.people;
  RETURN NULL;
END $$;--> statement-breakpoint
-- A trigger with transition tables takes one event: inserts and deletions have their own.
CREATE FUNCTION directory_counts_follow_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO directory_counts (role, banned, people)
  SELECT role, banned, count(*)::int FROM new_rows WHERE NOT deleted GROUP BY role, banned ORDER BY role, banned
  ON CONFLICT (role, banned) DO UPDATE SET people = directory_counts.people + excluded.people;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION directory_counts_follow_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO directory_counts (role, banned, people)
  SELECT role, banned, -count(*)::int FROM old_rows WHERE NOT deleted GROUP BY role, banned ORDER BY role, banned
  ON CONFLICT (role, banned) DO UPDATE SET people = directory_counts.people + excluded.people;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER directory_counts_after_insert AFTER INSERT ON directory_users
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION directory_counts_follow_insert();--> statement-breakpoint
CREATE TRIGGER directory_counts_after_update AFTER UPDATE ON directory_users
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION directory_counts_follow();--> statement-breakpoint
CREATE TRIGGER directory_counts_after_delete AFTER DELETE ON directory_users
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION directory_counts_follow_delete();--> statement-breakpoint
INSERT INTO directory_counts (role, banned, people)
SELECT role, banned, count(*)::int FROM directory_users WHERE NOT deleted GROUP BY role, banned;
