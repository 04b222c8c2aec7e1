import type { Queryable } from '../src/db/db.js';

/** A node of EXPLAIN's JSON plan, as far as ctesRun reads it. */
interface PlanNode {
  'Subplan Name'?: string;
  'Actual Loops'?: number;
  Plans?: PlanNode[];
}

/**
 * How often each CTE of a statement ran (0: never executed), by name, from EXPLAIN ANALYZE's
 * plan: which path a search took, where every path gives the same rows.
 */
export async function ctesRun(
  db: Queryable,
  statement: { text: string; params: unknown[] },
): Promise<Map<string, number>> {
  const { rows } = await db.query<{ 'QUERY PLAN': unknown }>(
    `explain (analyze, format json) ${statement.text}`,
    statement.params,
  );
  const raw = rows[0]?.['QUERY PLAN'];
  const [root] = (typeof raw === 'string' ? JSON.parse(raw) : raw) as { Plan: PlanNode }[];
  const loops = new Map<string, number>();
  const visit = (node: PlanNode) => {
    const name = node['Subplan Name'];
    if (name?.startsWith('CTE ')) loops.set(name.slice(4), node['Actual Loops'] ?? 0);
    node.Plans?.forEach(visit);
  };
  if (root) visit(root.Plan);
  return loops;
}
