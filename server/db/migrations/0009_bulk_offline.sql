CREATE TABLE "block_orders" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "block_orders_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"block_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"account_type" text NOT NULL,
	"symbol" text NOT NULL,
	"lots" numeric(38, 0) NOT NULL,
	"reference_price" numeric(38, 18) NOT NULL,
	"price" numeric(38, 18) NOT NULL,
	"amount" numeric(38, 18) NOT NULL,
	"costs" numeric(38, 18) NOT NULL,
	"total" numeric(38, 18) NOT NULL,
	"bought_at" bigint NOT NULL,
	"locked_until" bigint NOT NULL,
	"tx_id" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "block_trades" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "block_trades_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"symbol" text NOT NULL,
	"discount" numeric(10, 6) NOT NULL,
	"lot_size" integer DEFAULT 1 NOT NULL,
	"lots_offered" numeric(38, 0) NOT NULL,
	"min_lots" numeric(38, 0) NOT NULL,
	"max_lots" numeric(38, 0) NOT NULL,
	"opens_at" bigint NOT NULL,
	"closes_at" bigint NOT NULL,
	"closed_at" bigint,
	"lockup_days" integer NOT NULL,
	"vip_only" boolean DEFAULT false NOT NULL,
	"costs" jsonb,
	"created_at" bigint NOT NULL,
	CONSTRAINT "block_trades_dates" CHECK ("block_trades"."opens_at" < "block_trades"."closes_at")
);
--> statement-breakpoint
CREATE TABLE "offline_applications" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "offline_applications_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"ipo_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"account_type" text NOT NULL,
	"lots" numeric(38, 0) NOT NULL,
	"amount" numeric(38, 18) NOT NULL,
	"costs" numeric(38, 18) NOT NULL,
	"total" numeric(38, 18) NOT NULL,
	"held" numeric(38, 18) NOT NULL,
	"applied_at" bigint NOT NULL,
	"hold_tx_id" bigint,
	"allotted_lots" numeric(38, 0),
	"charged" numeric(38, 18) DEFAULT '0' NOT NULL,
	"refunded" numeric(38, 18) DEFAULT '0' NOT NULL,
	"allocated_at" bigint,
	"charge_tx_id" bigint,
	"refund_tx_id" bigint,
	"listed_at" bigint,
	"listing_tx_id" bigint
);
--> statement-breakpoint
ALTER TABLE "block_orders" ADD CONSTRAINT "block_orders_block_id_block_trades_id_fk" FOREIGN KEY ("block_id") REFERENCES "public"."block_trades"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "block_orders" ADD CONSTRAINT "block_orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offline_applications" ADD CONSTRAINT "offline_applications_ipo_id_ipo_offerings_id_fk" FOREIGN KEY ("ipo_id") REFERENCES "public"."ipo_offerings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offline_applications" ADD CONSTRAINT "offline_applications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "block_orders_block_idx" ON "block_orders" USING btree ("block_id","account_type");--> statement-breakpoint
CREATE INDEX "block_orders_user_idx" ON "block_orders" USING btree ("user_id","account_type","bought_at");--> statement-breakpoint
CREATE INDEX "block_trades_opens_idx" ON "block_trades" USING btree ("opens_at");--> statement-breakpoint
CREATE UNIQUE INDEX "offline_applications_once" ON "offline_applications" USING btree ("ipo_id","user_id","account_type");--> statement-breakpoint
CREATE INDEX "offline_applications_user_idx" ON "offline_applications" USING btree ("user_id","account_type","applied_at");