/**
 * PostgREST's URL grammar, for the subset the local emulator serves:
 *   select=a,alias:b,c::text,*
 *   col=[not.]eq|neq|gt|gte|lt|lte|like|ilike|is|in.value
 *   order=a.desc.nullslast,b   limit=10   offset=20
 * Identifiers are validated here and quoted when SQL is built; values always travel as
 * parameters. Embedded resources, JSON paths and or=/and= are not supported (PGRST100).
 */
import { RestError } from "./errors.ts";

export interface SelectItem {
  /** A column name, or "*". */
  column: string;
  alias?: string;
  cast?: string;
}

export type FilterOperator = "eq" | "neq" | "gt" | "gte" | "lt" | "lte" | "like" | "ilike" | "is" | "in";

export interface Filter {
  column: string;
  negate: boolean;
  operator: FilterOperator;
  /** `in`: the list; `is`: null | true | false | unknown; otherwise the text value. */
  value: string | string[];
}

export interface OrderTerm {
  column: string;
  descending: boolean;
  nulls?: "first" | "last";
}

const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_$]*$/;
const TYPE_NAME = /^[A-Za-z_][A-Za-z0-9_ ]*(\[\])?$/;
const OPERATORS: ReadonlyArray<FilterOperator> = ["eq", "neq", "gt", "gte", "lt", "lte", "like", "ilike", "is", "in"];

/** Query parameters that are not filters. */
export const RESERVED_PARAMETERS = new Set(["select", "order", "limit", "offset", "on_conflict", "columns", "and", "or", "apikey"]);

export function parseError(parameter: string, details: string): RestError {
  return new RestError(400, {
    code: "PGRST100",
    message: `"failed to parse ${parameter} parameter"`,
    details,
  });
}

export function isIdentifier(name: string): boolean {
  return IDENTIFIER.test(name);
}

function identifier(name: string, parameter: string): string {
  const trimmed = name.trim();
  if (!isIdentifier(trimmed)) {
    throw parseError(parameter, `unexpected "${trimmed}": the local Supabase accepts plain column names only`);
  }
  return trimmed;
}

export function parseSelect(value: string | null): SelectItem[] {
  if (value === null || value.trim() === "") return [{ column: "*" }];
  if (/[()]/.test(value)) {
    throw parseError("select", "embedded resources are not supported by the local Supabase");
  }
  return value.split(",").map((raw) => {
    const item = raw.trim();
    if (item === "*") return { column: "*" };
    let rest = item;
    let alias: string | undefined;
    const aliasMatch = /^([^:]+):(?!:)(.+)$/.exec(rest);
    if (aliasMatch) {
      alias = identifier(aliasMatch[1]!, "select");
      rest = aliasMatch[2]!;
    }
    let cast: string | undefined;
    const castIndex = rest.indexOf("::");
    if (castIndex >= 0) {
      cast = rest.slice(castIndex + 2).trim();
      rest = rest.slice(0, castIndex);
      if (!TYPE_NAME.test(cast)) throw parseError("select", `unexpected cast "${cast}"`);
    }
    if (rest.includes("->")) throw parseError("select", "JSON paths are not supported by the local Supabase");
    return { column: identifier(rest, "select"), alias, cast };
  });
}

/** `(a,b,"c,d")` → ["a", "b", "c,d"]; double quotes allow commas, backslash escapes. */
function parseList(text: string, column: string): string[] {
  if (!text.startsWith("(") || !text.endsWith(")")) {
    throw parseError("filter", `"${column}": in. expects a parenthesised list`);
  }
  const inner = text.slice(1, -1);
  const values: string[] = [];
  let current = "";
  let quoted = false;
  let wasQuoted = false;
  for (let index = 0; index < inner.length; index++) {
    const character = inner[index]!;
    if (quoted) {
      if (character === "\\" && index + 1 < inner.length) current += inner[++index];
      else if (character === '"') quoted = false;
      else current += character;
    } else if (character === '"') {
      quoted = true;
      wasQuoted = true;
    } else if (character === ",") {
      values.push(wasQuoted ? current : current.trim());
      current = "";
      wasQuoted = false;
    } else {
      current += character;
    }
  }
  if (inner.length > 0 || wasQuoted) values.push(wasQuoted ? current : current.trim());
  return values;
}

export function parseFilter(column: string, expression: string): Filter {
  const name = identifier(column, "filter");
  let rest = expression;
  let negate = false;
  if (rest.startsWith("not.")) {
    negate = true;
    rest = rest.slice(4);
  }
  const dot = rest.indexOf(".");
  const operator = (dot < 0 ? rest : rest.slice(0, dot)) as FilterOperator;
  if (dot < 0 || !OPERATORS.includes(operator)) {
    throw parseError("filter", `"${name}=${expression}": unknown or unsupported operator`);
  }
  const raw = rest.slice(dot + 1);
  if (operator === "in") return { column: name, negate, operator, value: parseList(raw, name) };
  if (operator === "is") {
    const value = raw.toLowerCase();
    if (!["null", "true", "false", "unknown"].includes(value)) {
      throw parseError("filter", `"${name}": is. expects null, true, false or unknown`);
    }
    return { column: name, negate, operator, value };
  }
  return { column: name, negate, operator, value: raw };
}

/** Every query parameter that is not reserved (and not a function argument) is a filter. */
export function parseFilters(params: URLSearchParams, skip: ReadonlySet<string> = new Set()): Filter[] {
  const filters: Filter[] = [];
  for (const [key, value] of params) {
    if (RESERVED_PARAMETERS.has(key) || skip.has(key)) {
      if (key === "or" || key === "and") throw parseError(key, "or= and and= are not supported by the local Supabase");
      continue;
    }
    filters.push(parseFilter(key, value));
  }
  return filters;
}

export function parseOrder(value: string | null): OrderTerm[] {
  if (value === null || value.trim() === "") return [];
  return value.split(",").map((term) => {
    const [column = "", ...modifiers] = term.trim().split(".");
    const order: OrderTerm = { column: identifier(column, "order"), descending: false };
    for (const modifier of modifiers) {
      if (modifier === "asc") order.descending = false;
      else if (modifier === "desc") order.descending = true;
      else if (modifier === "nullsfirst") order.nulls = "first";
      else if (modifier === "nullslast") order.nulls = "last";
      else throw parseError("order", `unexpected "${modifier}" in "${term}"`);
    }
    return order;
  });
}

export function parseNonNegativeInteger(value: string | null, parameter: string): number | undefined {
  if (value === null || value === "") return undefined;
  if (!/^\d+$/.test(value)) throw parseError(parameter, `"${value}" is not a non-negative integer`);
  return Number(value);
}

/** The `columns` parameter of inserts: `"a","b"` or `a,b`. */
export function parseColumns(value: string | null): string[] | undefined {
  if (value === null || value.trim() === "") return undefined;
  return value.split(",").map((column) => identifier(column.trim().replace(/^"(.*)"$/, "$1"), "columns"));
}

/** The `Prefer` header's preferences, e.g. return=representation, resolution=merge-duplicates. */
export function parsePrefer(request: Request): Map<string, string> {
  const preferences = new Map<string, string>();
  for (const header of request.headers.get("Prefer")?.split(",") ?? []) {
    const [key, value = ""] = header.trim().split("=");
    if (key) preferences.set(key.trim(), value.trim());
  }
  return preferences;
}
