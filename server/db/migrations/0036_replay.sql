CREATE TABLE "market_records" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "market_records_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"symbol" text NOT NULL,
	"t0" bigint NOT NULL,
	"t1" bigint NOT NULL,
	"snapshot" text,
	"events" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "market_record_days" (
	"day" text NOT NULL,
	"symbol" text NOT NULL,
	"from_t" bigint NOT NULL,
	"to_t" bigint NOT NULL,
	CONSTRAINT "market_record_days_day_symbol_pk" PRIMARY KEY("day","symbol")
);
--> statement-breakpoint
CREATE TABLE "replay_runs" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "replay_runs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" bigint NOT NULL,
	"day" text NOT NULL,
	"symbols" text[] NOT NULL,
	"from_t" bigint NOT NULL,
	"to_t" bigint,
	"started_at" bigint NOT NULL,
	"ended_at" bigint,
	"result" jsonb
);
--> statement-breakpoint
CREATE TABLE "replay_fills" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "replay_fills_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"run_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"order_id" text NOT NULL,
	"symbol" text NOT NULL,
	"market" text NOT NULL,
	"side" text NOT NULL,
	"price" numeric NOT NULL,
	"qty" numeric NOT NULL,
	"amount" numeric NOT NULL,
	"commission" numeric NOT NULL,
	"bsmv" numeric NOT NULL,
	"exchange_fee" numeric NOT NULL,
	"realized_pnl" numeric,
	"t" bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "replay_runs" ADD CONSTRAINT "replay_runs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "replay_fills" ADD CONSTRAINT "replay_fills_run_id_replay_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."replay_runs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "replay_fills" ADD CONSTRAINT "replay_fills_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "market_records_symbol_t_idx" ON "market_records" USING btree ("symbol","t1");--> statement-breakpoint
CREATE INDEX "market_records_t_idx" ON "market_records" USING btree ("t1");--> statement-breakpoint
CREATE INDEX "replay_runs_user_idx" ON "replay_runs" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "replay_fills_user_idx" ON "replay_fills" USING btree ("user_id","t");
