CREATE TABLE "loan_repayments" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "loan_repayments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"loan_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"amount" numeric(38, 18) NOT NULL,
	"status" text DEFAULT 'review' NOT NULL,
	"late" boolean NOT NULL,
	"settled" boolean DEFAULT false NOT NULL,
	"interest_part" numeric(38, 18),
	"principal_part" numeric(38, 18),
	"reject_reason" text,
	"requested_at" bigint NOT NULL,
	"decided_at" bigint,
	"hold_tx_id" bigint,
	"settle_tx_id" bigint,
	CONSTRAINT "loan_repayments_status" CHECK ("loan_repayments"."status" in ('review', 'approved', 'rejected')),
	CONSTRAINT "loan_repayments_amount" CHECK ("loan_repayments"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "loans" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "loans_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" bigint NOT NULL,
	"status" text DEFAULT 'review' NOT NULL,
	"amount" numeric(38, 18) NOT NULL,
	"offered_amount" numeric(38, 18),
	"principal" numeric(38, 18),
	"days" integer NOT NULL,
	"rate_kind" text NOT NULL,
	"rate" numeric(38, 18) NOT NULL,
	"principal_outstanding" numeric(38, 18) DEFAULT '0' NOT NULL,
	"interest_accrued" numeric(38, 18) DEFAULT '0' NOT NULL,
	"interest_paid" numeric(38, 18) DEFAULT '0' NOT NULL,
	"principal_repaid" numeric(38, 18) DEFAULT '0' NOT NULL,
	"accrued_days" integer DEFAULT 0 NOT NULL,
	"reject_reason" text,
	"applied_at" bigint NOT NULL,
	"disbursed_at" bigint,
	"due_at" bigint,
	"overdue_at" bigint,
	"repaid_at" bigint,
	"disburse_tx_id" bigint,
	CONSTRAINT "loans_status" CHECK ("loans"."status" in ('review', 'offered', 'active', 'repaying', 'repaid', 'rejected')),
	CONSTRAINT "loans_rate_kind" CHECK ("loans"."rate_kind" in ('daily', 'annual')),
	CONSTRAINT "loans_amount" CHECK ("loans"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "service_images" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"mime" text NOT NULL,
	"size" integer NOT NULL,
	"sha256" text NOT NULL,
	"data" "bytea" NOT NULL,
	"created_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "service_messages" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "service_messages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" bigint NOT NULL,
	"sender" text NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"image_id" text,
	"created_at" bigint NOT NULL,
	CONSTRAINT "service_messages_sender" CHECK ("service_messages"."sender" in ('user', 'agent'))
);
--> statement-breakpoint
ALTER TABLE "loan_repayments" ADD CONSTRAINT "loan_repayments_loan_id_loans_id_fk" FOREIGN KEY ("loan_id") REFERENCES "public"."loans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_repayments" ADD CONSTRAINT "loan_repayments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loans" ADD CONSTRAINT "loans_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_images" ADD CONSTRAINT "service_images_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_messages" ADD CONSTRAINT "service_messages_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "loan_repayments_loan_idx" ON "loan_repayments" USING btree ("loan_id","id");--> statement-breakpoint
CREATE INDEX "loan_repayments_user_idx" ON "loan_repayments" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "loans_user_idx" ON "loans" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "loans_active_idx" ON "loans" USING btree ("disbursed_at") WHERE "loans"."status" in ('active', 'repaying');--> statement-breakpoint
CREATE INDEX "service_messages_user_idx" ON "service_messages" USING btree ("user_id","id");