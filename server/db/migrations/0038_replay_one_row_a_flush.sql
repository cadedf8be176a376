-- The recorder now writes one row a flush for every symbol (a section a symbol) instead of a row
-- a symbol. The rows written before are dropped rather than read by a second reader: they are a
-- few days of replays at most (the retention), and a day missing its rows in the list would name
-- a session that cannot be replayed, so its days go with them.
DELETE FROM "market_records";--> statement-breakpoint
DELETE FROM "market_record_days";--> statement-breakpoint
DROP INDEX "market_records_symbol_t_idx";--> statement-breakpoint
ALTER TABLE "market_records" DROP COLUMN "symbol";
