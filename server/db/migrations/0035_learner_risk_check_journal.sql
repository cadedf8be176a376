CREATE TABLE "journal_notes" (
	"user_id" bigint NOT NULL,
	"account_type" text NOT NULL,
	"trade_id" text NOT NULL,
	"tags" jsonb NOT NULL,
	"note" text NOT NULL,
	"updated_at" bigint NOT NULL,
	CONSTRAINT "journal_notes_user_id_account_type_trade_id_pk" PRIMARY KEY("user_id","account_type","trade_id")
);
--> statement-breakpoint
CREATE TABLE "risk_checks" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "risk_checks_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"questions" jsonb NOT NULL,
	"mistakes" bigint DEFAULT 0 NOT NULL,
	"created_at" bigint NOT NULL,
	"passed_at" bigint,
	CONSTRAINT "risk_checks_kind" CHECK ("risk_checks"."kind" in ('leverage', 'option'))
);
--> statement-breakpoint
ALTER TABLE "journal_notes" ADD CONSTRAINT "journal_notes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "risk_checks" ADD CONSTRAINT "risk_checks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "risk_checks_user_idx" ON "risk_checks" USING btree ("user_id","kind","id");