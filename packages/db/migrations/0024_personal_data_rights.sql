CREATE TABLE "consents" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"document_id" text NOT NULL,
	"accepted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ip" text,
	"user_agent" text
);
--> statement-breakpoint
CREATE TABLE "legal_documents" (
	"id" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"version" text NOT NULL,
	"path" text NOT NULL,
	"summary" text DEFAULT '' NOT NULL,
	"published_at" timestamp with time zone DEFAULT now() NOT NULL,
	"published_by" text,
	CONSTRAINT "legal_documents_kind" CHECK ("legal_documents"."kind" IN ('terms', 'privacy'))
);
--> statement-breakpoint
-- safe: replaced at the end of this migration by a looser CHECK that accepts every row the old one did (decision 063)
ALTER TABLE "users" DROP CONSTRAINT "users_customer_identity";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "anonymized_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "retained_cpf" char(11);--> statement-breakpoint
ALTER TABLE "consents" ADD CONSTRAINT "consents_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consents" ADD CONSTRAINT "consents_document_id_legal_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."legal_documents"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "consents_user_document_unique" ON "consents" USING btree ("user_id","document_id");--> statement-breakpoint
CREATE UNIQUE INDEX "legal_documents_kind_version_unique" ON "legal_documents" USING btree ("kind","version");--> statement-breakpoint
CREATE INDEX "legal_documents_kind_published_at_idx" ON "legal_documents" USING btree ("kind","published_at" DESC NULLS LAST);--> statement-breakpoint
-- safe: looser than the CHECK it replaces (dropped above): every row the previous release writes passes
ALTER TABLE "users" ADD CONSTRAINT "users_customer_identity_or_anonymized" CHECK ("users"."role" <> 'customer' OR ("users"."cpf" IS NOT NULL AND "users"."phone" IS NOT NULL AND "users"."birth_date" IS NOT NULL) OR ("users"."anonymized_at" IS NOT NULL AND "users"."retained_cpf" IS NOT NULL));--> statement-breakpoint
-- The versions in force before versions were recorded (decision 063): every customer who ticked
-- the box at registration accepted them then.
INSERT INTO "legal_documents" ("id", "kind", "version", "path", "summary", "published_at")
VALUES
  ('terms-2026-11-24', 'terms', '2026-11-24', '/terms-of-service', '', '2026-11-24T00:00:00Z'),
  ('privacy-2026-11-24', 'privacy', '2026-11-24', '/privacy-policy', '', '2026-11-24T00:00:00Z')
ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "consents" ("id", "user_id", "document_id", "accepted_at")
SELECT gen_random_uuid()::text, u."id", d."id", u."terms_accepted_at"
FROM "users" u CROSS JOIN "legal_documents" d
WHERE u."role" = 'customer' AND u."terms_accepted_at" IS NOT NULL
ON CONFLICT DO NOTHING;
