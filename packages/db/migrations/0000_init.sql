CREATE TYPE "public"."actor_type" AS ENUM('customer', 'admin', 'system');--> statement-breakpoint
CREATE TYPE "public"."document_status" AS ENUM('uploaded', 'approved', 'rejected');--> statement-breakpoint
CREATE TYPE "public"."document_type" AS ENUM('national_id', 'proof_of_address', 'selfie_with_id');--> statement-breakpoint
CREATE TYPE "public"."locale" AS ENUM('pt-BR', 'en-US');--> statement-breakpoint
CREATE TYPE "public"."order_status" AS ENUM('pending', 'processing', 'paid', 'user_confirmed', 'admin_confirmed', 'admin_paid', 'completed', 'canceled', 'refunded', 'error');--> statement-breakpoint
CREATE TYPE "public"."payment_method" AS ENUM('pix', 'bank_transfer', 'boleto', 'crypto', 'deriv');--> statement-breakpoint
CREATE TYPE "public"."pix_key_type" AS ENUM('cpf', 'cnpj', 'email', 'phone', 'random');--> statement-breakpoint
CREATE TYPE "public"."price_source" AS ENUM('manual', 'exchange');--> statement-breakpoint
CREATE TYPE "public"."token_kind" AS ENUM('crypto', 'pix', 'deriv');--> statement-breakpoint
CREATE TYPE "public"."treasury_direction" AS ENUM('credit', 'debit');--> statement-breakpoint
CREATE TYPE "public"."treasury_entry_kind" AS ENUM('funds_received', 'payout', 'refund', 'adjustment');--> statement-breakpoint
CREATE TYPE "public"."user_role" AS ENUM('customer', 'admin');--> statement-breakpoint
CREATE TABLE "accounts" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"provider_id" text NOT NULL,
	"user_id" text NOT NULL,
	"access_token" text,
	"refresh_token" text,
	"id_token" text,
	"access_token_expires_at" timestamp with time zone,
	"refresh_token_expires_at" timestamp with time zone,
	"scope" text,
	"password" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rate_limits" (
	"id" text PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"count" integer NOT NULL,
	"last_request" bigint NOT NULL,
	CONSTRAINT "rate_limits_key_unique" UNIQUE("key")
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"token" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"ip_address" text,
	"user_agent" text,
	"impersonated_by" text,
	"user_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sessions_token_unique" UNIQUE("token")
);
--> statement-breakpoint
CREATE TABLE "two_factors" (
	"id" text PRIMARY KEY NOT NULL,
	"secret" text NOT NULL,
	"backup_codes" text NOT NULL,
	"user_id" text NOT NULL,
	"verified" boolean DEFAULT true NOT NULL,
	"failed_verification_count" integer DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" text PRIMARY KEY NOT NULL,
	"role" "user_role" DEFAULT 'customer' NOT NULL,
	"username" text NOT NULL,
	"display_username" text,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"email_verified" boolean DEFAULT false NOT NULL,
	"image" text,
	"phone" text,
	"cpf" char(11),
	"birth_date" date,
	"active" boolean DEFAULT true NOT NULL,
	"national_id_verified" boolean DEFAULT false NOT NULL,
	"locale" "locale" DEFAULT 'pt-BR' NOT NULL,
	"default_send_token" text,
	"default_receive_token" text,
	"terms_accepted_at" timestamp with time zone,
	"banned" boolean DEFAULT false NOT NULL,
	"ban_reason" text,
	"ban_expires" timestamp with time zone,
	"two_factor_enabled" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_username_unique" UNIQUE("username"),
	CONSTRAINT "users_email_unique" UNIQUE("email"),
	CONSTRAINT "users_cpf_unique" UNIQUE("cpf"),
	CONSTRAINT "users_cpf_format" CHECK ("users"."cpf" ~ '^[0-9]{11}$'),
	CONSTRAINT "users_phone_format" CHECK ("users"."phone" ~ '^\+[1-9][0-9]{7,14}$'),
	CONSTRAINT "users_username_length" CHECK (char_length("users"."username") >= 3),
	CONSTRAINT "users_customer_identity" CHECK ("users"."role" <> 'customer' OR ("users"."cpf" IS NOT NULL AND "users"."phone" IS NOT NULL AND "users"."birth_date" IS NOT NULL))
);
--> statement-breakpoint
CREATE TABLE "verifications" (
	"id" text PRIMARY KEY NOT NULL,
	"identifier" text NOT NULL,
	"value" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fee_rules" (
	"id" text PRIMARY KEY NOT NULL,
	"send_token_id" text,
	"receive_token_id" text,
	"rate" numeric(7, 4) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fee_rules_pair_unique" UNIQUE("send_token_id","receive_token_id"),
	CONSTRAINT "fee_rules_rate_range" CHECK ("fee_rules"."rate" >= 0 AND "fee_rules"."rate" < 50),
	CONSTRAINT "fee_rules_pair_complete" CHECK (("fee_rules"."send_token_id" IS NULL) = ("fee_rules"."receive_token_id" IS NULL)),
	CONSTRAINT "fee_rules_pair_distinct" CHECK ("fee_rules"."send_token_id" IS NULL OR "fee_rules"."send_token_id" <> "fee_rules"."receive_token_id")
);
--> statement-breakpoint
CREATE TABLE "networks" (
	"id" text PRIMARY KEY NOT NULL,
	"token_id" text NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"contract_address" text,
	"min_confirmations" integer DEFAULT 0 NOT NULL,
	"deposit_enabled" boolean DEFAULT true NOT NULL,
	"withdraw_enabled" boolean DEFAULT true NOT NULL,
	"withdraw_fee" numeric(38, 18) DEFAULT '0' NOT NULL,
	"withdraw_min" numeric(38, 18) DEFAULT '0' NOT NULL,
	"withdraw_max" numeric(38, 18),
	"estimated_arrival_minutes" integer,
	"tip" text,
	"notice" text,
	"address_regex" text,
	"memo_regex" text,
	"memo_required" boolean DEFAULT false NOT NULL,
	"deposit_address" text,
	"deposit_memo" text,
	"synced_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "networks_token_id_code_unique" UNIQUE("token_id","code"),
	CONSTRAINT "networks_id_token_id_unique" UNIQUE("id","token_id"),
	CONSTRAINT "networks_code_format" CHECK ("networks"."code" ~ '^[A-Z0-9_-]{1,30}$'),
	CONSTRAINT "networks_min_confirmations_non_negative" CHECK ("networks"."min_confirmations" >= 0),
	CONSTRAINT "networks_withdraw_fee_non_negative" CHECK ("networks"."withdraw_fee" >= 0),
	CONSTRAINT "networks_withdraw_min_non_negative" CHECK ("networks"."withdraw_min" >= 0),
	CONSTRAINT "networks_withdraw_max_gte_min" CHECK ("networks"."withdraw_max" IS NULL OR "networks"."withdraw_max" >= "networks"."withdraw_min"),
	CONSTRAINT "networks_estimated_arrival_non_negative" CHECK ("networks"."estimated_arrival_minutes" IS NULL OR "networks"."estimated_arrival_minutes" >= 0)
);
--> statement-breakpoint
CREATE TABLE "prices" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "prices_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"token_id" text NOT NULL,
	"price_brl" numeric(38, 18) NOT NULL,
	"source" "price_source" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "prices_price_brl_positive" CHECK ("prices"."price_brl" > 0)
);
--> statement-breakpoint
CREATE TABLE "tokens" (
	"id" text PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"kind" "token_kind" NOT NULL,
	"precision" integer NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"is_legal_money" boolean DEFAULT false NOT NULL,
	"trading" boolean DEFAULT true NOT NULL,
	"balance_free" numeric(38, 18),
	"balance_locked" numeric(38, 18),
	"balance_freeze" numeric(38, 18),
	"balance_withdrawing" numeric(38, 18),
	"balance_ipoable" numeric(38, 18),
	"balance_ipoing" numeric(38, 18),
	"balance_storage" numeric(38, 18),
	"synced_at" timestamp with time zone,
	"price_source" "price_source" DEFAULT 'manual' NOT NULL,
	"exchange_symbol" text,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tokens_code_unique" UNIQUE("code"),
	CONSTRAINT "tokens_id_kind_unique" UNIQUE("id","kind"),
	CONSTRAINT "tokens_code_format" CHECK ("tokens"."code" ~ '^[A-Z0-9]{1,20}$'),
	CONSTRAINT "tokens_precision_range" CHECK ("tokens"."precision" BETWEEN 0 AND 18),
	CONSTRAINT "tokens_exchange_symbol_required" CHECK ("tokens"."price_source" <> 'exchange' OR "tokens"."exchange_symbol" IS NOT NULL)
);
--> statement-breakpoint
CREATE TABLE "settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"default_send_token" text,
	"default_receive_token" text,
	"instagram_url" text,
	"telegram_url" text,
	"youtube_url" text,
	"support_email" text,
	"support_phone" text,
	"youtube_tutorial_url" text,
	"pix_key" text,
	"pix_key_type" "pix_key_type",
	"pix_merchant_name" text,
	"pix_merchant_city" text,
	"deriv_account" text,
	"pix_min_receive" numeric(38, 18) DEFAULT '50' NOT NULL,
	"pix_max_receive" numeric(38, 18) DEFAULT '50000' NOT NULL,
	"deriv_min_receive" numeric(38, 18) DEFAULT '10' NOT NULL,
	"deriv_max_receive" numeric(38, 18) DEFAULT '5000' NOT NULL,
	"auto_crypto_payouts" boolean DEFAULT false NOT NULL,
	"operating_hours" jsonb DEFAULT '{"timeZone":"America/Sao_Paulo","days":[1,2,3,4,5],"open":"10:00","close":"18:00"}'::jsonb NOT NULL,
	"quote_lock_minutes" integer DEFAULT 15 NOT NULL,
	"pending_expiry_minutes" integer DEFAULT 30 NOT NULL,
	"auto_complete_hours" integer DEFAULT 72 NOT NULL,
	"price_stale_minutes" integer DEFAULT 10 NOT NULL,
	"documents_required" boolean DEFAULT true NOT NULL,
	"boleto_fee" numeric(38, 18) DEFAULT '0' NOT NULL,
	"bank_account" jsonb,
	"two_factor_required" boolean DEFAULT false NOT NULL,
	"whatsapp_threshold_brl" numeric(38, 18) DEFAULT '200' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text,
	CONSTRAINT "settings_single_row" CHECK ("settings"."id" = 1),
	CONSTRAINT "settings_pix_limits" CHECK ("settings"."pix_min_receive" > 0 AND "settings"."pix_max_receive" >= "settings"."pix_min_receive"),
	CONSTRAINT "settings_deriv_limits" CHECK ("settings"."deriv_min_receive" > 0 AND "settings"."deriv_max_receive" >= "settings"."deriv_min_receive"),
	CONSTRAINT "settings_deriv_account_format" CHECK ("settings"."deriv_account" ~ '^CR[0-9]+$'),
	CONSTRAINT "settings_quote_lock_positive" CHECK ("settings"."quote_lock_minutes" > 0),
	CONSTRAINT "settings_pending_expiry_positive" CHECK ("settings"."pending_expiry_minutes" > 0),
	CONSTRAINT "settings_auto_complete_positive" CHECK ("settings"."auto_complete_hours" > 0),
	CONSTRAINT "settings_price_stale_positive" CHECK ("settings"."price_stale_minutes" > 0),
	CONSTRAINT "settings_boleto_fee_non_negative" CHECK ("settings"."boleto_fee" >= 0),
	CONSTRAINT "settings_whatsapp_threshold_non_negative" CHECK ("settings"."whatsapp_threshold_brl" >= 0)
);
--> statement-breakpoint
CREATE TABLE "documents" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"type" "document_type" NOT NULL,
	"status" "document_status" DEFAULT 'uploaded' NOT NULL,
	"storage_key" text NOT NULL,
	"original_name" text NOT NULL,
	"mime_type" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"sha256" text NOT NULL,
	"rejection_reason" text,
	"reviewed_by" text,
	"reviewed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "documents_storage_key_unique" UNIQUE("storage_key"),
	CONSTRAINT "documents_size_range" CHECK ("documents"."size_bytes" > 0 AND "documents"."size_bytes" <= 5242880),
	CONSTRAINT "documents_mime_type_allowed" CHECK ("documents"."mime_type" IN ('image/jpeg', 'image/png', 'application/pdf')),
	CONSTRAINT "documents_sha256_format" CHECK ("documents"."sha256" ~ '^[0-9a-f]{64}$'),
	CONSTRAINT "documents_rejection_reason" CHECK ("documents"."status" <> 'rejected' OR "documents"."rejection_reason" IS NOT NULL),
	CONSTRAINT "documents_reviewed_at" CHECK ("documents"."status" = 'uploaded' OR "documents"."reviewed_at" IS NOT NULL)
);
--> statement-breakpoint
CREATE TABLE "wallets" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"kind" "token_kind" NOT NULL,
	"token_id" text NOT NULL,
	"network_id" text,
	"address" text,
	"memo" text,
	"pix_key_type" "pix_key_type",
	"pix_key" text,
	"bank_code" text,
	"holder_name" text,
	"holder_document" text,
	"deriv_account" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wallets_crypto_fields" CHECK ("wallets"."kind" <> 'crypto' OR ("wallets"."network_id" IS NOT NULL AND "wallets"."address" IS NOT NULL AND length("wallets"."address") > 0)),
	CONSTRAINT "wallets_pix_fields" CHECK ("wallets"."kind" <> 'pix' OR ("wallets"."pix_key_type" IS NOT NULL AND "wallets"."pix_key" IS NOT NULL AND "wallets"."bank_code" IS NOT NULL AND "wallets"."holder_name" IS NOT NULL AND "wallets"."holder_document" IS NOT NULL)),
	CONSTRAINT "wallets_deriv_fields" CHECK ("wallets"."kind" <> 'deriv' OR ("wallets"."deriv_account" IS NOT NULL AND "wallets"."deriv_account" ~ '^CR[0-9]+$')),
	CONSTRAINT "wallets_holder_document_format" CHECK ("wallets"."holder_document" ~ '^([0-9]{11}|[0-9A-Z]{12}[0-9]{2})$')
);
--> statement-breakpoint
CREATE TABLE "order_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "order_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"order_id" uuid NOT NULL,
	"from_status" "order_status",
	"to_status" "order_status" NOT NULL,
	"actor_type" "actor_type" NOT NULL,
	"actor_id" text,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_events_actor" CHECK ("order_events"."actor_type" = 'system' OR "order_events"."actor_id" IS NOT NULL)
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"reference" text NOT NULL,
	"user_id" text NOT NULL,
	"send_token_id" text NOT NULL,
	"receive_token_id" text NOT NULL,
	"network_id" text,
	"amount_send" numeric(38, 18) NOT NULL,
	"amount_receive" numeric(38, 18) NOT NULL,
	"amount_received" numeric(38, 18),
	"rate" numeric(38, 18) NOT NULL,
	"fee_rate" numeric(7, 4) NOT NULL,
	"price_send_brl" numeric(38, 18) NOT NULL,
	"price_receive_brl" numeric(38, 18) NOT NULL,
	"network_fee" numeric(38, 18) DEFAULT '0' NOT NULL,
	"wallet_id" text,
	"address_to_receive" text NOT NULL,
	"memo_to_receive" text,
	"refund_address" text,
	"payment_method" "payment_method" NOT NULL,
	"status" "order_status" DEFAULT 'pending' NOT NULL,
	"proof_storage_key" text,
	"tx_hash" text,
	"payment_proof_storage_key" text,
	"boleto_storage_key" text,
	"payout_tx_id" text,
	"withdraw_id" text,
	"quote_locked_until" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "orders_reference_unique" UNIQUE("reference"),
	CONSTRAINT "orders_amount_send_positive" CHECK ("orders"."amount_send" > 0),
	CONSTRAINT "orders_amount_receive_positive" CHECK ("orders"."amount_receive" > 0),
	CONSTRAINT "orders_amount_received_positive" CHECK ("orders"."amount_received" > 0),
	CONSTRAINT "orders_rate_positive" CHECK ("orders"."rate" > 0),
	CONSTRAINT "orders_fee_rate_range" CHECK ("orders"."fee_rate" >= 0 AND "orders"."fee_rate" < 50),
	CONSTRAINT "orders_price_send_positive" CHECK ("orders"."price_send_brl" > 0),
	CONSTRAINT "orders_price_receive_positive" CHECK ("orders"."price_receive_brl" > 0),
	CONSTRAINT "orders_network_fee_non_negative" CHECK ("orders"."network_fee" >= 0),
	CONSTRAINT "orders_tokens_distinct" CHECK ("orders"."send_token_id" <> "orders"."receive_token_id")
);
--> statement-breakpoint
CREATE TABLE "treasury_entries" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "treasury_entries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"token_id" text NOT NULL,
	"direction" "treasury_direction" NOT NULL,
	"amount" numeric(38, 18) NOT NULL,
	"kind" "treasury_entry_kind" NOT NULL,
	"order_id" uuid,
	"note" text,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "treasury_entries_amount_positive" CHECK ("treasury_entries"."amount" > 0),
	CONSTRAINT "treasury_entries_cause" CHECK (("treasury_entries"."kind" = 'adjustment' AND "treasury_entries"."note" IS NOT NULL AND length(btrim("treasury_entries"."note")) > 0) OR ("treasury_entries"."kind" <> 'adjustment' AND "treasury_entries"."order_id" IS NOT NULL)),
	CONSTRAINT "treasury_entries_direction" CHECK ("treasury_entries"."kind" = 'adjustment' OR ("treasury_entries"."kind" = 'funds_received' AND "treasury_entries"."direction" = 'credit') OR ("treasury_entries"."kind" IN ('payout', 'refund') AND "treasury_entries"."direction" = 'debit'))
);
--> statement-breakpoint
CREATE TABLE "reviews" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"order_id" uuid NOT NULL,
	"rating" smallint NOT NULL,
	"text" text NOT NULL,
	"visible" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reviews_order_id_unique" UNIQUE("order_id"),
	CONSTRAINT "reviews_rating_range" CHECK ("reviews"."rating" BETWEEN 1 AND 5),
	CONSTRAINT "reviews_text_not_blank" CHECK (length(btrim("reviews"."text")) > 0)
);
--> statement-breakpoint
CREATE TABLE "audit_log" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "audit_log_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"actor_type" "actor_type" NOT NULL,
	"actor_id" text,
	"action" text NOT NULL,
	"entity_type" text NOT NULL,
	"entity_id" text,
	"ip" text,
	"before" jsonb,
	"after" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "idempotency_keys" (
	"user_id" text NOT NULL,
	"key" text NOT NULL,
	"request_hash" text NOT NULL,
	"response_status" integer,
	"response_body" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "idempotency_keys_pk" PRIMARY KEY("user_id","key")
);
--> statement-breakpoint
CREATE TABLE "contact_messages" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"message" text NOT NULL,
	"locale" "locale" DEFAULT 'pt-BR' NOT NULL,
	"ip" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "two_factors" ADD CONSTRAINT "two_factors_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_default_send_token_tokens_code_fk" FOREIGN KEY ("default_send_token") REFERENCES "public"."tokens"("code") ON DELETE set null ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_default_receive_token_tokens_code_fk" FOREIGN KEY ("default_receive_token") REFERENCES "public"."tokens"("code") ON DELETE set null ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "fee_rules" ADD CONSTRAINT "fee_rules_send_token_id_tokens_id_fk" FOREIGN KEY ("send_token_id") REFERENCES "public"."tokens"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_rules" ADD CONSTRAINT "fee_rules_receive_token_id_tokens_id_fk" FOREIGN KEY ("receive_token_id") REFERENCES "public"."tokens"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "networks" ADD CONSTRAINT "networks_token_id_tokens_id_fk" FOREIGN KEY ("token_id") REFERENCES "public"."tokens"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prices" ADD CONSTRAINT "prices_token_id_tokens_id_fk" FOREIGN KEY ("token_id") REFERENCES "public"."tokens"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settings" ADD CONSTRAINT "settings_default_send_token_tokens_code_fk" FOREIGN KEY ("default_send_token") REFERENCES "public"."tokens"("code") ON DELETE set null ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "settings" ADD CONSTRAINT "settings_default_receive_token_tokens_code_fk" FOREIGN KEY ("default_receive_token") REFERENCES "public"."tokens"("code") ON DELETE set null ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "settings" ADD CONSTRAINT "settings_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallets" ADD CONSTRAINT "wallets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallets" ADD CONSTRAINT "wallets_token_kind_fk" FOREIGN KEY ("token_id","kind") REFERENCES "public"."tokens"("id","kind") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallets" ADD CONSTRAINT "wallets_network_token_fk" FOREIGN KEY ("network_id","token_id") REFERENCES "public"."networks"("id","token_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_send_token_id_tokens_id_fk" FOREIGN KEY ("send_token_id") REFERENCES "public"."tokens"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_receive_token_id_tokens_id_fk" FOREIGN KEY ("receive_token_id") REFERENCES "public"."tokens"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_network_id_networks_id_fk" FOREIGN KEY ("network_id") REFERENCES "public"."networks"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_wallet_id_wallets_id_fk" FOREIGN KEY ("wallet_id") REFERENCES "public"."wallets"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "treasury_entries" ADD CONSTRAINT "treasury_entries_token_id_tokens_id_fk" FOREIGN KEY ("token_id") REFERENCES "public"."tokens"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "treasury_entries" ADD CONSTRAINT "treasury_entries_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "treasury_entries" ADD CONSTRAINT "treasury_entries_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD CONSTRAINT "idempotency_keys_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "accounts_user_id_idx" ON "accounts" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "accounts_provider_account_unique" ON "accounts" USING btree ("provider_id","account_id");--> statement-breakpoint
