DROP INDEX "payments_merchant_reference_idx";--> statement-breakpoint
DROP INDEX "payments_merchant_status_created_idx";--> statement-breakpoint
CREATE INDEX "payments_reference_prefix_idx" ON "payments" USING btree (lower("order_reference") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "payments_id_prefix_idx" ON "payments" USING btree ("id" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "payments_name_words_idx" ON "payments" USING gin (to_tsvector('simple', "customer_name"));--> statement-breakpoint
CREATE INDEX "payments_phone_prefix_idx" ON "payments" USING btree ("customer_phone" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "payments_phone_suffix_idx" ON "payments" USING btree (reverse("customer_phone") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "payments_merchant_status_created_idx" ON "payments" USING btree ("merchant_id","status","created_at","id");