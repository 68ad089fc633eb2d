import type BetterSqlite3 from 'better-sqlite3';

/**
 * SQLite's count of the versions each list model holds (list-model-tables.ts `versionsHeld` reads it), kept by triggers in the transaction that
 * inserts or deletes them; begun from the versions already there when a file first gets it.
 */
const SQLITE_HELD_COUNT = [
  `CREATE TABLE rm_list_held (rule_set TEXT PRIMARY KEY, held BIGINT NOT NULL)`,
  `INSERT INTO rm_list_held (rule_set, held) SELECT rule_set, sum(n) FROM (SELECT rule_set, count(*) AS n FROM rm_list_rows GROUP BY rule_set UNION ALL SELECT rule_set, count(*) FROM rm_list_points GROUP BY rule_set) GROUP BY rule_set`,
  ...['rm_list_rows', 'rm_list_points'].flatMap((table) => [
    `CREATE TRIGGER IF NOT EXISTS ${table}_held_in AFTER INSERT ON ${table} BEGIN INSERT INTO rm_list_held (rule_set, held) VALUES (NEW.rule_set, 1) ON CONFLICT (rule_set) DO UPDATE SET held = held + 1; END`,
    `CREATE TRIGGER IF NOT EXISTS ${table}_held_out AFTER DELETE ON ${table} BEGIN INSERT INTO rm_list_held (rule_set, held) VALUES (OLD.rule_set, -1) ON CONFLICT (rule_set) DO UPDATE SET held = held - 1; END`,
  ]),
];

/**
 * Gives a file the count of the list models' versions its reads check (`SQLITE_HELD_COUNT`), once:
 * the table, its first count and the triggers in one transaction, so that no save between them goes uncounted.
 */
export const countHeld = (db: BetterSqlite3.Database): void => {
  const has = () => db.prepare(`SELECT 1 FROM sqlite_master WHERE type = 'trigger' AND name = 'rm_list_points_held_out'`).get() !== undefined;
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
