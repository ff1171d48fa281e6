CREATE TABLE "request_counters" (
	"key" text PRIMARY KEY NOT NULL,
	"hits" integer NOT NULL,
	"reset_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
-- drizzle cannot declare UNLOGGED (decision 050): counters lost in a crash give back at most a window's budget
ALTER TABLE "request_counters" SET UNLOGGED;
