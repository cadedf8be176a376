CREATE TABLE "ipo_allocations" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ipo_allocations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"ipo_id" bigint NOT NULL,
	"account_type" text NOT NULL,
	"method" text NOT NULL,
	"pool" numeric(38, 0) NOT NULL,
	"applicants" integer NOT NULL,
	"requested" numeric(38, 0) NOT NULL,
	"allotted" numeric(38, 0) NOT NULL,
	"unallocated" numeric(38, 0) NOT NULL,
	"seed" text,
	"drawn" text,
	"at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ipo_applications" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ipo_applications_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"ipo_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"account_type" text NOT NULL,
	"lots" numeric(38, 0) NOT NULL,
	"amount" numeric(38, 18) NOT NULL,
	"costs" numeric(38, 18) NOT NULL,
	"total" numeric(38, 18) NOT NULL,
	"held" numeric(38, 18) NOT NULL,
	"auto" boolean DEFAULT false NOT NULL,
	"applied_at" bigint NOT NULL,
	"hold_tx_id" bigint,
	"tickets" numeric(38, 0),
	"allotted_lots" numeric(38, 0),
	"charged" numeric(38, 18) DEFAULT '0' NOT NULL,
	"allocated_at" bigint,
	"charge_tx_id" bigint,
	"refunded" numeric(38, 18) DEFAULT '0' NOT NULL,
	"refunded_at" bigint,
	"refund_tx_id" bigint,
	"listed_at" bigint,
	"listing_tx_id" bigint
);
--> statement-breakpoint
CREATE TABLE "ipo_offerings" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ipo_offerings_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"symbol" text NOT NULL,
	"name" text NOT NULL,
	"summary" jsonb NOT NULL,
	"sector" jsonb NOT NULL,
	"issue_price" numeric(38, 18) NOT NULL,
	"lot_size" integer DEFAULT 1 NOT NULL,
	"lots_retail" numeric(38, 0) NOT NULL,
	"lots_institutional" numeric(38, 0) NOT NULL,
	"min_lots" numeric(38, 0) NOT NULL,
	"max_lots" numeric(38, 0) NOT NULL,
	"subscribe_start" bigint NOT NULL,
	"subscribe_end" bigint NOT NULL,
	"closed_at" bigint,
	"allocation_at" bigint NOT NULL,
	"refund_at" bigint NOT NULL,
	"listing_at" bigint NOT NULL,
	"method" text NOT NULL,
	"ticket_lots" numeric(38, 0),
	"payment_mode" text NOT NULL,
	"pay_by" bigint,
	"costs" jsonb,
	"lottery_seed" text NOT NULL,
	"auto_applied_at" bigint,
	"created_at" bigint NOT NULL,
	CONSTRAINT "ipo_offerings_dates" CHECK ("ipo_offerings"."subscribe_start" < "ipo_offerings"."subscribe_end"
      AND "ipo_offerings"."subscribe_end" <= "ipo_offerings"."allocation_at" AND "ipo_offerings"."allocation_at" <= "ipo_offerings"."refund_at"
      AND "ipo_offerings"."allocation_at" <= "ipo_offerings"."listing_at")
);
--> statement-breakpoint
ALTER TABLE "stock_locks" ALTER COLUMN "fill_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "ipo_allocations" ADD CONSTRAINT "ipo_allocations_ipo_id_ipo_offerings_id_fk" FOREIGN KEY ("ipo_id") REFERENCES "public"."ipo_offerings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ipo_applications" ADD CONSTRAINT "ipo_applications_ipo_id_ipo_offerings_id_fk" FOREIGN KEY ("ipo_id") REFERENCES "public"."ipo_offerings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ipo_applications" ADD CONSTRAINT "ipo_applications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ipo_allocations_once" ON "ipo_allocations" USING btree ("ipo_id","account_type");--> statement-breakpoint
CREATE UNIQUE INDEX "ipo_applications_once" ON "ipo_applications" USING btree ("ipo_id","user_id","account_type");--> statement-breakpoint
CREATE INDEX "ipo_applications_user_idx" ON "ipo_applications" USING btree ("user_id","account_type","applied_at");--> statement-breakpoint
CREATE INDEX "ipo_offerings_symbol_idx" ON "ipo_offerings" USING btree ("symbol");