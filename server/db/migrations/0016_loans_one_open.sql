-- Parallel applications could leave a user more than one waiting application before this index
-- (issue 18 audit). Nothing has moved for a waiting one (review, offered): all but the earliest
-- open one are rejected, so the index can be built.
UPDATE "loans" SET "status" = 'rejected', "reject_reason" = 'duplicate application'
WHERE "status" in ('review', 'offered') AND EXISTS (
  SELECT 1 FROM "loans" AS "o"
  WHERE "o"."user_id" = "loans"."user_id"
    AND "o"."status" in ('review', 'offered', 'active', 'repaying')
    AND ("o"."status" in ('active', 'repaying') OR "o"."id" < "loans"."id")
);--> statement-breakpoint
CREATE UNIQUE INDEX "loans_one_open" ON "loans" USING btree ("user_id") WHERE "loans"."status" in ('review', 'offered', 'active', 'repaying');
