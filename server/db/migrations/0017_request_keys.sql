CREATE TABLE "request_keys" (
	"user_id" bigint NOT NULL,
	"account_type" text NOT NULL,
	"request_id" text NOT NULL,
	"route" text NOT NULL,
	"fingerprint" text NOT NULL,
	"answer" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "request_keys_user_id_account_type_request_id_pk" PRIMARY KEY("user_id","account_type","request_id")
);
--> statement-breakpoint
ALTER TABLE "request_keys" ADD CONSTRAINT "request_keys_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;