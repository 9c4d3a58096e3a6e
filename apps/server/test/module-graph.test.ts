import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { getTableName, isTable } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import * as schema from '../src/db/schema/index';

/**
 * Issue 20 item 2: the server's modules stay layered, and each owns its tables. Lint already keeps
 * a module from importing another module's repository (eslint.config.js, `repositoryZones`); it
 * cannot see what this test sees over the whole import graph and SQL of apps/server/src:
 *
 * - a cycle between modules (import-x/no-cycle sees file cycles only: fill/a.ts → player/b.ts →
 *   fill/c.ts is no file cycle, yet fill and player then build on each other);
 * - a module reading or writing another module's tables by importing their definitions from
 *   db/schema, around the owner's service or directory;
 * - the same in SQL text, which no import shows: a table named after from, join, update or
 *   insert into in a module's strings and templates (sql`… from ledger_entry e …`);
 * - lib/ importing a module (lib is shared code every module may use).
 *
 * Type-only imports count: a type from another module is a dependency on it all the same.
 */
const SRC = path.resolve(import.meta.dirname, '../src');

/**
 * Which module owns each export of db/schema: its tables, their enums and constants. A new table
 * is added here with its owner; the test fails on one that is not.
 */
const TABLE_OWNERS: Record<string, readonly string[]> = {
  alerts: ['alertSettings', 'alertIncident'],
  analytics: ['pageView'],
  approvals: [
    'adSpaceApprovalPolicy',
    'campaignSpaceApproval',
    'approvalModeEnum',
    'spaceApprovalDecisionEnum',
  ],
  audit: ['moneyAuditLog'],
  // Better Auth's user table is the me module's: every read and write of names and emails goes
  // through me (people.ts); auth hands the table to Better Auth's adapter (the line below).
  auth: [
    'session',
    'account',
    'verification',
    'jwks',
    'deviceCode',
    'twoFactor',
    'rateLimit',
    'authAttempt',
  ],
  campaigns: ['campaign', 'campaignEvent', 'campaignStateEnum'],
  contact: ['contactMessage', 'contactMessageStatusEnum'],
  content: ['contentItem', 'contentKindEnum', 'contentProcessingStateEnum'],
  fill: ['adPlaylist', 'qrCode', 'qrScan'],
  fleet: ['deviceCommand', 'deviceScreenshot', 'takeover', 'takeoverAdSpace', 'takeoverDisplay'],
  jobs: ['job'],
  ledger: [
    'ledgerAccount',
    'ledgerTransaction',
    'ledgerEntry',
    'ledgerAccountKindEnum',
    'ledgerTransactionKindEnum',
    'idempotencyKey',
    'EXTERNAL_ACCOUNT_ID',
    'PLATFORM_REVENUE_ACCOUNT_ID',
  ],
  mail: ['emailOutbox'],
  me: ['user', 'profile', 'roleEnum'],
  monetization: ['monetizationRequest', 'monetizationStateEnum'],
  platform: ['platformSettings'],
  player: ['device', 'deviceGrant'],
  'proof-of-play': ['impression', 'servedFill', 'deviceServedFill'],
  receipts: ['receipt', 'receiptCounter'],
  screens: [
    'location',
    'playlist',
    'adSpace',
    'screenGroup',
    'screenGroupMember',
    'scheduleEntry',
    'venueTypeEnum',
    'orientationEnum',
    'screenGroupKindEnum',
  ],
  storage: ['storageObject', 'uploadSession', 'uploadSessionStatusEnum'],
  wallet: ['topUpRequest', 'payoutRequest', 'topUpStateEnum', 'payoutStateEnum'],
};

/**
 * The reach-arounds still left, `module: table` with why each is there. This list only shrinks:
 * moving one behind its owner's surface (a directory, a read function or a read-only piece such
 * as me/people.ts or screens/places.ts) means deleting its line, and the test fails on a line
 * that no longer matches any import.
 *
 * Where the owner sits above the reader in the graph (it imports the reader), importing the
 * owner's piece would make a module cycle: the read is inverted through `app.deps` instead (the
 * reader declares the read it needs, app.ts hands in the owner's), as screens and campaigns →
 * player (`playerDirectory`), approvals, fill and screens → campaigns (`campaignReads`) and
 * fleet → player (`deviceRows`) were.
 */
const ALLOWED_REACH_AROUNDS: Record<string, string> = {
  'auth: user':
    "Better Auth's drizzle adapter takes the user table object itself (sign-up, the confirmed " +
    'address, the two-factor flag); every other read or write of users goes through me/people.ts',
};

/**
 * Module cycles still left, with why: none since fleet and player stopped borrowing each other's
 * helpers (lib/conditional-get.ts, lib/device-rate-limit.ts). Only shrinks, like the list above.
 */
