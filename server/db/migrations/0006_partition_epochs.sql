CREATE TABLE "partition_epochs" (
	"name" text PRIMARY KEY NOT NULL,
	"epoch" bigint NOT NULL,
	"owner" text NOT NULL,
	"taken_at" timestamp with time zone DEFAULT now() NOT NULL
);
