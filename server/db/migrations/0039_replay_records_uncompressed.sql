-- The recorder's rows are stored as they come, not compressed by the database: PostgreSQL's own
-- TOAST compression (pglz) of a flush's text cost about as much CPU as taking the text in (on
-- PGlite, twice what the insert costs without it) to save half its size on disk. Rows already
-- written stay as they are and read the same.
ALTER TABLE "market_records" ALTER COLUMN "events" SET STORAGE EXTERNAL;--> statement-breakpoint
ALTER TABLE "market_records" ALTER COLUMN "snapshot" SET STORAGE EXTERNAL;
