ALTER TABLE "loans" ADD COLUMN "penalty_rate" numeric(38, 18) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "loans" ADD COLUMN "penalty_accrued" numeric(38, 18) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "loans" ADD COLUMN "segment_from" bigint;--> statement-breakpoint
ALTER TABLE "loans" ADD COLUMN "segment_interest" numeric(38, 18) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "loans" ADD COLUMN "segment_penalty" numeric(38, 18) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "loans" ADD COLUMN "accrued_at" bigint;--> statement-breakpoint
-- A loan out goes on from the last whole day it was charged for: its new segment starts there.
UPDATE "loans" SET "segment_from" = "disbursed_at" + "accrued_days"::bigint * 86400000, "accrued_at" = "disbursed_at" + "accrued_days"::bigint * 86400000 WHERE "disbursed_at" IS NOT NULL;
