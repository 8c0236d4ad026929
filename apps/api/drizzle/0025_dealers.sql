CREATE TABLE "dealer_members" (
	"dealer_id" integer NOT NULL,
	"user_id" text NOT NULL,
	"role" text NOT NULL,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "dealer_members_dealer_id_user_id_pk" PRIMARY KEY("dealer_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "dealer_showrooms" (
	"id" serial PRIMARY KEY NOT NULL,
	"dealer_id" integer NOT NULL,
	"city_id" integer NOT NULL,
	"address" text NOT NULL,
	"lat" double precision NOT NULL,
	"lng" double precision NOT NULL,
	"phones" text[] NOT NULL,
	"working_hours" text NOT NULL,
	"sort" smallint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dealers" (
	"id" serial PRIMARY KEY NOT NULL,
	"legal_name" text NOT NULL,
	"kind" text NOT NULL,
	"bin" text NOT NULL,
	"status" text DEFAULT 'applied' NOT NULL,
	"city_id" integer NOT NULL,
	"phones" text[] NOT NULL,
	"working_hours" text NOT NULL,
	"description_ru" text DEFAULT '' NOT NULL,
	"description_kk" text DEFAULT '' NOT NULL,
	"description_en" text DEFAULT '' NOT NULL,
	"checklist" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"note" text,
	"trusted_to_publish" boolean DEFAULT false NOT NULL,
	"applied_by" text,
	"decided_by" text,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "dealer_id" integer;--> statement-breakpoint
ALTER TABLE "dealer_members" ADD CONSTRAINT "dealer_members_dealer_id_dealers_id_fk" FOREIGN KEY ("dealer_id") REFERENCES "public"."dealers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dealer_members" ADD CONSTRAINT "dealer_members_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dealer_showrooms" ADD CONSTRAINT "dealer_showrooms_dealer_id_dealers_id_fk" FOREIGN KEY ("dealer_id") REFERENCES "public"."dealers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dealer_showrooms" ADD CONSTRAINT "dealer_showrooms_city_id_cities_id_fk" FOREIGN KEY ("city_id") REFERENCES "public"."cities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dealers" ADD CONSTRAINT "dealers_city_id_cities_id_fk" FOREIGN KEY ("city_id") REFERENCES "public"."cities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dealers" ADD CONSTRAINT "dealers_applied_by_user_id_fk" FOREIGN KEY ("applied_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dealers" ADD CONSTRAINT "dealers_decided_by_user_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "dealer_members_user_idx" ON "dealer_members" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "dealer_members_one_owner_idx" ON "dealer_members" USING btree ("dealer_id") WHERE role = 'owner';--> statement-breakpoint
CREATE INDEX "dealer_showrooms_dealer_idx" ON "dealer_showrooms" USING btree ("dealer_id","sort");--> statement-breakpoint
CREATE UNIQUE INDEX "dealers_bin_live_idx" ON "dealers" USING btree ("bin") WHERE status <> 'rejected';--> statement-breakpoint
CREATE INDEX "dealers_status_idx" ON "dealers" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "dealers_verified_city_idx" ON "dealers" USING btree ("city_id","legal_name") WHERE status = 'verified';--> statement-breakpoint
ALTER TABLE "listings" ADD CONSTRAINT "listings_dealer_id_dealers_id_fk" FOREIGN KEY ("dealer_id") REFERENCES "public"."dealers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "listings_pub_dealer_idx" ON "listings" USING btree ("dealer_id","published_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE status = 'published' and dealer_id is not null;