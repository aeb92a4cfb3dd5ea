-- ADR 0057 (issue 19): the keys of the business tables include business_id, the distribution column on
-- Citus. A primary key on id becomes (id, business_id) -- business_id last, so that the key's index
-- still serves every look-up by id alone -- and a foreign key between two business tables becomes
-- (x_id, business_id) -> parent (id, business_id), which also makes a reference across two businesses
-- impossible. Existing rows keep their keys: a child already carries its parent's business.
-- `on delete set null` keys name their column (PostgreSQL 15+, PGlite): business_id is never nulled.
-- console_users keeps its key on id alone: console_sessions and console_link_tokens (no business_id
-- yet) reference it.
-- The foreign keys between business tables go first: each depends on its parent's key.
ALTER TABLE "blog_posts" DROP CONSTRAINT "blog_posts_author_id_blog_authors_id_fk";--> statement-breakpoint
ALTER TABLE "booking_items" DROP CONSTRAINT "booking_items_booking_id_bookings_id_fk";--> statement-breakpoint
ALTER TABLE "booking_items" DROP CONSTRAINT "booking_items_class_session_id_class_sessions_id_fk";--> statement-breakpoint
ALTER TABLE "booking_items" DROP CONSTRAINT "booking_items_hold_id_holds_id_fk";--> statement-breakpoint
ALTER TABLE "booking_items" DROP CONSTRAINT "booking_items_staff_id_staff_id_fk";--> statement-breakpoint
ALTER TABLE "booking_resource_units" DROP CONSTRAINT "booking_resource_units_booking_id_bookings_id_fk";--> statement-breakpoint
ALTER TABLE "booking_resource_units" DROP CONSTRAINT "booking_resource_units_hold_id_holds_id_fk";--> statement-breakpoint
ALTER TABLE "booking_resource_units" DROP CONSTRAINT "booking_resource_units_unit_id_resource_units_id_fk";--> statement-breakpoint
ALTER TABLE "bookings" DROP CONSTRAINT "bookings_calendar_id_calendars_id_fk";--> statement-breakpoint
ALTER TABLE "bookings" DROP CONSTRAINT "bookings_contact_id_contacts_id_fk";--> statement-breakpoint
ALTER TABLE "bookings" DROP CONSTRAINT "bookings_staff_id_staff_id_fk";--> statement-breakpoint
ALTER TABLE "calendar_connections" DROP CONSTRAINT "calendar_connections_staff_id_staff_id_fk";--> statement-breakpoint
ALTER TABLE "calendar_members" DROP CONSTRAINT "calendar_members_calendar_id_calendars_id_fk";--> statement-breakpoint
ALTER TABLE "calendar_members" DROP CONSTRAINT "calendar_members_staff_id_staff_id_fk";--> statement-breakpoint
ALTER TABLE "calendar_services" DROP CONSTRAINT "calendar_services_calendar_id_calendars_id_fk";--> statement-breakpoint
ALTER TABLE "calendar_services" DROP CONSTRAINT "calendar_services_service_id_services_id_fk";--> statement-breakpoint
ALTER TABLE "calendars" DROP CONSTRAINT "calendars_form_id_forms_id_fk";--> statement-breakpoint
ALTER TABLE "calendars" DROP CONSTRAINT "calendars_group_id_groups_id_fk";--> statement-breakpoint
ALTER TABLE "class_sessions" DROP CONSTRAINT "class_sessions_calendar_id_calendars_id_fk";--> statement-breakpoint
ALTER TABLE "class_sessions" DROP CONSTRAINT "class_sessions_staff_id_staff_id_fk";--> statement-breakpoint
ALTER TABLE "console_users" DROP CONSTRAINT "console_users_staff_id_staff_id_fk";--> statement-breakpoint
ALTER TABLE "coupon_redemptions" DROP CONSTRAINT "coupon_redemptions_booking_id_bookings_id_fk";--> statement-breakpoint
ALTER TABLE "coupon_redemptions" DROP CONSTRAINT "coupon_redemptions_coupon_id_coupons_id_fk";--> statement-breakpoint
ALTER TABLE "external_busy" DROP CONSTRAINT "external_busy_connection_id_calendar_connections_id_fk";--> statement-breakpoint
ALTER TABLE "form_submissions" DROP CONSTRAINT "form_submissions_booking_id_bookings_id_fk";--> statement-breakpoint
ALTER TABLE "form_submissions" DROP CONSTRAINT "form_submissions_contact_id_contacts_id_fk";--> statement-breakpoint
ALTER TABLE "form_submissions" DROP CONSTRAINT "form_submissions_form_id_version_form_versions_form_id_version_";--> statement-breakpoint
ALTER TABLE "form_uploads" DROP CONSTRAINT "form_uploads_form_id_forms_id_fk";--> statement-breakpoint
ALTER TABLE "form_uploads" DROP CONSTRAINT "form_uploads_submission_id_form_submissions_id_fk";--> statement-breakpoint
ALTER TABLE "form_versions" DROP CONSTRAINT "form_versions_form_id_forms_id_fk";--> statement-breakpoint
ALTER TABLE "holds" DROP CONSTRAINT "holds_calendar_id_calendars_id_fk";--> statement-breakpoint
ALTER TABLE "image_variants" DROP CONSTRAINT "image_variants_image_id_images_id_fk";--> statement-breakpoint
ALTER TABLE "one_time_links" DROP CONSTRAINT "one_time_links_calendar_id_calendars_id_fk";--> statement-breakpoint
ALTER TABLE "payments" DROP CONSTRAINT "payments_booking_id_bookings_id_fk";--> statement-breakpoint
ALTER TABLE "product_collections" DROP CONSTRAINT "product_collections_collection_id_collections_id_fk";--> statement-breakpoint
ALTER TABLE "product_collections" DROP CONSTRAINT "product_collections_product_id_products_id_fk";--> statement-breakpoint
ALTER TABLE "product_variants" DROP CONSTRAINT "product_variants_product_id_products_id_fk";--> statement-breakpoint
ALTER TABLE "resource_time_off" DROP CONSTRAINT "resource_time_off_resource_id_resources_id_fk";--> statement-breakpoint
ALTER TABLE "resource_units" DROP CONSTRAINT "resource_units_resource_id_resources_id_fk";--> statement-breakpoint
ALTER TABLE "service_add_ons" DROP CONSTRAINT "service_add_ons_service_id_services_id_fk";--> statement-breakpoint
ALTER TABLE "service_menu_items" DROP CONSTRAINT "service_menu_items_service_id_services_id_fk";--> statement-breakpoint
ALTER TABLE "service_menu_items" DROP CONSTRAINT "service_menu_items_service_menu_id_service_menus_id_fk";--> statement-breakpoint
ALTER TABLE "service_menus" DROP CONSTRAINT "service_menus_calendar_id_calendars_id_fk";--> statement-breakpoint
ALTER TABLE "service_resources" DROP CONSTRAINT "service_resources_resource_id_resources_id_fk";--> statement-breakpoint
ALTER TABLE "service_resources" DROP CONSTRAINT "service_resources_service_id_services_id_fk";--> statement-breakpoint
ALTER TABLE "service_staff" DROP CONSTRAINT "service_staff_service_id_services_id_fk";--> statement-breakpoint
ALTER TABLE "service_staff" DROP CONSTRAINT "service_staff_staff_id_staff_id_fk";--> statement-breakpoint
ALTER TABLE "service_staff_terms" DROP CONSTRAINT "service_staff_terms_service_id_services_id_fk";--> statement-breakpoint
ALTER TABLE "service_staff_terms" DROP CONSTRAINT "service_staff_terms_staff_id_staff_id_fk";--> statement-breakpoint
ALTER TABLE "service_staff_terms" DROP CONSTRAINT "service_staff_terms_variation_id_service_variations_id_fk";--> statement-breakpoint
ALTER TABLE "service_variations" DROP CONSTRAINT "service_variations_service_id_services_id_fk";--> statement-breakpoint
ALTER TABLE "staff_feed_tokens" DROP CONSTRAINT "staff_feed_tokens_staff_id_staff_id_fk";--> statement-breakpoint
ALTER TABLE "time_off" DROP CONSTRAINT "time_off_staff_id_staff_id_fk";--> statement-breakpoint
ALTER TABLE "webhook_deliveries" DROP CONSTRAINT "webhook_deliveries_subscription_id_webhook_subscriptions_id_fk";--> statement-breakpoint
ALTER TABLE "api_keys" DROP CONSTRAINT "api_keys_pkey";--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_id_business_id_pk" PRIMARY KEY("id","business_id");--> statement-breakpoint
ALTER TABLE "blog_authors" DROP CONSTRAINT "blog_authors_pkey";--> statement-breakpoint
ALTER TABLE "blog_authors" ADD CONSTRAINT "blog_authors_id_business_id_pk" PRIMARY KEY("id","business_id");--> statement-breakpoint
ALTER TABLE "blog_categories" DROP CONSTRAINT "blog_categories_pkey";--> statement-breakpoint
ALTER TABLE "blog_categories" ADD CONSTRAINT "blog_categories_id_business_id_pk" PRIMARY KEY("id","business_id");--> statement-breakpoint
ALTER TABLE "blog_posts" DROP CONSTRAINT "blog_posts_pkey";--> statement-breakpoint
ALTER TABLE "blog_posts" ADD CONSTRAINT "blog_posts_id_business_id_pk" PRIMARY KEY("id","business_id");--> statement-breakpoint
ALTER TABLE "booking_items" DROP CONSTRAINT "booking_items_pkey";--> statement-breakpoint
ALTER TABLE "booking_items" ADD CONSTRAINT "booking_items_id_business_id_pk" PRIMARY KEY("id","business_id");--> statement-breakpoint
ALTER TABLE "booking_resource_units" DROP CONSTRAINT "booking_resource_units_pkey";--> statement-breakpoint
ALTER TABLE "booking_resource_units" ADD CONSTRAINT "booking_resource_units_id_business_id_pk" PRIMARY KEY("id","business_id");--> statement-breakpoint
ALTER TABLE "bookings" DROP CONSTRAINT "bookings_pkey";--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_id_business_id_pk" PRIMARY KEY("id","business_id");--> statement-breakpoint
ALTER TABLE "calendar_connections" DROP CONSTRAINT "calendar_connections_pkey";--> statement-breakpoint
ALTER TABLE "calendar_connections" ADD CONSTRAINT "calendar_connections_id_business_id_pk" PRIMARY KEY("id","business_id");--> statement-breakpoint
ALTER TABLE "calendars" DROP CONSTRAINT "calendars_pkey";--> statement-breakpoint
ALTER TABLE "calendars" ADD CONSTRAINT "calendars_id_business_id_pk" PRIMARY KEY("id","business_id");--> statement-breakpoint
ALTER TABLE "class_sessions" DROP CONSTRAINT "class_sessions_pkey";--> statement-breakpoint
ALTER TABLE "class_sessions" ADD CONSTRAINT "class_sessions_id_business_id_pk" PRIMARY KEY("id","business_id");--> statement-breakpoint
ALTER TABLE "collections" DROP CONSTRAINT "collections_pkey";--> statement-breakpoint
ALTER TABLE "collections" ADD CONSTRAINT "collections_id_business_id_pk" PRIMARY KEY("id","business_id");--> statement-breakpoint
ALTER TABLE "contacts" DROP CONSTRAINT "contacts_pkey";--> statement-breakpoint
ALTER TABLE "contacts" ADD CONSTRAINT "contacts_id_business_id_pk" PRIMARY KEY("id","business_id");--> statement-breakpoint
ALTER TABLE "content_pages" DROP CONSTRAINT "content_pages_pkey";--> statement-breakpoint
ALTER TABLE "content_pages" ADD CONSTRAINT "content_pages_id_business_id_pk" PRIMARY KEY("id","business_id");--> statement-breakpoint
ALTER TABLE "coupon_redemptions" DROP CONSTRAINT "coupon_redemptions_pkey";--> statement-breakpoint
ALTER TABLE "coupon_redemptions" ADD CONSTRAINT "coupon_redemptions_id_business_id_pk" PRIMARY KEY("id","business_id");--> statement-breakpoint
ALTER TABLE "coupons" DROP CONSTRAINT "coupons_pkey";--> statement-breakpoint
ALTER TABLE "coupons" ADD CONSTRAINT "coupons_id_business_id_pk" PRIMARY KEY("id","business_id");--> statement-breakpoint
ALTER TABLE "form_submissions" DROP CONSTRAINT "form_submissions_pkey";--> statement-breakpoint
ALTER TABLE "form_submissions" ADD CONSTRAINT "form_submissions_id_business_id_pk" PRIMARY KEY("id","business_id");--> statement-breakpoint
ALTER TABLE "form_uploads" DROP CONSTRAINT "form_uploads_pkey";--> statement-breakpoint
ALTER TABLE "form_uploads" ADD CONSTRAINT "form_uploads_id_business_id_pk" PRIMARY KEY("id","business_id");--> statement-breakpoint
ALTER TABLE "form_versions" DROP CONSTRAINT "form_versions_form_id_version_pk";--> statement-breakpoint
ALTER TABLE "form_versions" ADD CONSTRAINT "form_versions_form_id_version_business_id_pk" PRIMARY KEY("form_id","version","business_id");--> statement-breakpoint
ALTER TABLE "forms" DROP CONSTRAINT "forms_pkey";--> statement-breakpoint
ALTER TABLE "forms" ADD CONSTRAINT "forms_id_business_id_pk" PRIMARY KEY("id","business_id");--> statement-breakpoint
ALTER TABLE "groups" DROP CONSTRAINT "groups_pkey";--> statement-breakpoint
ALTER TABLE "groups" ADD CONSTRAINT "groups_id_business_id_pk" PRIMARY KEY("id","business_id");--> statement-breakpoint
ALTER TABLE "holds" DROP CONSTRAINT "holds_pkey";--> statement-breakpoint
ALTER TABLE "holds" ADD CONSTRAINT "holds_id_business_id_pk" PRIMARY KEY("id","business_id");--> statement-breakpoint
ALTER TABLE "images" DROP CONSTRAINT "images_pkey";--> statement-breakpoint
ALTER TABLE "images" ADD CONSTRAINT "images_id_business_id_pk" PRIMARY KEY("id","business_id");--> statement-breakpoint
ALTER TABLE "one_time_links" DROP CONSTRAINT "one_time_links_pkey";--> statement-breakpoint
ALTER TABLE "one_time_links" ADD CONSTRAINT "one_time_links_id_business_id_pk" PRIMARY KEY("id","business_id");--> statement-breakpoint
ALTER TABLE "outbox" DROP CONSTRAINT "outbox_pkey";--> statement-breakpoint
ALTER TABLE "outbox" ADD CONSTRAINT "outbox_id_business_id_pk" PRIMARY KEY("id","business_id");--> statement-breakpoint
ALTER TABLE "payments" DROP CONSTRAINT "payments_pkey";--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_id_business_id_pk" PRIMARY KEY("id","business_id");--> statement-breakpoint
ALTER TABLE "preview_tokens" DROP CONSTRAINT "preview_tokens_pkey";--> statement-breakpoint
ALTER TABLE "preview_tokens" ADD CONSTRAINT "preview_tokens_id_business_id_pk" PRIMARY KEY("id","business_id");--> statement-breakpoint
ALTER TABLE "products" DROP CONSTRAINT "products_pkey";--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_id_business_id_pk" PRIMARY KEY("id","business_id");--> statement-breakpoint
ALTER TABLE "resource_time_off" DROP CONSTRAINT "resource_time_off_pkey";--> statement-breakpoint
ALTER TABLE "resource_time_off" ADD CONSTRAINT "resource_time_off_id_business_id_pk" PRIMARY KEY("id","business_id");--> statement-breakpoint
ALTER TABLE "resource_units" DROP CONSTRAINT "resource_units_pkey";--> statement-breakpoint
ALTER TABLE "resource_units" ADD CONSTRAINT "resource_units_id_business_id_pk" PRIMARY KEY("id","business_id");--> statement-breakpoint
ALTER TABLE "resources" DROP CONSTRAINT "resources_pkey";--> statement-breakpoint
ALTER TABLE "resources" ADD CONSTRAINT "resources_id_business_id_pk" PRIMARY KEY("id","business_id");--> statement-breakpoint
ALTER TABLE "service_add_ons" DROP CONSTRAINT "service_add_ons_pkey";--> statement-breakpoint
ALTER TABLE "service_add_ons" ADD CONSTRAINT "service_add_ons_id_business_id_pk" PRIMARY KEY("id","business_id");--> statement-breakpoint
ALTER TABLE "service_menus" DROP CONSTRAINT "service_menus_pkey";--> statement-breakpoint
ALTER TABLE "service_menus" ADD CONSTRAINT "service_menus_id_business_id_pk" PRIMARY KEY("id","business_id");--> statement-breakpoint
ALTER TABLE "service_resources" DROP CONSTRAINT "service_resources_service_id_need_resource_id_pk";--> statement-breakpoint
ALTER TABLE "service_resources" ADD CONSTRAINT "service_resources_service_id_need_resource_id_business_id_pk" PRIMARY KEY("service_id","need","resource_id","business_id");--> statement-breakpoint
ALTER TABLE "service_staff_terms" DROP CONSTRAINT "service_staff_terms_pkey";--> statement-breakpoint
ALTER TABLE "service_staff_terms" ADD CONSTRAINT "service_staff_terms_id_business_id_pk" PRIMARY KEY("id","business_id");--> statement-breakpoint
ALTER TABLE "service_variations" DROP CONSTRAINT "service_variations_pkey";--> statement-breakpoint
ALTER TABLE "service_variations" ADD CONSTRAINT "service_variations_id_business_id_pk" PRIMARY KEY("id","business_id");--> statement-breakpoint
ALTER TABLE "services" DROP CONSTRAINT "services_pkey";--> statement-breakpoint
ALTER TABLE "services" ADD CONSTRAINT "services_id_business_id_pk" PRIMARY KEY("id","business_id");--> statement-breakpoint
ALTER TABLE "staff" DROP CONSTRAINT "staff_pkey";--> statement-breakpoint
ALTER TABLE "staff" ADD CONSTRAINT "staff_id_business_id_pk" PRIMARY KEY("id","business_id");--> statement-breakpoint
ALTER TABLE "staff_feed_tokens" DROP CONSTRAINT "staff_feed_tokens_pkey";--> statement-breakpoint
ALTER TABLE "staff_feed_tokens" ADD CONSTRAINT "staff_feed_tokens_staff_id_business_id_pk" PRIMARY KEY("staff_id","business_id");--> statement-breakpoint
ALTER TABLE "time_off" DROP CONSTRAINT "time_off_pkey";--> statement-breakpoint
ALTER TABLE "time_off" ADD CONSTRAINT "time_off_id_business_id_pk" PRIMARY KEY("id","business_id");--> statement-breakpoint
ALTER TABLE "webhook_deliveries" DROP CONSTRAINT "webhook_deliveries_pkey";--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_id_business_id_pk" PRIMARY KEY("id","business_id");--> statement-breakpoint
ALTER TABLE "webhook_subscriptions" DROP CONSTRAINT "webhook_subscriptions_pkey";--> statement-breakpoint
ALTER TABLE "webhook_subscriptions" ADD CONSTRAINT "webhook_subscriptions_id_business_id_pk" PRIMARY KEY("id","business_id");--> statement-breakpoint
-- Uniqueness within a parent: business_id appended, the meaning is unchanged (a parent has one business).
DROP INDEX "class_sessions_calendar_start_uq";--> statement-breakpoint
CREATE UNIQUE INDEX "class_sessions_calendar_start_uq" ON "class_sessions" USING btree ("calendar_id","starts_at","business_id");--> statement-breakpoint
DROP INDEX "form_uploads_submission_field_idx";--> statement-breakpoint
CREATE UNIQUE INDEX "form_uploads_submission_field_idx" ON "form_uploads" USING btree ("submission_id","field_id","business_id");--> statement-breakpoint
DROP INDEX "resource_units_resource_number_uq";--> statement-breakpoint
CREATE UNIQUE INDEX "resource_units_resource_number_uq" ON "resource_units" USING btree ("resource_id","number","business_id");--> statement-breakpoint
ALTER TABLE "service_staff_terms" DROP CONSTRAINT "service_staff_terms_uq";--> statement-breakpoint
ALTER TABLE "service_staff_terms" ADD CONSTRAINT "service_staff_terms_uq" UNIQUE NULLS NOT DISTINCT("service_id","staff_id","variation_id","business_id");--> statement-breakpoint
-- The double-booking guards (0003, 0024): a staff member or a unit belongs to one business, so two
-- active rows that overlap for one of them have one business_id -- the same guarantee, which Citus can
-- check inside one shard. staff_id (unit_id) stays first: it is what the index is searched by, and the
-- STAFF_BUSY detail (bookings/rows.ts) names it first.
ALTER TABLE "booking_items" DROP CONSTRAINT "booking_items_no_overlap";--> statement-breakpoint
ALTER TABLE "booking_items" ADD CONSTRAINT "booking_items_no_overlap"
  EXCLUDE USING gist ("staff_id" WITH =, "business_id" WITH =, "blocked" WITH &&) WHERE ("active");--> statement-breakpoint
