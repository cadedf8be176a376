CREATE TABLE "contract_positions" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "contract_positions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" bigint NOT NULL,
	"account_type" text NOT NULL,
	"client_order_id" text,
	"symbol" text NOT NULL,
	"side" text NOT NULL,
	"leverage" integer NOT NULL,
	"qty" numeric(38, 18) NOT NULL,
	"entry_price" numeric(38, 18) NOT NULL,
	"margin" numeric(38, 18) NOT NULL,
	"open_fee" numeric(38, 18) NOT NULL,
	"take_profit" numeric(38, 18),
	"stop_loss" numeric(38, 18),
	"funding" numeric(38, 18) DEFAULT '0' NOT NULL,
	"status" text NOT NULL,
	"close_reason" text,
	"close_price" numeric(38, 18),
	"close_fee" numeric(38, 18),
	"realized_pnl" numeric(38, 18),
	"last_funding_at" bigint,
	"opened_at" bigint NOT NULL,
	"closed_at" bigint,
	CONSTRAINT "contract_positions_leverage" CHECK ("contract_positions"."leverage" between 1 and 125)
);
--> statement-breakpoint
CREATE TABLE "risk_acceptances" (
	"user_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"version" integer NOT NULL,
	"accepted_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "risk_acceptances_user_id_kind_pk" PRIMARY KEY("user_id","kind")
);
--> statement-breakpoint
CREATE TABLE "spot_fills" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "spot_fills_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"order_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"account_type" text NOT NULL,
	"wallet" text NOT NULL,
	"symbol" text NOT NULL,
	"side" text NOT NULL,
	"trade_id" text NOT NULL,
	"price" numeric(38, 18) NOT NULL,
	"qty" numeric(38, 18) NOT NULL,
	"amount" numeric(38, 18) NOT NULL,
	"commission" numeric(38, 18) NOT NULL,
	"bsmv" numeric(38, 18) NOT NULL,
	"exchange_fee" numeric(38, 18) NOT NULL,
	"realized_pnl" numeric(38, 18),
	"ledger_tx_id" bigint NOT NULL,
	"t" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "spot_orders" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "spot_orders_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" bigint NOT NULL,
	"account_type" text NOT NULL,
	"wallet" text NOT NULL,
	"client_order_id" text,
	"symbol" text NOT NULL,
	"side" text NOT NULL,
	"type" text NOT NULL,
	"time_in_force" text NOT NULL,
	"price" numeric(38, 18),
	"quantity" numeric(38, 18) NOT NULL,
	"filled_qty" numeric(38, 18) DEFAULT '0' NOT NULL,
	"filled_amount" numeric(38, 18) DEFAULT '0' NOT NULL,
	"fees" numeric(38, 18) DEFAULT '0' NOT NULL,
	"frozen" numeric(38, 18) DEFAULT '0' NOT NULL,
	"realized_pnl" numeric(38, 18) DEFAULT '0' NOT NULL,
	"status" text NOT NULL,
	"status_reason" text,
	"trading_day" text,
	"created_at" bigint NOT NULL,
	"updated_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "spot_positions" (
	"user_id" bigint NOT NULL,
	"account_type" text NOT NULL,
	"wallet" text NOT NULL,
	"symbol" text NOT NULL,
	"avg_cost" numeric(38, 18) NOT NULL,
	"realized_pnl" numeric(38, 18) DEFAULT '0' NOT NULL,
	"updated_at" bigint NOT NULL,
	CONSTRAINT "spot_positions_user_id_account_type_wallet_symbol_pk" PRIMARY KEY("user_id","account_type","wallet","symbol")
);
--> statement-breakpoint
CREATE TABLE "stock_locks" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "stock_locks_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" bigint NOT NULL,
	"account_type" text NOT NULL,
	"symbol" text NOT NULL,
	"fill_id" bigint NOT NULL,
	"qty" numeric(38, 18) NOT NULL,
	"unlock_at" bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "contract_positions" ADD CONSTRAINT "contract_positions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "risk_acceptances" ADD CONSTRAINT "risk_acceptances_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "spot_fills" ADD CONSTRAINT "spot_fills_order_id_spot_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."spot_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "spot_fills" ADD CONSTRAINT "spot_fills_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "spot_orders" ADD CONSTRAINT "spot_orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "spot_positions" ADD CONSTRAINT "spot_positions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_locks" ADD CONSTRAINT "stock_locks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_locks" ADD CONSTRAINT "stock_locks_fill_id_spot_fills_id_fk" FOREIGN KEY ("fill_id") REFERENCES "public"."spot_fills"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "contract_positions_client_id_idx" ON "contract_positions" USING btree ("user_id","account_type","client_order_id");--> statement-breakpoint
CREATE INDEX "contract_positions_user_idx" ON "contract_positions" USING btree ("user_id","account_type","status","id");--> statement-breakpoint
CREATE INDEX "contract_positions_status_idx" ON "contract_positions" USING btree ("status");--> statement-breakpoint
CREATE INDEX "spot_fills_order_idx" ON "spot_fills" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "spot_fills_user_idx" ON "spot_fills" USING btree ("user_id","account_type","wallet","t");--> statement-breakpoint
CREATE UNIQUE INDEX "spot_orders_client_id_idx" ON "spot_orders" USING btree ("user_id","account_type","wallet","client_order_id");--> statement-breakpoint
CREATE INDEX "spot_orders_user_idx" ON "spot_orders" USING btree ("user_id","account_type","wallet","id");--> statement-breakpoint
CREATE INDEX "spot_orders_status_idx" ON "spot_orders" USING btree ("status");--> statement-breakpoint
CREATE INDEX "stock_locks_user_idx" ON "stock_locks" USING btree ("user_id","account_type","symbol","unlock_at");