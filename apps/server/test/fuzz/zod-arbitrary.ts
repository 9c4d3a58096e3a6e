import fc from 'fast-check';
import type { z } from 'zod';

/**
 * Inputs for the fuzz test (fuzz.test.ts), shaped after the zod schemas a route declares: mostly
 * values of the right shape with nasty leaves (so a request gets past the first check and reaches
 * the service), sometimes the wrong type altogether.
 */

/** What the walk reads of a zod 4 schema's definition (its internals, hence the loose type). */
interface TDef {
  type: string;
  shape?: Record<string, z.ZodType>;
  innerType?: z.ZodType;
  element?: z.ZodType;
  options?: z.ZodType[];
  entries?: Record<string, string | number>;
  values?: unknown[];
  in?: z.ZodType;
  out?: z.ZodType;
  valueType?: z.ZodType;
  keyType?: z.ZodType;
  items?: z.ZodType[];
  getter?: () => z.ZodType;
  left?: z.ZodType;
  right?: z.ZodType;
  format?: string;
}

const defOf = (schema: z.ZodType): TDef => (schema as unknown as { _zod: { def: TDef } })._zod.def;

/** One megabyte of text: at the body limit, whatever wraps it. */
const MEGABYTE = 'x'.repeat(1024 * 1024);

/** Strings that broke servers before: NUL, lone surrogates, bidi overrides, traversal, markup. */
export const NASTY_STRINGS = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\uD800',
  'x\uDC00y',
  '\u202Egnp.exe',
  '\u200B\uFEFF',
  '\r\n\t\u0007\u001b[31m',
  '../../../../etc/passwd',
  '..\\..\\windows\\win.ini',
  '%2e%2e%2f%2e%2e%2f',
  '/etc/passwd',
  '<img src=x onerror="window.__xss=1">',
  'javascript:alert(1)',
  "'; drop table users; --",
  '${7*7}{{7*7}}',
  '1e309',
  'NaN',
  '-0',
  '__proto__',
  'constructor',
  '🦄'.repeat(300),
  'é'.repeat(5000),
  'x'.repeat(70_000),
];

/** Numbers at the edges: beyond 2^53, beyond int4, fractions, negatives, the largest doubles. */
export const BOUNDARY_NUMBERS = [
  0,
  -1,
  0.5,
  -0.5,
  1.5,
  2 ** 31 - 1,
  2 ** 31,
  -(2 ** 31) - 1,
  2 ** 53 + 1,
  -(2 ** 53 + 1),
  1e21,
  1e308,
  -1e308,
  Number.MAX_VALUE,
  Number.MIN_VALUE,
];

export const nastyString = (): fc.Arbitrary<string> =>
  fc.oneof(
    { arbitrary: fc.constantFrom(...NASTY_STRINGS), weight: 6 },
    { arbitrary: fc.string({ unit: 'binary', maxLength: 40 }), weight: 3 },
    { arbitrary: fc.constant(MEGABYTE), weight: 1 },
  );

export const boundaryNumber = (): fc.Arbitrary<number> =>
  fc.oneof(
    fc.constantFrom(...BOUNDARY_NUMBERS),
    fc.double({ noNaN: true, noDefaultInfinity: true }),
  );

/** An object whose own keys are `__proto__` and `constructor` (JSON.parse makes them own keys). */
export const prototypeKeys = (): fc.Arbitrary<Record<string, unknown>> =>
  fc.constantFrom(
    JSON.parse('{"__proto__":{"isSuperUser":true,"role":"advertiser","polluted":1}}'),
    JSON.parse('{"constructor":{"prototype":{"polluted":1}}}'),
    JSON.parse('{"__proto__":null}'),
  ) as fc.Arbitrary<Record<string, unknown>>;

/** JSON nested `depth` deep, as text (a value this deep is no JS literal worth writing). */
export const deepJson = (depth: number, open = '[', close = ']') =>
  open === '{'
    ? '{"a":'.repeat(depth) + '1' + '}'.repeat(depth)
    : open.repeat(depth) + close.repeat(depth);

/** Anything that is not of the schema's type. */
export const wrongValue = (): fc.Arbitrary<unknown> =>
  fc.oneof(
    nastyString(),
    boundaryNumber(),
    fc.constantFrom(null, true, false, [], {}),
    prototypeKeys(),
    fc.jsonValue({ maxDepth: 3 }),
  );

export interface TShapeOptions {
  /** Ids that name real rows of the caller's (and others'), for uuid fields. */
  ids: readonly string[];
}

/**
 * A value shaped after `schema`. Four in five leaves are of the right type (from the edges of
 * that type), the rest of any type, and objects sometimes carry prototype keys.
 */
export function shaped(
  schema: z.ZodType,
  options: TShapeOptions,
  depth = 0,
): fc.Arbitrary<unknown> {
  const right = rightValue(schema, options, depth);
  return fc.oneof({ arbitrary: right, weight: 4 }, { arbitrary: wrongValue(), weight: 1 });
}

