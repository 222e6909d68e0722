CREATE TABLE "stripe_events" (
	"id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"processed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "organisations" ADD COLUMN "stripe_customer_id" text;--> statement-breakpoint
ALTER TABLE "organisations" ADD COLUMN "stripe_subscription_id" text;--> statement-breakpoint
ALTER TABLE "organisations" ADD COLUMN "subscription_status" text;--> statement-breakpoint
ALTER TABLE "organisations" ADD COLUMN "subscription_price_id" text;--> statement-breakpoint
ALTER TABLE "organisations" ADD COLUMN "current_period_end" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "organisations" ADD COLUMN "subscription_event_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "organisations_stripe_customer_key" ON "organisations" USING btree ("stripe_customer_id") WHERE "organisations"."stripe_customer_id" is not null;