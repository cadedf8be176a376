ALTER TABLE "robot_orders" ADD COLUMN "mark_peak" numeric(38, 18);--> statement-breakpoint
ALTER TABLE "robot_orders" ADD COLUMN "mark_drawdown" numeric(38, 18);