CREATE INDEX "sessions_user_id_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "sessions_expires_at_idx" ON "sessions" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "two_factors_user_id_idx" ON "two_factors" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "two_factors_secret_idx" ON "two_factors" USING btree ("secret");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_lower_unique" ON "users" USING btree (lower("email"));--> statement-breakpoint
CREATE UNIQUE INDEX "users_username_lower_unique" ON "users" USING btree (lower("username"));--> statement-breakpoint
CREATE INDEX "users_role_created_at_idx" ON "users" USING btree ("role","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "verifications_identifier_idx" ON "verifications" USING btree ("identifier");--> statement-breakpoint
CREATE UNIQUE INDEX "fee_rules_one_general_rule" ON "fee_rules" USING btree (("send_token_id" IS NULL)) WHERE "fee_rules"."send_token_id" IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "networks_one_default_per_token" ON "networks" USING btree ("token_id") WHERE "networks"."is_default";--> statement-breakpoint
CREATE INDEX "prices_token_id_created_at_idx" ON "prices" USING btree ("token_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "documents_user_id_type_created_at_idx" ON "documents" USING btree ("user_id","type","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "documents_status_created_at_idx" ON "documents" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "wallets_user_id_idx" ON "wallets" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "order_events_order_id_created_at_idx" ON "order_events" USING btree ("order_id","created_at");--> statement-breakpoint
CREATE INDEX "orders_status_created_at_id_idx" ON "orders" USING btree ("status","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "orders_created_at_id_idx" ON "orders" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "orders_user_id_created_at_idx" ON "orders" USING btree ("user_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "orders_tx_hash_idx" ON "orders" USING btree ("tx_hash");--> statement-breakpoint
CREATE INDEX "orders_pending_expires_at_idx" ON "orders" USING btree ("expires_at") WHERE "orders"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "treasury_entries_token_id_created_at_idx" ON "treasury_entries" USING btree ("token_id","created_at");--> statement-breakpoint
CREATE INDEX "treasury_entries_order_id_idx" ON "treasury_entries" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "reviews_user_id_idx" ON "reviews" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "reviews_visible_created_at_idx" ON "reviews" USING btree ("visible","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "audit_log_entity_idx" ON "audit_log" USING btree ("entity_type","entity_id");--> statement-breakpoint
CREATE INDEX "audit_log_created_at_idx" ON "audit_log" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "audit_log_actor_id_idx" ON "audit_log" USING btree ("actor_id");--> statement-breakpoint
CREATE INDEX "idempotency_keys_expires_at_idx" ON "idempotency_keys" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "contact_messages_created_at_idx" ON "contact_messages" USING btree ("created_at");