function rightValue(
  schema: z.ZodType,
  options: TShapeOptions,
  depth: number,
): fc.Arbitrary<unknown> {
  const def = defOf(schema);
  if (depth > 6) return wrongValue();
  const inner = (s: z.ZodType) => shaped(s, options, depth + 1);
  switch (def.type) {
    case 'object': {
      const shape = def.shape ?? {};
      const record = fc.record(
        Object.fromEntries(Object.entries(shape).map(([key, value]) => [key, inner(value)])),
        { requiredKeys: [] },
      );
      return fc.oneof(
        { arbitrary: record, weight: 5 },
        {
          arbitrary: fc
            .tuple(record, prototypeKeys())
            .map(([value, extra]): unknown =>
              Object.assign(JSON.parse(JSON.stringify(extra)) as object, value),
            ),
          weight: 1,
        },
      );
    }
    case 'array':
      return def.element
        ? fc.oneof(
            { arbitrary: fc.array(inner(def.element), { maxLength: 4 }), weight: 8 },
            {
              arbitrary: fc.array(inner(def.element), { minLength: 60, maxLength: 400 }),
              weight: 1,
            },
          )
        : wrongValue();
    case 'tuple':
      return fc.tuple(...(def.items ?? []).map(inner));
    case 'record':
      return fc.dictionary(
        fc.oneof(fc.string({ maxLength: 8 }), fc.constantFrom('__proto__', 'constructor')),
        def.valueType ? inner(def.valueType) : wrongValue(),
        { maxKeys: 4 },
      );
    case 'union':
      return fc.oneof(...(def.options ?? []).map(inner));
    case 'intersection':
      return def.left && def.right
        ? fc
            .tuple(inner(def.left), inner(def.right))
            .map(([a, b]) =>
              typeof a === 'object' && a && typeof b === 'object' && b ? { ...a, ...b } : a,
            )
        : wrongValue();
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'catch':
    case 'readonly':
    case 'nonoptional':
      return def.innerType
        ? fc.oneof(
            { arbitrary: rightValue(def.innerType, options, depth), weight: 5 },
            { arbitrary: fc.constantFrom(null, undefined), weight: 1 },
          )
        : wrongValue();
    case 'pipe':
      return def.in ? rightValue(def.in, options, depth) : wrongValue();
    case 'lazy':
      return def.getter ? rightValue(def.getter(), options, depth + 1) : wrongValue();
    case 'enum':
      return fc.constantFrom(...Object.values(def.entries ?? { x: 'x' }));
    case 'literal':
      return fc.constantFrom(...(def.values ?? [null]));
    case 'boolean':
      return fc.boolean();
    case 'number':
    case 'int':
      return fc.oneof(boundaryNumber(), fc.integer({ min: -5, max: 5000 }));
    case 'bigint':
      return fc.bigInt().map(String);
    case 'date':
      return fc.date({ noInvalidDate: true }).map((d) => d.toISOString());
    case 'string':
      return stringOf(schema, def, options);
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

function stringOf(schema: z.ZodType, def: TDef, options: TShapeOptions): fc.Arbitrary<string> {
  const format = def.format ?? (schema as unknown as { format?: string | null }).format ?? null;
  if (format === 'uuid' || format === 'guid')
    return fc.oneof(
      { arbitrary: fc.constantFrom(...options.ids), weight: 4 },
      { arbitrary: fc.uuid(), weight: 1 },
      { arbitrary: nastyString(), weight: 1 },
    );
  if (format === 'url')
    return fc.oneof(
      fc.webUrl(),
      fc.constantFrom(
        'javascript:alert(1)',
        'JaVaScRiPt:alert(1)',
        ' javascript:alert(1)',
        'data:text/html,<script>alert(1)</script>',
        'vbscript:msgbox(1)',
        'http://127.0.0.1:22/',
        'file:///etc/passwd',
        'https://example.com/\u0000',
      ),
    );
  if (format === 'email') return fc.oneof(fc.emailAddress(), nastyString());
  if (format === 'datetime' || format === 'date' || format === 'time')
    return fc.oneof(
      fc.date({ noInvalidDate: true }).map((d) => d.toISOString()),
      fc.date({ noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10)),
      fc.constantFrom('0000-01-01', '9999-12-31', '2026-02-30', '24:00', '23:59', '-1'),
    );
  return fc.oneof(
    { arbitrary: fc.string({ maxLength: 30 }), weight: 3 },
    { arbitrary: nastyString(), weight: 2 },
    {
      arbitrary: fc.constantFrom(
        '2026-01-05',
        '07:00',
        'America/New_York',
        'Etc/Unknown',
        'EUR',
        'USD',
        'US',
        'DE89370400440532013000',
        '+44 20 7946 0000',
        'image/png',
        'video/mp4',
        'text/html',
      ),
      weight: 1,
    },
  );
}
