CREATE TABLE "decripto_reports" (
	"id" text PRIMARY KEY NOT NULL,
	"month" text NOT NULL,
	"version" integer NOT NULL,
	"layout" text NOT NULL,
	"storage_key" text NOT NULL,
	"sha256" text NOT NULL,
	"size" bigint NOT NULL,
	"operations" integer NOT NULL,
	"holders" integer NOT NULL,
	"total_value_brl" numeric(38, 18) NOT NULL,
	"total_fees_brl" numeric(38, 18) NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"receipt" text,
	"generated_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"sent_by" text,
	"reminded_at" timestamp with time zone,
	CONSTRAINT "decripto_reports_month_version_unique" UNIQUE("month","version"),
	CONSTRAINT "decripto_reports_month_format" CHECK ("decripto_reports"."month" ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'),
	CONSTRAINT "decripto_reports_version_positive" CHECK ("decripto_reports"."version" >= 1),
	CONSTRAINT "decripto_reports_sha256_format" CHECK ("decripto_reports"."sha256" ~ '^[0-9a-f]{64}$'),
	CONSTRAINT "decripto_reports_status" CHECK ("decripto_reports"."status" IN ('draft', 'sent')),
	CONSTRAINT "decripto_reports_sent" CHECK (("decripto_reports"."status" = 'sent') = ("decripto_reports"."receipt" IS NOT NULL AND "decripto_reports"."sent_at" IS NOT NULL))
);
--> statement-breakpoint
ALTER TABLE "decripto_reports" ADD CONSTRAINT "decripto_reports_generated_by_users_id_fk" FOREIGN KEY ("generated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "decripto_reports" ADD CONSTRAINT "decripto_reports_sent_by_users_id_fk" FOREIGN KEY ("sent_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;