ALTER TABLE "booking_resource_units" DROP CONSTRAINT "booking_resource_units_no_overlap";--> statement-breakpoint
ALTER TABLE "booking_resource_units" ADD CONSTRAINT "booking_resource_units_no_overlap"
  EXCLUDE USING gist ("unit_id" WITH =, "business_id" WITH =, "blocked" WITH &&) WHERE ("active");--> statement-breakpoint
-- The foreign keys again, each with business_id on both sides; names and `on delete` as before.
ALTER TABLE "blog_posts" ADD CONSTRAINT "blog_posts_author_id_blog_authors_id_fk" FOREIGN KEY ("author_id", "business_id") REFERENCES "public"."blog_authors"("id", "business_id");--> statement-breakpoint
ALTER TABLE "booking_items" ADD CONSTRAINT "booking_items_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id", "business_id") REFERENCES "public"."bookings"("id", "business_id") ON DELETE CASCADE;--> statement-breakpoint
ALTER TABLE "booking_items" ADD CONSTRAINT "booking_items_class_session_id_class_sessions_id_fk" FOREIGN KEY ("class_session_id", "business_id") REFERENCES "public"."class_sessions"("id", "business_id") ON DELETE CASCADE;--> statement-breakpoint
ALTER TABLE "booking_items" ADD CONSTRAINT "booking_items_hold_id_holds_id_fk" FOREIGN KEY ("hold_id", "business_id") REFERENCES "public"."holds"("id", "business_id") ON DELETE CASCADE;--> statement-breakpoint
ALTER TABLE "booking_items" ADD CONSTRAINT "booking_items_staff_id_staff_id_fk" FOREIGN KEY ("staff_id", "business_id") REFERENCES "public"."staff"("id", "business_id");--> statement-breakpoint
ALTER TABLE "booking_resource_units" ADD CONSTRAINT "booking_resource_units_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id", "business_id") REFERENCES "public"."bookings"("id", "business_id") ON DELETE CASCADE;--> statement-breakpoint
ALTER TABLE "booking_resource_units" ADD CONSTRAINT "booking_resource_units_hold_id_holds_id_fk" FOREIGN KEY ("hold_id", "business_id") REFERENCES "public"."holds"("id", "business_id") ON DELETE CASCADE;--> statement-breakpoint
ALTER TABLE "booking_resource_units" ADD CONSTRAINT "booking_resource_units_unit_id_resource_units_id_fk" FOREIGN KEY ("unit_id", "business_id") REFERENCES "public"."resource_units"("id", "business_id") ON DELETE CASCADE;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_calendar_id_calendars_id_fk" FOREIGN KEY ("calendar_id", "business_id") REFERENCES "public"."calendars"("id", "business_id") ON DELETE CASCADE;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id", "business_id") REFERENCES "public"."contacts"("id", "business_id") ON DELETE SET NULL ("contact_id");--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_staff_id_staff_id_fk" FOREIGN KEY ("staff_id", "business_id") REFERENCES "public"."staff"("id", "business_id");--> statement-breakpoint
ALTER TABLE "calendar_connections" ADD CONSTRAINT "calendar_connections_staff_id_staff_id_fk" FOREIGN KEY ("staff_id", "business_id") REFERENCES "public"."staff"("id", "business_id") ON DELETE CASCADE;--> statement-breakpoint
ALTER TABLE "calendar_members" ADD CONSTRAINT "calendar_members_calendar_id_calendars_id_fk" FOREIGN KEY ("calendar_id", "business_id") REFERENCES "public"."calendars"("id", "business_id") ON DELETE CASCADE;--> statement-breakpoint
ALTER TABLE "calendar_members" ADD CONSTRAINT "calendar_members_staff_id_staff_id_fk" FOREIGN KEY ("staff_id", "business_id") REFERENCES "public"."staff"("id", "business_id") ON DELETE CASCADE;--> statement-breakpoint
ALTER TABLE "calendar_services" ADD CONSTRAINT "calendar_services_calendar_id_calendars_id_fk" FOREIGN KEY ("calendar_id", "business_id") REFERENCES "public"."calendars"("id", "business_id") ON DELETE CASCADE;--> statement-breakpoint
ALTER TABLE "calendar_services" ADD CONSTRAINT "calendar_services_service_id_services_id_fk" FOREIGN KEY ("service_id", "business_id") REFERENCES "public"."services"("id", "business_id") ON DELETE CASCADE;--> statement-breakpoint
ALTER TABLE "calendars" ADD CONSTRAINT "calendars_form_id_forms_id_fk" FOREIGN KEY ("form_id", "business_id") REFERENCES "public"."forms"("id", "business_id") ON DELETE SET NULL ("form_id");--> statement-breakpoint
ALTER TABLE "calendars" ADD CONSTRAINT "calendars_group_id_groups_id_fk" FOREIGN KEY ("group_id", "business_id") REFERENCES "public"."groups"("id", "business_id") ON DELETE SET NULL ("group_id");--> statement-breakpoint
ALTER TABLE "class_sessions" ADD CONSTRAINT "class_sessions_calendar_id_calendars_id_fk" FOREIGN KEY ("calendar_id", "business_id") REFERENCES "public"."calendars"("id", "business_id") ON DELETE CASCADE;--> statement-breakpoint
ALTER TABLE "class_sessions" ADD CONSTRAINT "class_sessions_staff_id_staff_id_fk" FOREIGN KEY ("staff_id", "business_id") REFERENCES "public"."staff"("id", "business_id");--> statement-breakpoint
ALTER TABLE "console_users" ADD CONSTRAINT "console_users_staff_id_staff_id_fk" FOREIGN KEY ("staff_id", "business_id") REFERENCES "public"."staff"("id", "business_id") ON DELETE SET NULL ("staff_id");--> statement-breakpoint
ALTER TABLE "coupon_redemptions" ADD CONSTRAINT "coupon_redemptions_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id", "business_id") REFERENCES "public"."bookings"("id", "business_id") ON DELETE CASCADE;--> statement-breakpoint
ALTER TABLE "coupon_redemptions" ADD CONSTRAINT "coupon_redemptions_coupon_id_coupons_id_fk" FOREIGN KEY ("coupon_id", "business_id") REFERENCES "public"."coupons"("id", "business_id") ON DELETE CASCADE;--> statement-breakpoint
ALTER TABLE "external_busy" ADD CONSTRAINT "external_busy_connection_id_calendar_connections_id_fk" FOREIGN KEY ("connection_id", "business_id") REFERENCES "public"."calendar_connections"("id", "business_id") ON DELETE CASCADE;--> statement-breakpoint
ALTER TABLE "form_submissions" ADD CONSTRAINT "form_submissions_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id", "business_id") REFERENCES "public"."bookings"("id", "business_id") ON DELETE CASCADE;--> statement-breakpoint
ALTER TABLE "form_submissions" ADD CONSTRAINT "form_submissions_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id", "business_id") REFERENCES "public"."contacts"("id", "business_id") ON DELETE SET NULL ("contact_id");--> statement-breakpoint
ALTER TABLE "form_submissions" ADD CONSTRAINT "form_submissions_form_id_version_form_versions_form_id_version_" FOREIGN KEY ("form_id", "version", "business_id") REFERENCES "public"."form_versions"("form_id", "version", "business_id") ON DELETE CASCADE;--> statement-breakpoint
ALTER TABLE "form_uploads" ADD CONSTRAINT "form_uploads_form_id_forms_id_fk" FOREIGN KEY ("form_id", "business_id") REFERENCES "public"."forms"("id", "business_id") ON DELETE CASCADE;--> statement-breakpoint
ALTER TABLE "form_uploads" ADD CONSTRAINT "form_uploads_submission_id_form_submissions_id_fk" FOREIGN KEY ("submission_id", "business_id") REFERENCES "public"."form_submissions"("id", "business_id") ON DELETE CASCADE;--> statement-breakpoint
ALTER TABLE "form_versions" ADD CONSTRAINT "form_versions_form_id_forms_id_fk" FOREIGN KEY ("form_id", "business_id") REFERENCES "public"."forms"("id", "business_id") ON DELETE CASCADE;--> statement-breakpoint
ALTER TABLE "holds" ADD CONSTRAINT "holds_calendar_id_calendars_id_fk" FOREIGN KEY ("calendar_id", "business_id") REFERENCES "public"."calendars"("id", "business_id") ON DELETE CASCADE;--> statement-breakpoint
ALTER TABLE "image_variants" ADD CONSTRAINT "image_variants_image_id_images_id_fk" FOREIGN KEY ("image_id", "business_id") REFERENCES "public"."images"("id", "business_id") ON DELETE CASCADE;--> statement-breakpoint
ALTER TABLE "one_time_links" ADD CONSTRAINT "one_time_links_calendar_id_calendars_id_fk" FOREIGN KEY ("calendar_id", "business_id") REFERENCES "public"."calendars"("id", "business_id") ON DELETE CASCADE;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id", "business_id") REFERENCES "public"."bookings"("id", "business_id") ON DELETE SET NULL ("booking_id");--> statement-breakpoint
ALTER TABLE "product_collections" ADD CONSTRAINT "product_collections_collection_id_collections_id_fk" FOREIGN KEY ("collection_id", "business_id") REFERENCES "public"."collections"("id", "business_id") ON DELETE CASCADE;--> statement-breakpoint
ALTER TABLE "product_collections" ADD CONSTRAINT "product_collections_product_id_products_id_fk" FOREIGN KEY ("product_id", "business_id") REFERENCES "public"."products"("id", "business_id") ON DELETE CASCADE;--> statement-breakpoint
ALTER TABLE "product_variants" ADD CONSTRAINT "product_variants_product_id_products_id_fk" FOREIGN KEY ("product_id", "business_id") REFERENCES "public"."products"("id", "business_id") ON DELETE CASCADE;--> statement-breakpoint
ALTER TABLE "resource_time_off" ADD CONSTRAINT "resource_time_off_resource_id_resources_id_fk" FOREIGN KEY ("resource_id", "business_id") REFERENCES "public"."resources"("id", "business_id") ON DELETE CASCADE;--> statement-breakpoint
ALTER TABLE "resource_units" ADD CONSTRAINT "resource_units_resource_id_resources_id_fk" FOREIGN KEY ("resource_id", "business_id") REFERENCES "public"."resources"("id", "business_id") ON DELETE CASCADE;--> statement-breakpoint
ALTER TABLE "service_add_ons" ADD CONSTRAINT "service_add_ons_service_id_services_id_fk" FOREIGN KEY ("service_id", "business_id") REFERENCES "public"."services"("id", "business_id") ON DELETE CASCADE;--> statement-breakpoint
ALTER TABLE "service_menu_items" ADD CONSTRAINT "service_menu_items_service_id_services_id_fk" FOREIGN KEY ("service_id", "business_id") REFERENCES "public"."services"("id", "business_id") ON DELETE CASCADE;--> statement-breakpoint
ALTER TABLE "service_menu_items" ADD CONSTRAINT "service_menu_items_service_menu_id_service_menus_id_fk" FOREIGN KEY ("service_menu_id", "business_id") REFERENCES "public"."service_menus"("id", "business_id") ON DELETE CASCADE;--> statement-breakpoint
ALTER TABLE "service_menus" ADD CONSTRAINT "service_menus_calendar_id_calendars_id_fk" FOREIGN KEY ("calendar_id", "business_id") REFERENCES "public"."calendars"("id", "business_id");--> statement-breakpoint
ALTER TABLE "service_resources" ADD CONSTRAINT "service_resources_resource_id_resources_id_fk" FOREIGN KEY ("resource_id", "business_id") REFERENCES "public"."resources"("id", "business_id") ON DELETE CASCADE;--> statement-breakpoint
ALTER TABLE "service_resources" ADD CONSTRAINT "service_resources_service_id_services_id_fk" FOREIGN KEY ("service_id", "business_id") REFERENCES "public"."services"("id", "business_id") ON DELETE CASCADE;--> statement-breakpoint
ALTER TABLE "service_staff" ADD CONSTRAINT "service_staff_service_id_services_id_fk" FOREIGN KEY ("service_id", "business_id") REFERENCES "public"."services"("id", "business_id") ON DELETE CASCADE;--> statement-breakpoint
ALTER TABLE "service_staff" ADD CONSTRAINT "service_staff_staff_id_staff_id_fk" FOREIGN KEY ("staff_id", "business_id") REFERENCES "public"."staff"("id", "business_id") ON DELETE CASCADE;--> statement-breakpoint
ALTER TABLE "service_staff_terms" ADD CONSTRAINT "service_staff_terms_service_id_services_id_fk" FOREIGN KEY ("service_id", "business_id") REFERENCES "public"."services"("id", "business_id") ON DELETE CASCADE;--> statement-breakpoint
ALTER TABLE "service_staff_terms" ADD CONSTRAINT "service_staff_terms_staff_id_staff_id_fk" FOREIGN KEY ("staff_id", "business_id") REFERENCES "public"."staff"("id", "business_id") ON DELETE CASCADE;--> statement-breakpoint
ALTER TABLE "service_staff_terms" ADD CONSTRAINT "service_staff_terms_variation_id_service_variations_id_fk" FOREIGN KEY ("variation_id", "business_id") REFERENCES "public"."service_variations"("id", "business_id") ON DELETE CASCADE;--> statement-breakpoint
ALTER TABLE "service_variations" ADD CONSTRAINT "service_variations_service_id_services_id_fk" FOREIGN KEY ("service_id", "business_id") REFERENCES "public"."services"("id", "business_id") ON DELETE CASCADE;--> statement-breakpoint
ALTER TABLE "staff_feed_tokens" ADD CONSTRAINT "staff_feed_tokens_staff_id_staff_id_fk" FOREIGN KEY ("staff_id", "business_id") REFERENCES "public"."staff"("id", "business_id") ON DELETE CASCADE;--> statement-breakpoint
ALTER TABLE "time_off" ADD CONSTRAINT "time_off_staff_id_staff_id_fk" FOREIGN KEY ("staff_id", "business_id") REFERENCES "public"."staff"("id", "business_id") ON DELETE CASCADE;--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_subscription_id_webhook_subscriptions_id_fk" FOREIGN KEY ("subscription_id", "business_id") REFERENCES "public"."webhook_subscriptions"("id", "business_id") ON DELETE CASCADE;
