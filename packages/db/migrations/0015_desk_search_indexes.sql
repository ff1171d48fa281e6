CREATE INDEX "orders_payout_tx_id_idx" ON "orders" USING btree ("payout_tx_id");--> statement-breakpoint
CREATE INDEX "orders_address_to_receive_idx" ON "orders" USING btree ("address_to_receive");