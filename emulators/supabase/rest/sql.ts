/**
 * SQL for PostgREST requests. Identifiers reaching here were validated by query.ts (or come from
 * the catalog) and are always double-quoted; values are always bound parameters.
 */
import type { Filter, OrderTerm, SelectItem } from "./query.ts";

export function quoteIdentifier(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

export const qualifiedName = (name: string) => `"public".${quoteIdentifier(name)}`;

/** Collects parameter values and hands out their $n placeholders. */
export class Parameters {
  readonly values: unknown[] = [];

  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

export function selectList(items: SelectItem[]): string {
  return items
    .map((item) => {
      if (item.column === "*") return "*";
      const column = quoteIdentifier(item.column);
      const expression = item.cast ? `${column}::${item.cast}` : column;
      return `${expression} as ${quoteIdentifier(item.alias ?? item.column)}`;
    })
    .join(", ");
}

const COMPARISONS: Record<string, string> = { eq: "=", neq: "<>", gt: ">", gte: ">=", lt: "<", lte: "<=" };

function condition(filter: Filter, parameters: Parameters): string {
  const column = quoteIdentifier(filter.column);
  switch (filter.operator) {
    case "is": {
      const value = { null: "null", true: "true", false: "false", unknown: "unknown" }[filter.value as string];
      return `${column} is ${value}`;
    }
    case "in": {
      const values = filter.value as string[];
      if (values.length === 0) return "false";
      return `${column} in (${values.map((value) => parameters.add(value)).join(", ")})`;
    }
    case "like":
    case "ilike":
      // PostgREST accepts * as the wildcard, as URLs mangle %.
      return `${column} ${filter.operator} ${parameters.add((filter.value as string).replaceAll("*", "%"))}`;
    default:
      return `${column} ${COMPARISONS[filter.operator]} ${parameters.add(filter.value)}`;
  }
}

export function whereClause(filters: Filter[], parameters: Parameters): string {
  if (filters.length === 0) return "";
  const conditions = filters.map((filter) => {
    const sql = condition(filter, parameters);
    return filter.negate ? `not (${sql})` : sql;
  });
  return ` where ${conditions.join(" and ")}`;
}

export function orderClause(order: OrderTerm[]): string {
  if (order.length === 0) return "";
  return ` order by ${order
    .map(
      (term) =>
        `${quoteIdentifier(term.column)} ${term.descending ? "desc" : "asc"}${term.nulls ? ` nulls ${term.nulls}` : ""}`,
    )
    .join(", ")}`;
}

export function limitClause(limit: number | undefined, offset: number | undefined): string {
  return `${limit === undefined ? "" : ` limit ${limit}`}${offset === undefined ? "" : ` offset ${offset}`}`;
}

/** Wraps a row source as PostgREST does: the rows as one JSON array, the first row, the count. */
export function jsonResult(source: string): string {
  return `select coalesce(json_agg(_pgrst_t), '[]')::text as body,
                 (json_agg(_pgrst_t) -> 0)::text as first,
                 count(*)::int as row_count
            from (${source}) as _pgrst_t`;
}
