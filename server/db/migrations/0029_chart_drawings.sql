CREATE TABLE "chart_drawings" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "chart_drawings_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" bigint NOT NULL,
	"symbol" text NOT NULL,
	"kind" text NOT NULL,
	"price" numeric NOT NULL,
	"t1" bigint,
	"price2" numeric,
	"t2" bigint,
	"created_at" bigint NOT NULL,
	CONSTRAINT "chart_drawings_shape" CHECK (("chart_drawings"."kind" = 'hline' and "chart_drawings"."t1" is null and "chart_drawings"."price2" is null and "chart_drawings"."t2" is null)
        or ("chart_drawings"."kind" = 'trend' and "chart_drawings"."t1" is not null and "chart_drawings"."price2" is not null and "chart_drawings"."t2" is not null))
);
--> statement-breakpoint
ALTER TABLE "chart_drawings" ADD CONSTRAINT "chart_drawings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "chart_drawings_user_symbol_idx" ON "chart_drawings" USING btree ("user_id","symbol","id");