import fc from 'fast-check';
import { z } from 'zod';

/** A JSON Schema node as `z.toJSONSchema` writes it (draft 2020-12). */
type TNode = { [key: string]: unknown };

/** Values worth sending for a field of that name (ids of real rows, codes that exist): reach past the 404s. */
export type TKnownValues = Record<string, readonly unknown[]>;

/** How often a node is replaced by a hostile value instead of a valid one (1 in HOSTILE_ODDS + 1). */
const HOSTILE_ODDS = 6;

const isNode = (value: unknown): value is TNode => typeof value === 'object' && value !== null && !Array.isArray(value);
const num = (value: unknown): number | undefined => (typeof value === 'number' ? value : undefined);

/** A hostile JSON text sent instead of a body (the parser, not the schema, has to refuse it). */
export class RawBody {
  constructor(readonly text: string) {}
}

/** Any UTF-16 code unit, lone surrogates included: what a careless or hostile client can put in a string. */
const anyCodeUnitString = (maxLength: number) =>
  fc.string({ unit: fc.integer({ min: 0, max: 0xffff }).map((c) => String.fromCharCode(c)), maxLength });

const HOSTILE_STRINGS = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\uD800',
  '\uFEFF',
  'e\u0301\u0301\u0301',
  '\u202Egnp.exe',
  '😀😀😀',
  "' OR '1'='1",
  '"; DROP TABLE users; --',
  '<script>alert(1)</script>',
  '../../etc/passwd',
  '%00',
  '%',
  '%ZZ',
  '${jndi:ldap://x}',
  '{{7*7}}',
  '\r\n',
  'null',
  '__proto__',
  'constructor',
  'NaN',
  'Infinity',
  '-0',
  '1e400',
  '99999999999999999999999',
] as const;

const HOSTILE_VALUES = [
  null,
  true,
  false,
  0,
  -1,
  1.5,
  1e308,
  -1e308,
  2 ** 53 + 2,
  {},
  [],
  [1, 'a'],
  { a: { b: { c: {} } } },
] as const;

/** Wrong types, out-of-range and oversized values, NUL, odd unicode: the value a node must refuse (or survive). */
function hostile(node: TNode): fc.Arbitrary<unknown> {
  const edges: unknown[] = [];
  const maxLength = num(node.maxLength);
  const minLength = num(node.minLength);
  if (maxLength !== undefined) edges.push('a'.repeat(maxLength + 1), '😀'.repeat(maxLength));
  if (minLength !== undefined && minLength > 0) edges.push('a'.repeat(minLength - 1));
  const minimum = num(node.minimum);
  const maximum = num(node.maximum);
  if (minimum !== undefined) edges.push(minimum - 1, minimum - 0.5);
  if (maximum !== undefined) edges.push(maximum + 1, maximum + 0.5);
  const maxItems = num(node.maxItems);
  if (maxItems !== undefined) edges.push(Array.from({ length: maxItems + 1 }, () => 'a'));
  if (node.type === 'integer' || node.type === 'number') edges.push(2 ** 31, 2 ** 63, -(2 ** 63), 1e21);
  return fc.oneof(
    fc.constantFrom(...HOSTILE_STRINGS, ...HOSTILE_VALUES, ...edges),
    anyCodeUnitString(40),
    fc.constant('x'.repeat(5000)),
  );
}

/** Strings matching `pattern`, within the length bounds; patterns fast-check cannot read (lookaheads) are left to the known values. */
function matching(pattern: string, minLength: number, maxLength: number): fc.Arbitrary<string> | undefined {
  try {
    const regex = new RegExp(pattern);
    const within = (s: string) => s.length >= minLength && s.length <= maxLength;
    // 'medium' reaches a few hundred characters: the long end of what a pattern allows (a 250-character e-mail).
    return fc.oneof(
      { weight: 3, arbitrary: fc.stringMatching(regex).filter(within) },
      { weight: 1, arbitrary: fc.stringMatching(regex, { size: 'medium' }).filter(within) },
    );
  } catch {
    return undefined;
  }
}

/** Valid and boundary strings for a string node. */
function validString(node: TNode): fc.Arbitrary<unknown> {
  const minLength = num(node.minLength) ?? 0;
  const maxLength = num(node.maxLength) ?? 10_000;
  if (node.format === 'uuid') return fc.uuid();
  if (node.format === 'date-time' || node.format === 'date') {
    const dates = fc.date({ min: new Date('1970-01-01T00:00:00Z'), max: new Date('2100-12-31T23:59:59Z'), noInvalidDate: true });
    return dates.map((d) => (node.format === 'date' ? d.toISOString().slice(0, 10) : d.toISOString()));
  }
  if (node.format === 'email') return fc.emailAddress();
  if (typeof node.pattern === 'string') {
    const byPattern = matching(node.pattern, minLength, maxLength);
    if (byPattern) return byPattern;
  }
  const boundaries = [minLength > 0 ? 'b'.repeat(minLength) : '', ...(maxLength < 10_000 ? ['m'.repeat(maxLength)] : [])];
  return fc.oneof(
    { weight: 3, arbitrary: fc.string({ minLength, maxLength: Math.min(maxLength, minLength + 30) }) },
    { weight: 1, arbitrary: fc.string({ unit: 'grapheme', minLength, maxLength: Math.min(maxLength, minLength + 10) }) },
    { weight: 1, arbitrary: fc.constantFrom(...boundaries) },
  );
}

