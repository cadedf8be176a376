CREATE TABLE "ico_allocations" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ico_allocations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"ico_id" bigint NOT NULL,
	"account_type" text NOT NULL,
	"committers" integer NOT NULL,
	"total_committed" numeric(38, 18) NOT NULL,
	"tokens_sold" numeric(38, 18) NOT NULL,
	"tokens_unsold" numeric(38, 18) NOT NULL,
	"oversubscribed" boolean NOT NULL,
	"at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ico_commitments" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ico_commitments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"ico_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"account_type" text NOT NULL,
	"amount" numeric(38, 18) NOT NULL,
	"committed_at" bigint NOT NULL,
	"hold_tx_id" bigint,
	"tokens" numeric(38, 18),
	"spent" numeric(38, 18) DEFAULT '0' NOT NULL,
	"allocated_at" bigint,
	"spend_tx_id" bigint,
	"refunded" numeric(38, 18) DEFAULT '0' NOT NULL,
	"refunded_at" bigint,
	"refund_tx_id" bigint,
	"credited_at" bigint,
	"credit_tx_id" bigint
);
--> statement-breakpoint
CREATE TABLE "ico_offerings" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ico_offerings_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"token" text NOT NULL,
	"name" text NOT NULL,
	"summary" jsonb NOT NULL,
	"token_price" numeric(38, 18) NOT NULL,
	"tokens_offered" numeric(38, 18) NOT NULL,
	"token_scale" integer NOT NULL,
	"min_commit" numeric(38, 18) NOT NULL,
	"max_commit" numeric(38, 18),
	"subscribe_start" bigint NOT NULL,
	"subscribe_end" bigint NOT NULL,
	"closed_at" bigint,
	"allocation_at" bigint NOT NULL,
	"refund_at" bigint NOT NULL,
	"listing_at" bigint NOT NULL,
	"created_at" bigint NOT NULL,
	CONSTRAINT "ico_offerings_dates" CHECK ("ico_offerings"."subscribe_start" < "ico_offerings"."subscribe_end"
      AND "ico_offerings"."subscribe_end" <= "ico_offerings"."allocation_at" AND "ico_offerings"."allocation_at" <= "ico_offerings"."refund_at"
      AND "ico_offerings"."allocation_at" <= "ico_offerings"."listing_at")
);
--> statement-breakpoint
ALTER TABLE "ico_allocations" ADD CONSTRAINT "ico_allocations_ico_id_ico_offerings_id_fk" FOREIGN KEY ("ico_id") REFERENCES "public"."ico_offerings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ico_commitments" ADD CONSTRAINT "ico_commitments_ico_id_ico_offerings_id_fk" FOREIGN KEY ("ico_id") REFERENCES "public"."ico_offerings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ico_commitments" ADD CONSTRAINT "ico_commitments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ico_allocations_once" ON "ico_allocations" USING btree ("ico_id","account_type");--> statement-breakpoint
CREATE UNIQUE INDEX "ico_commitments_once" ON "ico_commitments" USING btree ("ico_id","user_id","account_type");--> statement-breakpoint
CREATE INDEX "ico_commitments_user_idx" ON "ico_commitments" USING btree ("user_id","account_type","committed_at");--> statement-breakpoint
CREATE INDEX "ico_offerings_token_idx" ON "ico_offerings" USING btree ("token");