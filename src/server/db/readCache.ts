/**
 * Answers repeated reads of the embedded database from memory (issue 14's load goal).
 *
 * Most calls ask the same few questions again and again — whose session is this token, which account, which
 * memberships — while the rows behind them change rarely. A PGlite query costs about half a millisecond of this
 * thread's time (WebAssembly and wire-protocol parsing), so those reads were most of the server's work.
 *
 * Why this is safe here, and where it is not used:
 * - The embedded database has exactly one process using it (DATA_DIR's lock, ./index.ts), and every statement
 *   of that process passes through this wrapper: nothing can change a row without the cache seeing it. A
 *   PostgreSQL server (DATABASE_URL) can be written by other processes, so it is never wrapped.
 * - Each table has a generation number. Every statement that is not a plain read bumps the generation of the
 *   tables it names (of every table when it names none we know), both when it is sent and when it has
 *   finished; a transaction bumps what it wrote once more when it ends. An answer is kept with the generations
 *   its tables had when the read was sent and used only while none has changed since: a write sent after the
 *   read was sent makes it unusable at once (the bump when sent), and a write sent before it but run after it
 *   does so when it finishes (the bump when done) — whatever order the database runs them in. (An answer whose
 *   tables changed while it ran is not stored at all, which only saves memory.)
 * - Only reads that say the same thing every time they run are kept: plain SELECTs of known tables, without
 *   functions of the time or of chance, outside transactions (a transaction sees its own writes), of at most
 *   MAX_ROWS rows. Callers get their own copy (structuredClone), so nobody can change a stored answer.
 * - Memory is bounded: at most `maxEntries` answers, the least recently used leaving first.
 *
 * Drizzle's own `cache` option was not used: it learns the tables from its query builder only, so a raw
 * `db.execute(sql…)` write would leave stale answers, and it invalidates when a write starts, not when it ends.
 */
import type { PGlite, QueryOptions, Results, Transaction } from '@electric-sql/pglite';

/** Answers longer than this are not kept: lists are rarely asked twice in a row, and memory stays small. */
const MAX_ROWS = 50;