const KNOWN_CYCLES: { modules: readonly string[]; why: string }[] = [];

interface TImport {
  /** The importing file, relative to apps/server/src. */
  from: string;
  /** The imported file, relative to apps/server/src (no extension). */
  to: string;
  /** The names imported (`*` for a namespace, a side effect or a dynamic import). */
  names: string[];
}

/** Every relative import of a source file (static, re-exports and dynamic `import()`). */
function importsOf(file: string): TImport[] {
  const abs = path.join(SRC, file);
  const source = ts.createSourceFile(abs, fs.readFileSync(abs, 'utf8'), ts.ScriptTarget.Latest);
  const found: TImport[] = [];
  const add = (specifier: string, names: string[]) => {
    if (!specifier.startsWith('.')) return;
    const to = path.relative(SRC, path.resolve(path.dirname(abs), specifier));
    found.push({ from: file, to: to.replace(/\.(js|ts)$/, ''), names });
  };
  const visit = (node: ts.Node) => {
    if (
      (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) &&
      node.moduleSpecifier &&
      ts.isStringLiteral(node.moduleSpecifier)
    ) {
      const bindings = ts.isImportDeclaration(node)
        ? node.importClause?.namedBindings
        : node.exportClause;
      const named =
        bindings && (ts.isNamedImports(bindings) || ts.isNamedExports(bindings))
          ? bindings.elements.map((element) => (element.propertyName ?? element.name).text)
          : ['*'];
      add(node.moduleSpecifier.text, named);
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteral(node.arguments[0])
    ) {
      add(node.arguments[0].text, ['*']);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** The module a path under apps/server/src belongs to, or null outside modules/. */
const moduleOf = (file: string) => /^modules\/([^/]+)\//.exec(file)?.[1] ?? null;

const SOURCES = fs
  .readdirSync(SRC, { recursive: true, encoding: 'utf8' })
  .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts') && !file.endsWith('.d.ts'));
const IMPORTS = SOURCES.flatMap(importsOf);

/** Module → the modules it imports, with one example import each for the failure message. */
function moduleGraph(imports: readonly TImport[]): Map<string, Map<string, string>> {
  const graph = new Map<string, Map<string, string>>();
  for (const { from, to } of imports) {
    const a = moduleOf(from);
    const b = moduleOf(`${to}/`);
    if (!a || !b || a === b) continue;
    const targets = graph.get(a) ?? new Map<string, string>();
    if (!targets.has(b)) targets.set(b, `${from} → ${to}`);
    graph.set(a, targets);
  }
  return graph;
}

/** The strongly connected components of more than one module (Tarjan): each holds a cycle. */
function cyclesOf(graph: ReadonlyMap<string, ReadonlyMap<string, string>>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const components: string[][] = [];
  const connect = (node: string) => {
    index.set(node, index.size);
    low.set(node, index.get(node)!);
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node)?.keys() ?? []) {
      if (!index.has(next)) {
        connect(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node)!, index.get(next)!));
      }
    }
    if (low.get(node) !== index.get(node)) return;
    const component: string[] = [];
    let popped: string;
    do {
      popped = stack.pop()!;
      onStack.delete(popped);
      component.push(popped);
    } while (popped !== node);
    if (component.length > 1) components.push(component.sort());
  };
  for (const node of [...graph.keys()].sort()) if (!index.has(node)) connect(node);
  return components;
}

const OWNER_OF = new Map(
  Object.entries(TABLE_OWNERS).flatMap(([module, names]) => names.map((name) => [name, module])),
);

