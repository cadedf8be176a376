CREATE TABLE "realistic_fills" (
	"kind" text NOT NULL,
	"fill_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"account_type" text NOT NULL,
	"wallet" text NOT NULL,
	"symbol" text NOT NULL,
	"side" text NOT NULL,
	"role" text NOT NULL,
	"venue" text NOT NULL,
	"qty" numeric(38, 18) NOT NULL,
	"avg_price" numeric(38, 18),
	"fees" numeric(38, 18) NOT NULL,
	"tax" numeric(38, 18) NOT NULL,
	"slippage" numeric(38, 18) NOT NULL,
	"fees_delta" numeric(38, 18) NOT NULL,
	"taxes" numeric(38, 18) NOT NULL,
	"queue" numeric(38, 18) NOT NULL,
	"delta" numeric(38, 18) NOT NULL,
	"queue_known" boolean NOT NULL,
	"t" bigint NOT NULL,
	CONSTRAINT "realistic_fills_kind_fill_id_pk" PRIMARY KEY("kind","fill_id")
);
--> statement-breakpoint
ALTER TABLE "realistic_fills" ADD CONSTRAINT "realistic_fills_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "realistic_fills_user_idx" ON "realistic_fills" USING btree ("user_id","account_type","wallet");
