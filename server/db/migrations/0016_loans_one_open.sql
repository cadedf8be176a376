-- Parallel applications could leave a user more than one application waiting (review, offered)
-- before this index (issue 18 audit). Nothing has moved for a waiting one: all but the earliest are
-- rejected, and so is one waiting beside a loan that is already out, so the index can be built.
-- Loans already out are left as they are: two of them cannot be undone here.
UPDATE "loans" SET "status" = 'rejected', "reject_reason" = 'duplicate application'
WHERE "status" in ('review', 'offered') AND EXISTS (
  SELECT 1 FROM "loans" AS "o"
  WHERE "o"."user_id" = "loans"."user_id"
    AND "o"."status" in ('review', 'offered', 'active', 'repaying')
    AND ("o"."status" in ('active', 'repaying') OR "o"."id" < "loans"."id")
);--> statement-breakpoint
CREATE UNIQUE INDEX "loans_one_open" ON "loans" USING btree ("user_id") WHERE "loans"."status" in ('review', 'offered');