/**
 * Arbitraries derived from JSON Schema (as zod 4 writes it with `z.toJSONSchema(…, {io: 'input'})`):
 * every node gives mostly valid and boundary values and, now and then, a hostile one.
 */
class SchemaArbitraries {
  constructor(
    private readonly defs: Record<string, TNode>,
    private readonly known: TKnownValues,
  ) {}

  any(node: TNode, name: string | undefined, depth = 0, hostileToo = true): fc.Arbitrary<unknown> {
    const resolved = this.resolve(node);
    if (!hostileToo) return this.valid(resolved, name, depth);
    return fc.oneof(
      { weight: HOSTILE_ODDS, arbitrary: this.valid(resolved, name, depth) },
      { weight: 1, arbitrary: hostile(resolved) },
    );
  }

  private resolve(node: TNode): TNode {
    if (typeof node.$ref === 'string') {
      const target = this.defs[node.$ref.replace('#/$defs/', '')];
      if (target) return this.resolve(target);
    }
    if (Array.isArray(node.allOf)) return Object.assign({}, ...node.allOf.filter(isNode).map((n) => this.resolve(n))) as TNode;
    return node;
  }

  private valid(node: TNode, name: string | undefined, depth: number): fc.Arbitrary<unknown> {
    const generated = this.generated(node, name, depth);
    const pattern = typeof node.pattern === 'string' ? new RegExp(node.pattern) : undefined;
    // Known values that the node itself would accept (an `id` may be a uuid in one route and an e-mail in another).
    const known = (name ? (this.known[name] ?? []) : []).filter(
      (v) => !pattern || (typeof v === 'string' && pattern.test(v)) || typeof v !== 'string',
    );
    return known.length > 0
      ? fc.oneof({ weight: 2, arbitrary: fc.constantFrom(...known) }, { weight: 3, arbitrary: generated })
      : generated;
  }

  private generated(node: TNode, name: string | undefined, depth: number): fc.Arbitrary<unknown> {
    if ('const' in node) return fc.constant(node.const);
    if (Array.isArray(node.enum) && node.enum.length > 0) return fc.constantFrom(...(node.enum as unknown[]));
    const options = Array.isArray(node.anyOf) ? node.anyOf : Array.isArray(node.oneOf) ? node.oneOf : undefined;
    if (options) return fc.oneof(...options.filter(isNode).map((o) => this.valid(this.resolve(o), name, depth)));
    switch (node.type) {
      case 'string':
        return validString(node);
      case 'integer':
      case 'number': {
        const min = num(node.minimum) ?? num(node.exclusiveMinimum) ?? -1e9;
        const max = num(node.maximum) ?? num(node.exclusiveMaximum) ?? 1e9;
        return node.type === 'integer'
          ? fc.integer({ min: Math.ceil(min), max: Math.floor(max) })
          : fc.double({ min, max, noNaN: true, noDefaultInfinity: true });
      }
      case 'boolean':
        return fc.boolean();
      case 'null':
        return fc.constant(null);
      case 'array': {
        const items = isNode(node.items) ? node.items : {};
        const maxItems = Math.min(num(node.maxItems) ?? 5, 5);
        return fc.array(this.any(items, name, depth + 1), { minLength: num(node.minItems) ?? 0, maxLength: maxItems });
      }
      case 'object':
        return this.object(node, depth);
      default:
        return fc.jsonValue({ maxDepth: 2 });
    }
  }

  private object(node: TNode, depth: number): fc.Arbitrary<unknown> {
    if (depth > 6) return fc.constant({});
    const properties = isNode(node.properties) ? node.properties : {};
    const required = Array.isArray(node.required) ? (node.required as string[]) : [];
    const model: Record<string, fc.Arbitrary<unknown>> = {};
    for (const [key, child] of Object.entries(properties)) if (isNode(child)) model[key] = this.any(child, key, depth + 1);
    const record = fc.record(model, { requiredKeys: required.filter((k) => k in model) });
    if (!isNode(node.additionalProperties)) return record;
    // A record (z.record): a few entries with keys of the documented shape.
    const keys = isNode(node.propertyNames) ? validString(node.propertyNames) : fc.string({ maxLength: 20 });
    const values = this.any(node.additionalProperties, undefined, depth + 1);
    return fc
      .tuple(record, fc.dictionary(keys.map(String), values, { maxKeys: 5 }))
      .map(([fixed, extra]) => ({ ...extra, ...(fixed as object) }));
  }
}

/**
 * Values for one part of a request (params, querystring, headers or body) from its zod schema: the
 * schema is read through its JSON Schema, which zod 4 writes for exactly what it accepts on input
 * (transforms and pipes as their input side; refinements, which JSON Schema cannot say, are left to the server).
 */
export function arbitraryFor(schema: z.ZodType, known: TKnownValues, part: 'params' | 'querystring' | 'headers' | 'body') {
  const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as TNode;
  const defs = isNode(json.$defs) ? (json.$defs as Record<string, TNode>) : {};
  // Params, query and headers are always a set of named strings: only their fields turn hostile.
  return new SchemaArbitraries(defs, known).any(json, undefined, 0, part === 'body');
}

/** Bodies the JSON parser itself must refuse: truncated, and prototype pollution attempts. */
export const hostileJsonTexts = fc.constantFrom(
  new RawBody('{"a":'),
  new RawBody('{"__proto__":{"polluted":true}}'),
  new RawBody('{"constructor":{"prototype":{"polluted":true}}}'),
  new RawBody('[' + '['.repeat(5000) + ']'.repeat(5000) + ']'),
);
