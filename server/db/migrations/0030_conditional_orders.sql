CREATE TABLE "conditional_orders" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "conditional_orders_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" bigint NOT NULL,
	"account_type" text NOT NULL,
	"wallet" text NOT NULL,
	"group_id" bigint,
	"symbol" text NOT NULL,
	"kind" text NOT NULL,
	"side" text NOT NULL,
	"quantity" numeric(38, 18) NOT NULL,
	"trigger_price" numeric(38, 18) NOT NULL,
	"limit_price" numeric(38, 18),
	"trail_by" text,
	"trail_value" numeric(38, 18),
	"best" numeric(38, 18),
	"frozen" numeric(38, 18) DEFAULT '0' NOT NULL,
	"state" text NOT NULL,
	"reason" text,
	"fired_price" numeric(38, 18),
	"fired_at" bigint,
	"fired_trade_id" text,
	"placed_order_id" bigint,
	"expires_at" bigint,
	"created_at" bigint NOT NULL,
	"updated_at" bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "conditional_orders" ADD CONSTRAINT "conditional_orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "conditional_orders_user_idx" ON "conditional_orders" USING btree ("user_id","account_type","id");--> statement-breakpoint
CREATE INDEX "conditional_orders_state_idx" ON "conditional_orders" USING btree ("state");