/** SQL whose answer depends on when or how often it runs, or that locks rows. */
const VOLATILE =
  /\b(now|random|nextval|currval|setval|clock_timestamp|statement_timestamp|gen_random_uuid|pg_\w+|txid_\w+)\s*\(|\bcurrent_(date|time|timestamp)\b|\blocaltime(stamp)?\b|\bfor\s+(update|share|no\s+key|key)\b/i;

/** A statement that only reads: a SELECT (or WITH … SELECT) that does not change anything. */
const READ_ONLY = /^\s*(select|with)\b/i;
const WRITES = /\b(insert|update|delete|merge|truncate)\b/i;

export interface ReadCacheStats {
  hits: number;
  misses: number;
  /** Reads that were not kept: a write ran meanwhile, or they may not be kept at all. */
  skipped: number;
  entries: number;
}

/** Distinct SQL texts whose kind is remembered; drizzle's are a few dozen, so this only bounds the unexpected. */
const MAX_KINDS = 2000;

interface Kind {
  write: boolean;
  /** A read whose answer may be kept. */
  keep: boolean;
  tables: string[];
}

/** The object with some methods replaced; every other method still runs on the object itself. */
function overriding<T extends object>(target: T, methods: Record<string, unknown>): T {
  return new Proxy(target, {
    get(object, property, receiver) {
      if (typeof property === 'string' && property in methods) return methods[property];
      const value = Reflect.get(object, property, receiver) as unknown;
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(object) : value;
    },
  });
}

interface Entry {
  result: Results;
  tables: string[];
  generations: number[];
}

export interface ReadCache {
  /** The PGlite client to give drizzle: same methods, reads answered from memory where that is safe. */
  client: PGlite;
  stats(): ReadCacheStats;
}

/**
 * Wraps a PGlite client with the read cache.
 * @param client - the embedded database, used by this process only
 * @param tables - the names of the application's tables (schema.ts)
 * @param options - how many answers to keep at most
 */
export function withReadCache(
  client: PGlite,
  tables: readonly string[],
  options: { maxEntries?: number } = {},
): ReadCache {
  const maxEntries = options.maxEntries ?? 5000;
  const known = new Set(tables);
  const generation = new Map<string, number>(tables.map((t) => [t, 0]));
  const entries = new Map<string, Entry>();
  const counts = { hits: 0, misses: 0, skipped: 0 };

  /** The known tables a statement names: drizzle quotes every identifier ("drafts"."data"). */
  const tablesOf = (sql: string): string[] => {
    const found = new Set<string>();
    for (const match of sql.matchAll(/"([^"]+)"/g)) if (known.has(match[1]!)) found.add(match[1]!);
    return [...found];
  };
  const bump = (names: readonly string[]) => {
    for (const name of names.length > 0 ? names : known)
      generation.set(name, (generation.get(name) ?? 0) + 1);
  };
  const generationsOf = (names: readonly string[]) => names.map((name) => generation.get(name) ?? 0);
  const same = (a: readonly number[], b: readonly number[]) => a.every((value, i) => value === b[i]);

  /**
   * What a statement is — a write, a read that may be kept, or a read that may not — and the tables it names.
   * Worked out once per SQL text: drizzle sends the same few texts with different parameters.
   */
  const kinds = new Map<string, Kind>();
  const kindOf = (sql: string): Kind => {
    let kind = kinds.get(sql);
    if (!kind) {
      const names = tablesOf(sql);
      const write = !READ_ONLY.test(sql) || WRITES.test(sql);
      kind = { write, keep: !write && names.length > 0 && !VOLATILE.test(sql), tables: names };
      if (kinds.size >= MAX_KINDS) kinds.clear();
      kinds.set(sql, kind);
    }
    return kind;
  };

  async function write<T>(names: string[], run: () => Promise<T>): Promise<T> {
    bump(names);
    try {
      return await run();
    } finally {
      bump(names);
    }
  }

  async function query<T>(sql: string, params?: unknown[], queryOptions?: QueryOptions): Promise<Results<T>> {
    const kind = kindOf(sql);
    if (kind.write) return write(kind.tables, () => client.query<T>(sql, params, queryOptions));
    if (!kind.keep) return client.query<T>(sql, params, queryOptions);
    const key = `${queryOptions?.rowMode ?? 'object'}\u0000${sql}\u0000${JSON.stringify(params ?? [])}`;
    const entry = entries.get(key);
    if (entry && same(entry.generations, generationsOf(entry.tables))) {
      counts.hits += 1;
      // Most recently used last: the oldest answer is the first to leave.
      entries.delete(key);
      entries.set(key, entry);
      return structuredClone(entry.result) as Results<T>;
    }
    if (entry) entries.delete(key);
    counts.misses += 1;
    const before = generationsOf(kind.tables);
    const result = await client.query<T>(sql, params, queryOptions);
    if (result.rows.length <= MAX_ROWS && same(before, generationsOf(kind.tables))) {
      entries.set(key, {
        result: structuredClone(result) as Results,
        tables: kind.tables,
        generations: before,
      });
      if (entries.size > maxEntries) entries.delete(entries.keys().next().value!);
    } else counts.skipped += 1;
    return result;
  }

  /** Inside a transaction nothing is read from or kept in memory; what it writes is bumped again at its end. */
  async function transaction<T>(callback: (tx: Transaction) => Promise<T>): Promise<T> {
    const written = new Set<string>();
    let all = false;
    const note = (sql: string) => {
      const kind = kindOf(sql);
      if (!kind.write) return;
      if (kind.tables.length === 0) all = true;
      for (const name of kind.tables) written.add(name);
      bump(kind.tables);
    };
    try {
      return await client.transaction((tx) =>
        callback(
          overriding(tx, {
            query: (sql: string, params?: unknown[], o?: QueryOptions) => {
              note(sql);
              return tx.query(sql, params, o);
            },
            exec: (sql: string, o?: QueryOptions) => {
              note(sql);
              return tx.exec(sql, o);
            },
          }),
        ),
      );
    } finally {
      bump(all ? [] : [...written]);
    }
  }

  const wrapped = overriding(client, {
    query,
    // exec runs any number of statements (migrations): every table may have changed.
    exec: (sql: string, o?: QueryOptions) => write([], () => client.exec(sql, o)),
    transaction,
  });

  return { client: wrapped, stats: () => ({ ...counts, entries: entries.size }) };
}
