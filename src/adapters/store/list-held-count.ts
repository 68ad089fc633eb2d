import type BetterSqlite3 from 'better-sqlite3';

/** The last trigger the set-up makes: a file or schema that has it keeps the count (a read trusts it only then). */
export const HELD_TRIGGER = 'rm_list_points_held_out';

/**
 * SQLite's count of the versions each list model holds (list-model-tables.ts `versionsHeld` reads it), kept by triggers in the transaction that
 * inserts or deletes them; begun from the versions already there when a file first gets it.
 */
const HELD_TABLES = ['rm_list_rows', 'rm_list_points'] as const;

/** The triggers that keep the count, by name (the last of them is HELD_TRIGGER). */
const SQLITE_HELD_TRIGGERS: readonly (readonly [name: string, ddl: string])[] = HELD_TABLES.flatMap((table) => [
  [`${table}_held_in`, `CREATE TRIGGER IF NOT EXISTS ${table}_held_in AFTER INSERT ON ${table} BEGIN INSERT INTO rm_list_held (rule_set, held) VALUES (NEW.rule_set, 1) ON CONFLICT (rule_set) DO UPDATE SET held = held + 1; END`],
  [`${table}_held_out`, `CREATE TRIGGER IF NOT EXISTS ${table}_held_out AFTER DELETE ON ${table} BEGIN INSERT INTO rm_list_held (rule_set, held) VALUES (OLD.rule_set, -1) ON CONFLICT (rule_set) DO UPDATE SET held = held - 1; END`],
] as const);

const SQLITE_HELD_COUNT = [
  `CREATE TABLE rm_list_held (rule_set TEXT PRIMARY KEY, held BIGINT NOT NULL)`,
  `INSERT INTO rm_list_held (rule_set, held) SELECT rule_set, sum(n) FROM (SELECT rule_set, count(*) AS n FROM rm_list_rows GROUP BY rule_set UNION ALL SELECT rule_set, count(*) FROM rm_list_points GROUP BY rule_set) GROUP BY rule_set`,
  ...SQLITE_HELD_TRIGGERS.map(([, ddl]) => ddl),
];

/**
 * A save of a list model (`save`, inside the caller's write transaction) with the count kept as its triggers would keep
 * it. A model written anew (`fresh`: a rebuild, a first save) is saved without them: per row they doubled what a save
 * of half a million versions costs (issue 30: 21 against 11 s in SQLite alone at scale 1), and its tables could not be
 * emptied whole while they were there; its count is then the versions held after it, as the triggers would leave it
 * (the save sets it to 0 after emptying: list-model-tables.ts). A save on top of a model adds a few versions: the
 * triggers count them. No other connection writes meanwhile (the transaction holds the writer's lock).
 */
export const savedWithoutHeldTriggers = async (db: BetterSqlite3.Database, model: { readonly ruleSet: string; readonly fresh: boolean }, save: () => Promise<void>): Promise<void> => {
  if (!model.fresh) return save();
  const triggers = SQLITE_HELD_TRIGGERS.filter(([name]) => db.prepare(`SELECT 1 FROM sqlite_master WHERE type = 'trigger' AND name = ?`).get(name) !== undefined);
  if (triggers.length !== SQLITE_HELD_TRIGGERS.length) return save(); // no count kept (or not all of it): nothing to keep up
  for (const [name] of triggers) db.exec(`DROP TRIGGER ${name}`);
  await save();
  const held = HELD_TABLES.reduce((n, table) => n + (db.prepare(`SELECT count(*) FROM ${table} WHERE rule_set = ?`).pluck().get(model.ruleSet) as number), 0);
  db.prepare('INSERT INTO rm_list_held (rule_set, held) VALUES (?, ?) ON CONFLICT (rule_set) DO UPDATE SET held = excluded.held').run(model.ruleSet, held);
  for (const [, ddl] of triggers) db.exec(ddl);
};

/**
 * Gives a file the count of the list models' versions its reads check (`SQLITE_HELD_COUNT`), once:
 * the table, its first count and the triggers in one transaction, so that no save between them goes uncounted.
 */
export const countHeld = (db: BetterSqlite3.Database): void => {
  const has = () => db.prepare(`SELECT 1 FROM sqlite_master WHERE type = 'trigger' AND name = ?`).get(HELD_TRIGGER) !== undefined;
  if (has()) return;
  try {
    db.transaction(() => {
      if (has()) return;
      db.exec('DROP TABLE IF EXISTS rm_list_held');
      for (const ddl of SQLITE_HELD_COUNT) db.exec(ddl);
    }).immediate();
  } catch {
    // read-only: reads count the versions instead
  }
};


/**
 * The same count in a PostgreSQL schema (`s` its prefix), set up with the schema's other tables (side-tables.ts: under
 * its lock, by a role that may create them): the table, then — once — the triggers with the count of the versions
 * already there, in the one transaction. The triggers fire per statement over its transition table: per row, a
 * save of a million versions would run a million upserts.
 */
export const POSTGRES_HELD_COUNT = (schema: string, s: string): string[] => [
  `CREATE TABLE IF NOT EXISTS ${s}rm_list_held (rule_set TEXT PRIMARY KEY, held BIGINT NOT NULL)`,
  `DO $$ BEGIN
    IF NOT EXISTS (SELECT 1 FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = '${schema}' AND t.tgname = '${HELD_TRIGGER}') THEN
      ${(['in', 'out'] as const)
        .map(
          (way) => `CREATE OR REPLACE FUNCTION ${s}rm_list_held_${way}() RETURNS trigger LANGUAGE plpgsql AS $f$ BEGIN
        INSERT INTO ${s}rm_list_held (rule_set, held) SELECT rule_set, ${way === 'in' ? '' : '-'}count(*) FROM ${way === 'in' ? 'inserted' : 'deleted'} GROUP BY rule_set
          ON CONFLICT (rule_set) DO UPDATE SET held = ${s}rm_list_held.held + EXCLUDED.held;
        RETURN NULL;
      END $f$;`,
        )
        .join('\n      ')}
      ${['rm_list_rows', 'rm_list_points']
        .flatMap((table) => [
          `CREATE TRIGGER ${table}_held_in AFTER INSERT ON ${s}${table} REFERENCING NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE PROCEDURE ${s}rm_list_held_in();`,
          `CREATE TRIGGER ${table}_held_out AFTER DELETE ON ${s}${table} REFERENCING OLD TABLE AS deleted FOR EACH STATEMENT EXECUTE PROCEDURE ${s}rm_list_held_out();`,
        ])
        .join('\n      ')}
      DELETE FROM ${s}rm_list_held;
      INSERT INTO ${s}rm_list_held (rule_set, held) SELECT rule_set, sum(n) FROM (SELECT rule_set, count(*) AS n FROM ${s}rm_list_rows GROUP BY rule_set UNION ALL SELECT rule_set, count(*) FROM ${s}rm_list_points GROUP BY rule_set) x GROUP BY rule_set;
    END IF;
  END $$`,
];
