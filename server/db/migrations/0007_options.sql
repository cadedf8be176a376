CREATE TABLE "option_positions" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "option_positions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" bigint NOT NULL,
	"account_type" text NOT NULL,
	"symbol" text NOT NULL,
	"kind" text NOT NULL,
	"strike" numeric(38, 18) NOT NULL,
	"expires_at" bigint NOT NULL,
	"contracts" numeric(38, 0) NOT NULL,
	"multiplier" integer NOT NULL,
	"open_price" numeric(38, 18) NOT NULL,
	"premium" numeric(38, 18) NOT NULL,
	"premium_total" numeric(38, 18) NOT NULL,
	"fee" numeric(38, 18) NOT NULL,
	"volatility" numeric(38, 18) NOT NULL,
	"rate" numeric(38, 18) NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"close_price" numeric(38, 18),
	"close_premium" numeric(38, 18),
	"payoff" numeric(38, 18),
	"close_fee" numeric(38, 18),
	"buy_tx_id" bigint,
	"close_tx_id" bigint,
	"opened_at" bigint NOT NULL,
	"closed_at" bigint,
	CONSTRAINT "option_positions_kind" CHECK ("option_positions"."kind" in ('call', 'put')),
	CONSTRAINT "option_positions_status" CHECK ("option_positions"."status" in ('open', 'expired', 'closed')),
	CONSTRAINT "option_positions_contracts" CHECK ("option_positions"."contracts" > 0)
);
--> statement-breakpoint
ALTER TABLE "option_positions" ADD CONSTRAINT "option_positions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "option_positions_user_idx" ON "option_positions" USING btree ("user_id","account_type","id");--> statement-breakpoint
CREATE INDEX "option_positions_open_idx" ON "option_positions" USING btree ("expires_at") WHERE "option_positions"."status" = 'open';