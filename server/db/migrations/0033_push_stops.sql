CREATE TABLE "push_stops" (
	"user_id" bigint PRIMARY KEY NOT NULL,
	"endpoint" text NOT NULL,
	"failures" smallint NOT NULL,
	"last_status" integer NOT NULL,
	"stopped_at" bigint NOT NULL
);
--> statement-breakpoint
DROP INDEX "push_subscriptions_user_idx";--> statement-breakpoint
ALTER TABLE "push_subscriptions" ADD COLUMN "failures" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "push_stops" ADD CONSTRAINT "push_stops_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "push_subscriptions_user_idx" ON "push_subscriptions" USING btree ("user_id","created_at");