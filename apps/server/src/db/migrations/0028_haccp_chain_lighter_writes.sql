ALTER TABLE "haccp_chain" DROP CONSTRAINT "haccp_chain_carried_by_users_id_fk";
--> statement-breakpoint
DROP INDEX "haccp_chain_chained_at_idx";--> statement-breakpoint
CREATE INDEX "haccp_chain_chained_at_idx" ON "haccp_chain" USING brin ("chained_at");