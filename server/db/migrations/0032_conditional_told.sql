CREATE TABLE "push_outbox" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "push_outbox_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" bigint NOT NULL,
	"message_id" bigint NOT NULL,
	"topic" text NOT NULL,
	"tag" text NOT NULL,
	"url" text NOT NULL,
	"created_at" bigint NOT NULL,
	"sent_at" bigint
);
--> statement-breakpoint
ALTER TABLE "notification_settings" ADD COLUMN "conditional" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "conditional_orders" ADD COLUMN "reason_params" jsonb;--> statement-breakpoint
ALTER TABLE "push_outbox" ADD CONSTRAINT "push_outbox_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "push_outbox" ADD CONSTRAINT "push_outbox_message_id_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."messages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "push_outbox_unsent_idx" ON "push_outbox" USING btree ("created_at") WHERE sent_at is null;