import { type SQL, sql } from "drizzle-orm";
import type { Database } from "../db/database";
import { rowsOf } from "../db/rows";

/** A node of PostgreSQL's plan as `explain (format json)` gives it, with what the tests read. */
export type PlanNode = {
  "Relation Name"?: string;
  "Index Name"?: string;
  "Rows Removed by Filter"?: number;
  "Rows Removed by Index Recheck"?: number;
  Plans?: PlanNode[];
};

const nodesOf = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(nodesOf)];

/**
 * Every node of the plan of `query` run on `db` (`analyze`: run, with the rows each node read
 * and dropped), the top node first; none when there is no plan.
 */
export async function planNodes(db: Database, query: SQL | { getSQL(): SQL }, analyze = true): Promise<PlanNode[]> {
  const [explained] = await rowsOf<{ "QUERY PLAN": [{ Plan: PlanNode }] }>(
    db,
    analyze ? sql`explain (analyze, format json) ${query}` : sql`explain (format json) ${query}`,
  );
  const plan = explained?.["QUERY PLAN"][0]?.Plan;
  return plan ? nodesOf(plan) : [];
}

/** The rows a node read from its table and then dropped (its filter's and its index recheck's). */
export const droppedRows = (node: PlanNode) =>
  (node["Rows Removed by Filter"] ?? 0) + (node["Rows Removed by Index Recheck"] ?? 0);
