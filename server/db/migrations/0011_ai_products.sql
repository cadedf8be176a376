CREATE TABLE "ai_fills" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ai_fills_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"order_id" bigint NOT NULL,
	"product_id" text NOT NULL,
	"symbol" text NOT NULL,
	"side" text NOT NULL,
	"qty" numeric(38, 0) NOT NULL,
	"price" numeric(38, 18) NOT NULL,
	"amount" numeric(38, 18) NOT NULL,
	"costs" numeric(38, 18) NOT NULL,
	"reason" text NOT NULL,
	"trade_id" text NOT NULL,
	"tx_id" bigint NOT NULL,
	"t" bigint NOT NULL,
	CONSTRAINT "ai_fills_side" CHECK ("ai_fills"."side" in ('buy', 'sell'))
);
--> statement-breakpoint
CREATE TABLE "ai_orders" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ai_orders_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" bigint NOT NULL,
	"account_type" text NOT NULL,
	"product_id" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"paid_in" numeric(38, 18) NOT NULL,
	"paid_out" numeric(38, 18) DEFAULT '0' NOT NULL,
	"rebalances" integer DEFAULT 0 NOT NULL,
	"opened_at" bigint NOT NULL,
	"last_rebalance_at" bigint,
	"closed_at" bigint,
	CONSTRAINT "ai_orders_status" CHECK ("ai_orders"."status" in ('open', 'redeemed'))
);
--> statement-breakpoint
CREATE TABLE "ai_rebalances" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ai_rebalances_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"product_id" text NOT NULL,
	"t" bigint NOT NULL,
	"orders" integer NOT NULL,
	"value" numeric(38, 18) NOT NULL,
	"paid_in" numeric(38, 18) NOT NULL,
	"paid_out" numeric(38, 18) NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ai_fills" ADD CONSTRAINT "ai_fills_order_id_ai_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."ai_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_orders" ADD CONSTRAINT "ai_orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ai_fills_order_idx" ON "ai_fills" USING btree ("order_id","id");--> statement-breakpoint
CREATE INDEX "ai_fills_product_idx" ON "ai_fills" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "ai_orders_user_idx" ON "ai_orders" USING btree ("user_id","account_type","id");--> statement-breakpoint
CREATE INDEX "ai_orders_open_idx" ON "ai_orders" USING btree ("product_id") WHERE "ai_orders"."status" = 'open';--> statement-breakpoint
CREATE INDEX "ai_rebalances_product_idx" ON "ai_rebalances" USING btree ("product_id","t");