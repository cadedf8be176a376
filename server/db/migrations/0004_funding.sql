CREATE TABLE "bank_cards" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "bank_cards_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" bigint NOT NULL,
	"country" text NOT NULL,
	"account_number" text NOT NULL,
	"holder_name" text NOT NULL,
	"bank_name" text NOT NULL,
	"bank_code" text,
	"bank_address" text DEFAULT '' NOT NULL,
	"payee_address" text DEFAULT '' NOT NULL,
	"ifsc" text DEFAULT '' NOT NULL,
	"pix" text DEFAULT '' NOT NULL,
	"tax_id" text DEFAULT '' NOT NULL,
	"utr" text DEFAULT '' NOT NULL,
	"created_at" bigint NOT NULL,
	"deleted_at" bigint
);
--> statement-breakpoint
CREATE TABLE "coin_addresses" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "coin_addresses_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" bigint NOT NULL,
	"purpose" text NOT NULL,
	"currency" text NOT NULL,
	"chain" text NOT NULL,
	"address" text NOT NULL,
	"memo" text DEFAULT '' NOT NULL,
	"label" text DEFAULT '' NOT NULL,
	"created_at" bigint NOT NULL,
	"deleted_at" bigint
);
--> statement-breakpoint
CREATE TABLE "deposits" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "deposits_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"wallet" text NOT NULL,
	"currency" text NOT NULL,
	"amount" numeric(38, 18) NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"channel_id" text,
	"reference_code" text,
	"payer_name" text,
	"receipt_mime" text,
	"receipt" "bytea",
	"chain" text,
	"address" text,
	"tx_hash" text,
	"reason" text,
	"decided_by" text,
	"created_at" bigint NOT NULL,
	"decided_at" bigint,
	"transaction_id" bigint,
	CONSTRAINT "deposits_amount_positive" CHECK ("deposits"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "exchange_quotes" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"account_type" text NOT NULL,
	"from_currency" text NOT NULL,
	"to_currency" text NOT NULL,
	"from_wallet" text NOT NULL,
	"to_wallet" text NOT NULL,
	"amount" numeric(38, 18) NOT NULL,
	"rate" numeric(38, 18) NOT NULL,
	"mid_rate" numeric(38, 18) NOT NULL,
	"fee" numeric(38, 18) NOT NULL,
	"receive" numeric(38, 18) NOT NULL,
	"created_at" bigint NOT NULL,
	"expires_at" bigint NOT NULL,
	"executed_at" bigint,
	"transaction_id" bigint
);
--> statement-breakpoint
CREATE TABLE "withdrawals" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "withdrawals_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"wallet" text NOT NULL,
	"currency" text NOT NULL,
	"amount" numeric(38, 18) NOT NULL,
	"fee" numeric(38, 18) NOT NULL,
	"receive" numeric(38, 18) NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"bank_card_id" bigint,
	"chain" text,
	"address" text,
	"memo" text,
	"tx_hash" text,
	"reason" text,
	"decided_by" text,
	"created_at" bigint NOT NULL,
	"decided_at" bigint,
	"cancelled_at" bigint,
	"hold_transaction_id" bigint NOT NULL,
	"settle_transaction_id" bigint,
	CONSTRAINT "withdrawals_amount_positive" CHECK ("withdrawals"."amount" > 0),
	CONSTRAINT "withdrawals_receive_positive" CHECK ("withdrawals"."receive" > 0)
);
--> statement-breakpoint
ALTER TABLE "bank_cards" ADD CONSTRAINT "bank_cards_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coin_addresses" ADD CONSTRAINT "coin_addresses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deposits" ADD CONSTRAINT "deposits_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exchange_quotes" ADD CONSTRAINT "exchange_quotes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_bank_card_id_bank_cards_id_fk" FOREIGN KEY ("bank_card_id") REFERENCES "public"."bank_cards"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bank_cards_user_idx" ON "bank_cards" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "bank_cards_live_unique" ON "bank_cards" USING btree ("user_id","account_number") WHERE "bank_cards"."deleted_at" IS NULL;--> statement-breakpoint
CREATE INDEX "coin_addresses_user_idx" ON "coin_addresses" USING btree ("user_id","purpose");--> statement-breakpoint
CREATE UNIQUE INDEX "coin_addresses_deposit_unique" ON "coin_addresses" USING btree ("user_id","currency","chain") WHERE "coin_addresses"."purpose" = 'deposit';--> statement-breakpoint
CREATE UNIQUE INDEX "coin_addresses_deposit_address_unique" ON "coin_addresses" USING btree ("chain","address") WHERE "coin_addresses"."purpose" = 'deposit';--> statement-breakpoint
CREATE INDEX "deposits_user_idx" ON "deposits" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "deposits_pending_idx" ON "deposits" USING btree ("status","created_at") WHERE "deposits"."status" = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "deposits_tx_unique" ON "deposits" USING btree ("chain","tx_hash") WHERE "deposits"."tx_hash" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "exchange_quotes_user_idx" ON "exchange_quotes" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "withdrawals_user_idx" ON "withdrawals" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "withdrawals_pending_idx" ON "withdrawals" USING btree ("status","created_at") WHERE "withdrawals"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "withdrawals_card_idx" ON "withdrawals" USING btree ("bank_card_id");