CREATE TABLE "option_quotes" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"account_type" text NOT NULL,
	"side" text NOT NULL,
	"position_id" bigint,
	"symbol" text NOT NULL,
	"kind" text NOT NULL,
	"strike" numeric(38, 18) NOT NULL,
	"expires_at" bigint NOT NULL,
	"contracts" numeric(38, 0) NOT NULL,
	"multiplier" integer NOT NULL,
	"spot" numeric(38, 18) NOT NULL,
	"volatility" numeric(38, 18) NOT NULL,
	"rate" numeric(38, 18) NOT NULL,
	"premium" numeric(38, 18) NOT NULL,
	"premium_total" numeric(38, 18) NOT NULL,
	"fee" numeric(38, 18) NOT NULL,
	"total" numeric(38, 18) NOT NULL,
	"created_at" bigint NOT NULL,
	"valid_until" bigint NOT NULL,
	"used_at" bigint,
	CONSTRAINT "option_quotes_side" CHECK ("option_quotes"."side" in ('buy', 'close'))
);
--> statement-breakpoint
ALTER TABLE "option_quotes" ADD CONSTRAINT "option_quotes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "option_quotes_user_idx" ON "option_quotes" USING btree ("user_id","valid_until");