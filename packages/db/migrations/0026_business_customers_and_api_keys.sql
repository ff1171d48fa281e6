CREATE TYPE "public"."business_status" AS ENUM('pending', 'approved', 'revoked');--> statement-breakpoint
ALTER TYPE "public"."document_type" ADD VALUE 'articles_of_association';--> statement-breakpoint
ALTER TYPE "public"."document_type" ADD VALUE 'representative_id';--> statement-breakpoint
CREATE TABLE "api_keys" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"name" text NOT NULL,
	"prefix" text NOT NULL,
	"secret_hash" text NOT NULL,
	"scopes" text[] NOT NULL,
	"rate_limit_per_minute" integer NOT NULL,
	"last_used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "api_keys_prefix_unique" UNIQUE("prefix"),
	CONSTRAINT "api_keys_secret_hash_format" CHECK ("api_keys"."secret_hash" ~ '^[0-9a-f]{64}$'),
	CONSTRAINT "api_keys_rate_limit_range" CHECK ("api_keys"."rate_limit_per_minute" BETWEEN 1 AND 100000),
	CONSTRAINT "api_keys_name_length" CHECK (char_length("api_keys"."name") BETWEEN 1 AND 80)
);
--> statement-breakpoint
CREATE TABLE "businesses" (
	"user_id" text PRIMARY KEY NOT NULL,
	"company_name" text NOT NULL,
	"cnpj" text NOT NULL,
	"status" "business_status" DEFAULT 'pending' NOT NULL,
	"reviewed_by" text,
	"reviewed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "businesses_cnpj_unique" UNIQUE("cnpj"),
	CONSTRAINT "businesses_cnpj_format" CHECK ("businesses"."cnpj" ~ '^[0-9A-Z]{12}[0-9]{2}$'),
	CONSTRAINT "businesses_company_name_length" CHECK (char_length("businesses"."company_name") BETWEEN 2 AND 150)
);
--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "businesses" ADD CONSTRAINT "businesses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "businesses" ADD CONSTRAINT "businesses_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "api_keys_user_id_idx" ON "api_keys" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "businesses_status_idx" ON "businesses" USING btree ("status");