ALTER TABLE "ipo_applications" ADD COLUMN "paid_at" bigint;--> statement-breakpoint
ALTER TABLE "ipo_applications" ADD COLUMN "lapsed_at" bigint;