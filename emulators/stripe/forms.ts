/**
 * Stripe's request encoding: form-encoded (or query-string) pairs with bracket notation, as the
 * `stripe` SDK sends them — `line_items[0][price]=…&expand[]=subscription&metadata[plan]=pro` —
 * parsed into nested objects and arrays, plus readers that coerce and validate single params the
 * way the API does (booleans, integers, metadata).
 */
import { invalidRequest, unknownParam } from "./errors.ts";

export type ParamValue = string | ParamValue[] | { [key: string]: ParamValue };
export type Params = { [key: string]: ParamValue };

/** Parses `a[b][0][c]=x` pairs into `{ a: { b: [{ c: "x" }] } }`; `a[]=x` appends to a list. */
export function parseParams(pairs: Iterable<[string, string]>): Params {
  const root: Params = {};
  for (const [rawKey, value] of pairs) {
    const path = splitKey(rawKey);
    let node: Params = root;
    for (let i = 0; i < path.length; i++) {
      let segment = path[i] as string;
      if (segment === "") segment = String(Object.keys(node).length);
      if (i === path.length - 1) {
        if (typeof node[segment] === "object") {
          throw invalidRequest(`Invalid value for ${rawKey}: expected an object.`, rawKey);
        }
        node[segment] = value;
        break;
      }
      const existing = node[segment];
      if (existing === undefined) {
        const child: Params = {};
        node[segment] = child;
        node = child;
      } else if (typeof existing === "object" && !Array.isArray(existing)) {
        node = existing;
      } else {
        throw invalidRequest(`Invalid ${path.slice(0, i + 1).join(".")}: must be an object.`, rawKey);
      }
    }
  }
  return arraysFromIndexedObjects(root) as Params;
}

function splitKey(key: string): string[] {
  const open = key.indexOf("[");
  if (open <= 0 || !key.endsWith("]")) return [key];
  const head = key.slice(0, open);
  const rest = key.slice(open + 1, -1).split("][");
  return [head, ...rest];
}

/** `{ "0": …, "1": … }` (what `a[0]=…&a[1]=…` parses to) becomes `[…, …]`. */
function arraysFromIndexedObjects(value: ParamValue): ParamValue {
  if (typeof value === "string") return value;
  if (Array.isArray(value)) return value.map(arraysFromIndexedObjects);
  const keys = Object.keys(value);
  const converted: Params = {};
  for (const key of keys) converted[key] = arraysFromIndexedObjects(value[key] as ParamValue);
  const isIndexed = keys.length > 0 && keys.every((key) => /^(0|[1-9]\d*)$/.test(key));
  if (!isIndexed) return converted;
  return keys
    .map(Number)
    .sort((a, b) => a - b)
    .map((index) => converted[String(index)] as ParamValue);
}

/** Rejects params the endpoint does not take, like the API ("Received unknown parameter"). */
export function assertKnownParams(params: Params, accepted: readonly string[]): void {
  for (const key of Object.keys(params)) {
    if (!accepted.includes(key)) throw unknownParam(key);
  }
}

export function readString(params: Params, name: string, param = name): string | undefined {
  const value = params[name];
  if (value === undefined) return undefined;
  if (typeof value !== "string") throw invalidRequest(`Invalid string: ${param} must be a string.`, param);
  return value;
}

export function readBoolean(params: Params, name: string): boolean | undefined {
  const value = readString(params, name);
  if (value === undefined) return undefined;
  if (value === "true") return true;
  if (value === "false") return false;
  throw invalidRequest(`Invalid boolean: ${value}`, name);
}

export function readInteger(params: Params, name: string, param = name): number | undefined {
  const value = readString(params, name, param);
  if (value === undefined) return undefined;
  if (!/^-?\d+$/.test(value)) throw invalidRequest(`Invalid integer: ${value}`, param);
  return Number(value);
}

export function readObject(params: Params, name: string): Params | undefined {
  const value = params[name];
  if (value === undefined || value === "") return undefined;
  if (typeof value !== "object" || Array.isArray(value)) {
    throw invalidRequest(`Invalid object: ${name} must be an object.`, name);
  }
  return value;
}

export function readList(params: Params, name: string): ParamValue[] | undefined {
  const value = params[name];
  if (value === undefined || value === "") return undefined;
  if (!Array.isArray(value)) throw invalidRequest(`Invalid array: ${name} must be an array.`, name);
  return value;
}

/** `expand[]=a&expand[]=b` → ["a", "b"]. */
export function readExpand(params: Params): string[] {
  return (readList(params, "expand") ?? []).map((entry, index) => {
    if (typeof entry !== "string") throw invalidRequest("Invalid array: expand must be strings.", `expand[${index}]`);
    return entry;
  });
}

export type Metadata = Record<string, string>;

/**
 * Applies a `metadata` param to existing metadata as Stripe does: keys merge, a key set to ""
 * is removed, and `metadata=""` clears everything.
 */
export function applyMetadata(current: Metadata, params: Params, name = "metadata", param = name): Metadata {
  const value = params[name];
  if (value === undefined) return current;
  if (value === "") return {};
  if (typeof value !== "object" || Array.isArray(value)) {
    throw invalidRequest(`Invalid object: ${param} must be an object.`, param);
  }
  const next: Metadata = { ...current };
  for (const [key, entry] of Object.entries(value)) {
    if (typeof entry !== "string") {
      throw invalidRequest(`Invalid value for metadata key '${key}': must be a string.`, `${param}[${key}]`);
    }
    if (entry === "") delete next[key];
    else next[key] = entry;
  }
  return next;
}

/** A canonical rendering of params, for comparing idempotent requests. */
export function fingerprint(method: string, path: string, params: Params): string {
  return `${method} ${path} ${JSON.stringify(sortDeep(params))}`;
}

function sortDeep(value: ParamValue): ParamValue {
  if (typeof value === "string") return value;
  if (Array.isArray(value)) return value.map(sortDeep);
  return Object.fromEntries(
    Object.keys(value)
      .sort()
      .map((key) => [key, sortDeep(value[key] as ParamValue)]),
  );
}
