CREATE TABLE "contract_closes" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "contract_closes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"position_id" bigint NOT NULL,
	"qty" numeric(38, 18) NOT NULL,
	"price" numeric(38, 18) NOT NULL,
	"at" bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "contract_closes" ADD CONSTRAINT "contract_closes_position_id_contract_positions_id_fk" FOREIGN KEY ("position_id") REFERENCES "public"."contract_positions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contract_closes_position_idx" ON "contract_closes" USING btree ("position_id","at");