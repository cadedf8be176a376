CREATE TABLE "robot_fills" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "robot_fills_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"order_id" bigint NOT NULL,
	"robot_id" text NOT NULL,
	"t" bigint NOT NULL,
	"side" text NOT NULL,
	"price" numeric(38, 18) NOT NULL,
	"qty" numeric(38, 18) NOT NULL,
	"amount" numeric(38, 18) NOT NULL,
	"fee" numeric(38, 18) NOT NULL,
	"realized" numeric(38, 18),
	"tx_id" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "robot_orders" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "robot_orders_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" bigint NOT NULL,
	"account_type" text NOT NULL,
	"robot_id" text NOT NULL,
	"level" integer NOT NULL,
	"strategy" text NOT NULL,
	"params" jsonb NOT NULL,
	"symbol" text NOT NULL,
	"interval" text NOT NULL,
	"capital" numeric(38, 18) NOT NULL,
	"days" integer NOT NULL,
	"fee_rate" numeric(38, 18) NOT NULL,
	"tax_rate" numeric(38, 18) NOT NULL,
	"penalty_rate" numeric(38, 18) NOT NULL,
	"status" text DEFAULT 'running' NOT NULL,
	"cash" numeric(38, 18) NOT NULL,
	"qty" numeric(38, 18) DEFAULT '0' NOT NULL,
	"cost" numeric(38, 18) DEFAULT '0' NOT NULL,
	"fees" numeric(38, 18) DEFAULT '0' NOT NULL,
	"state" jsonb NOT NULL,
	"last_bar_t" bigint NOT NULL,
	"started_at" bigint NOT NULL,
	"ends_at" bigint NOT NULL,
	"result" numeric(38, 18),
	"tax" numeric(38, 18),
	"penalty" numeric(38, 18),
	"returned" numeric(38, 18),
	"buy_tx_id" bigint,
	"end_tx_id" bigint,
	"closed_at" bigint,
	CONSTRAINT "robot_orders_status" CHECK ("robot_orders"."status" in ('running', 'finished', 'stopped'))
);
--> statement-breakpoint
CREATE TABLE "robot_pauses" (
	"robot_id" text PRIMARY KEY NOT NULL,
	"paused" boolean NOT NULL,
	"updated_at" bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "robot_fills" ADD CONSTRAINT "robot_fills_order_id_robot_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."robot_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "robot_orders" ADD CONSTRAINT "robot_orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "robot_fills_order_idx" ON "robot_fills" USING btree ("order_id","id");--> statement-breakpoint
CREATE INDEX "robot_fills_robot_idx" ON "robot_fills" USING btree ("robot_id");--> statement-breakpoint
CREATE INDEX "robot_orders_user_idx" ON "robot_orders" USING btree ("user_id","account_type","id");--> statement-breakpoint
CREATE INDEX "robot_orders_robot_idx" ON "robot_orders" USING btree ("robot_id");--> statement-breakpoint
CREATE INDEX "robot_orders_running_idx" ON "robot_orders" USING btree ("ends_at") WHERE "robot_orders"."status" = 'running';