describe('the server module graph', () => {
  it('finds a cycle when there is one (the check can fail)', () => {
    const graph = moduleGraph([
      { from: 'modules/a/a.service.ts', to: 'modules/b/b-directory', names: ['x'] },
      { from: 'modules/b/b.service.ts', to: 'modules/c/c-directory', names: ['y'] },
      { from: 'modules/c/c.service.ts', to: 'modules/a/a-directory', names: ['z'] },
      { from: 'modules/c/c.service.ts', to: 'lib/cursor', names: ['w'] },
    ]);
    expect(cyclesOf(graph)).toEqual([['a', 'b', 'c']]);
  });

  it('has no module cycles beyond the known ones, and every known one still exists', () => {
    const graph = moduleGraph(IMPORTS);
    expect(graph.size).toBeGreaterThan(15);
    const known = KNOWN_CYCLES.map((cycle) => [...cycle.modules].sort().join(' ↔ '));
    const found = cyclesOf(graph).map((component) => component.join(' ↔ '));
    const explain = (component: string) => {
      const members = component.split(' ↔ ');
      return members.flatMap((a) =>
        members.flatMap((b) => {
          const example = graph.get(a)?.get(b);
          return example ? [`${a} → ${b}: ${example}`] : [];
        }),
      );
    };
    expect(
      found.filter((cycle) => !known.includes(cycle)).map((cycle) => [cycle, ...explain(cycle)]),
      'new module cycles (modules import each other through the files shown)',
    ).toEqual([]);
    expect(
      known.filter((cycle) => !found.includes(cycle)),
      'known cycles that are gone: delete them from KNOWN_CYCLES',
    ).toEqual([]);
  });

  it('lib/ imports no module', () => {
    const intoModules = IMPORTS.filter(
      ({ from, to }) => from.startsWith('lib/') && to.startsWith('modules/'),
    ).map(({ from, to }) => `${from} → ${to}`);
    expect(intoModules).toEqual([]);
  });

  it('every table definition in db/schema has an owning module', () => {
    const unowned = Object.keys(schema).filter((name) => !OWNER_OF.has(name));
    expect(unowned).toEqual([]);
    const stale = [...OWNER_OF.keys()].filter((name) => !(name in schema));
    expect(stale).toEqual([]);
  });

  it("no module imports another module's tables outside the allow-list, and the list holds no stale line", () => {
    const reaches = new Map<string, string>();
    for (const { from, to, names } of IMPORTS) {
      const module = moduleOf(from);
      if (!module || !/^db\/schema(\/|$)/.test(to)) continue;
      for (const name of names) {
        const owner = name === '*' ? '*' : OWNER_OF.get(name);
        if (owner === module) continue;
        const key = `${module}: ${name}`;
        if (!reaches.has(key)) reaches.set(key, from);
      }
    }
    const unlisted = [...reaches]
      .filter(([key]) => !(key in ALLOWED_REACH_AROUNDS))
      .map(([key, file]) => `${key} (${file}; owned by ${OWNER_OF.get(key.split(': ')[1]!)})`);
    expect(unlisted, "modules importing another module's tables").toEqual([]);
    const stale = Object.keys(ALLOWED_REACH_AROUNDS).filter((key) => !reaches.has(key));
    expect(stale, 'reach-arounds that are gone: delete them from ALLOWED_REACH_AROUNDS').toEqual(
      [],
    );
  });
});

/*
 * Raw SQL (issue 20: "no module queries another's tables"). The test above sees the table objects
 * a module imports; a statement written as text (sql`… from ledger_entry …`, a string handed to
 * sql.raw) names its tables where no import shows them. What follows reads the SQL text of every
 * module source file and attributes each table it names to the table's owner, as the imports are.
 */

/** Each table's name in SQL → its owning module (TABLE_OWNERS, through drizzle's table names). */
const SQL_TABLE_OWNERS = new Map<string, string>(
  Object.entries(schema).flatMap(([name, value]) =>
    isTable(value) ? [[getTableName(value), OWNER_OF.get(name) ?? '?'] as const] : [],
  ),
);

/**
 * A table named where a statement reads or writes it: after from (delete from too), join, update
 * or insert into, with or without quotes and a `public.` schema. A name that is no table (a CTE,
 * an alias, a function such as jsonb_to_recordset) is skipped. Tables listed after a comma
 * (`from a, b`) are not seen; the server's SQL joins explicitly.
 */
const SQL_TABLE_REFERENCE =
  /\b(?:from|join|update|insert\s+into)\s+(?:only\s+)?(?:"?public"?\s*\.\s*)?"?([a-z_][a-z0-9_]*)"?/gi;
/**
 * An untagged string or template is SQL only when it holds a statement: an error message such as
 * `Budget returned from campaign “…”` names a table in prose. Tagged templates (sql`…`) always are.
 */
const SQL_STATEMENT = /\b(?:select|insert\s+into|update\s+\S+\s+set|delete\s+from)\b/i;

/** SQL_TABLE_REFERENCE of a table's name only, anywhere in a file: what is worth parsing. */
const MAY_NAME_A_TABLE = new RegExp(
  SQL_TABLE_REFERENCE.source.replace('[a-z_][a-z0-9_]*', [...SQL_TABLE_OWNERS.keys()].join('|')),
  'i',
);

interface TRawSqlTable {
  /** The table's name in SQL, lower case. */
  table: string;
  /** Where it is named: file:line. */
  at: string;
}

