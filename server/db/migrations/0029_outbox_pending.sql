-- The mail worker claims the oldest pending message that is due. Ordered by id over the pending
-- messages alone, a claim stops at the first due one instead of sorting the whole backlog (issue 29).
DROP INDEX "outbox_due_idx";--> statement-breakpoint
CREATE INDEX "outbox_pending_idx" ON "outbox" USING btree ("id") WHERE "outbox"."status" = 'pending';
