DROP INDEX "payouts_store_day_unique";--> statement-breakpoint
CREATE UNIQUE INDEX "payouts_store_day_unique" ON "payouts" USING btree ("store_id","payout_day") WHERE "payouts"."kind" = 'settlement';