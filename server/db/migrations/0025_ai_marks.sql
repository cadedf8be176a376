CREATE TABLE "ai_marks" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ai_marks_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"product_id" text NOT NULL,
	"t" bigint NOT NULL,
	"value" numeric(38, 18) NOT NULL,
	"paid_in" numeric(38, 18) NOT NULL,
	"paid_out" numeric(38, 18) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "ai_marks_product_t_idx" ON "ai_marks" USING btree ("product_id","t");