/** The tables named in the SQL text (strings and template literals) of one source file. */
function rawSqlTablesOf(file: string, text: string): TRawSqlTable[] {
  // Most files name no table in SQL: only those that may (the pattern, anywhere) are parsed.
  if (!MAY_NAME_A_TABLE.test(text)) return [];
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const found: TRawSqlTable[] = [];
  const scan = (node: ts.Node, sqlText: string) => {
    const isTagged = ts.isTaggedTemplateExpression(node.parent);
    if (!isTagged && !SQL_STATEMENT.test(sqlText)) return;
    const start = source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
    for (const match of sqlText.matchAll(SQL_TABLE_REFERENCE)) {
      const table = match[1]!.toLowerCase();
      if (!SQL_TABLE_OWNERS.has(table)) continue;
      const line = start + (sqlText.slice(0, match.index).match(/\n/g)?.length ?? 0);
      found.push({ table, at: `${file}:${line}` });
    }
  };
  const visit = (node: ts.Node) => {
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) {
      scan(node, node.text);
    } else if (ts.isTemplateExpression(node)) {
      // The interpolations stand in as `$n`, which no table name matches (`from ${table}` is
      // an imported table object, which the import check sees).
      scan(
        node,
        node.head.text +
          node.templateSpans.map((span, n) => ` $${n + 1} ${span.literal.text}`).join(''),
      );
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** `module: table` (the table's SQL name) → the first place the module names it. */
function rawSqlReaches(files: readonly { file: string; text: string }[]): Map<string, string> {
  const reaches = new Map<string, string>();
  for (const { file, text } of files) {
    const module = moduleOf(file);
    if (!module) continue;
    for (const { table, at } of rawSqlTablesOf(file, text)) {
      if (SQL_TABLE_OWNERS.get(table) === module) continue;
      const key = `${module}: ${table}`;
      if (!reaches.has(key)) reaches.set(key, at);
    }
  }
  return reaches;
}

/**
 * The raw SQL reach-arounds still left, `module: table` (the SQL name) with why each is there:
 * none since the heartbeats' ad_space write moved to screens/ad-spaces-seen.ts and the reads to
 * their owners' pieces (proof-of-play/owner-plays.ts, ledger/ledger-rows.ts,
 * campaigns/campaign-names.ts, receipts/receipt-ids.ts, me/people.ts, screens/places.ts, and the
 * player's deviceRows through app.deps). Like ALLOWED_REACH_AROUNDS it only shrinks: the test
 * fails on a line no statement matches any more.
 */
const ALLOWED_RAW_SQL: Record<string, string> = {};

describe("the server modules' raw SQL", () => {
  it('finds the tables a statement names, in any case, quoted or with a schema (the check can fail)', () => {
    const text = [
      "import { sql } from 'drizzle-orm';",
      'const a = sql`select * from ledger_entry e JOIN "public"."campaign" c on c.id = e.id`;',
      'const b = sql`update ${x} set y = 1 from (values ${rows}) v where 1 = 1`;',
      'const c = \'Delete From "user" where id = $1\';',
      'const d = `Budget returned from campaign “${name}”`;',
      'const e = sql`insert into receipt_counter (year) values (1)`;',
      'const f = sql`with t as (select 1) select * from t join lateral jsonb_to_recordset(${j}) r on true`;',
    ].join('\n');
    expect(rawSqlTablesOf('modules/a/a.ts', text)).toEqual([
      { table: 'ledger_entry', at: 'modules/a/a.ts:2' },
      { table: 'campaign', at: 'modules/a/a.ts:2' },
      { table: 'user', at: 'modules/a/a.ts:4' },
      { table: 'receipt_counter', at: 'modules/a/a.ts:6' },
    ]);
    expect([...rawSqlReaches([{ file: 'modules/receipts/x.ts', text }]).keys()]).toEqual([
      'receipts: ledger_entry',
      'receipts: campaign',
      'receipts: user',
    ]);
  });

  it('every table has a name in SQL and an owner', () => {
    expect(SQL_TABLE_OWNERS.size).toBeGreaterThan(40);
    expect([...SQL_TABLE_OWNERS].filter(([, owner]) => owner === '?')).toEqual([]);
  });

  it("no module's SQL names another module's table outside the allow-list, and the list holds no stale line", () => {
    const reaches = rawSqlReaches(
      SOURCES.filter((file) => moduleOf(file)).map((file) => ({
        file,
        text: fs.readFileSync(path.join(SRC, file), 'utf8'),
      })),
    );
    const unlisted = [...reaches]
      .filter(([key]) => !(key in ALLOWED_RAW_SQL))
      .map(([key, at]) => `${key} (${at}; owned by ${SQL_TABLE_OWNERS.get(key.split(': ')[1]!)})`);
    expect(unlisted, "modules whose SQL names another module's tables").toEqual([]);
    const stale = Object.keys(ALLOWED_RAW_SQL).filter((key) => !reaches.has(key));
    expect(stale, 'raw SQL reach-arounds that are gone: delete them from ALLOWED_RAW_SQL').toEqual(
      [],
    );
  });
});
