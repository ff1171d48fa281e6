CREATE TYPE "public"."admin_role" AS ENUM('operator', 'finance', 'owner');--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "admin_role" "admin_role";--> statement-breakpoint
-- the admins from before roles existed could do everything: they become owners
UPDATE "users" SET "admin_role" = 'owner' WHERE "role" = 'admin';--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_admin_role" CHECK (("users"."role" = 'admin') = ("users"."admin_role" IS NOT NULL));