/**
 * The tables saved next to the log (see checkpoint-storage.ts) and the careers' read model's statements, the same for
 * SQLite and PostgreSQL but for the parameter style.
 */
import type { CareerModelQuery, StoredCareer, StoredCareerPlayer } from '../../app/ports/checkpoint-storage';
import { LIST_TABLES } from './list-model-tables';

export const TABLES = (prefix: string) => [
  `CREATE TABLE IF NOT EXISTS ${prefix}projections (name TEXT PRIMARY KEY, position BIGINT NOT NULL, saved_at TEXT NOT NULL, state TEXT NOT NULL)`,
  `CREATE TABLE IF NOT EXISTS ${prefix}projection_chunks (name TEXT NOT NULL, part TEXT NOT NULL, seq INTEGER NOT NULL, data TEXT NOT NULL, PRIMARY KEY (name, part, seq))`,
  // The FESA list's read model: list-model-tables.ts
  ...LIST_TABLES(prefix),
  // The careers' read model (projections/fesa/career-model.ts): every run and officer fact at the timeline item that
  // made it, indexed by the name keys of the run's players and the ids of the fact's players; the registered ids.
  `CREATE TABLE IF NOT EXISTS ${prefix}rm_career_meta (rule_set TEXT PRIMARY KEY, format INTEGER NOT NULL, position BIGINT NOT NULL, failed INTEGER NOT NULL, head TEXT)`,
  `CREATE TABLE IF NOT EXISTS ${prefix}rm_career_runs (rule_set TEXT NOT NULL, after INTEGER NOT NULL, tournament_id TEXT NOT NULL, run TEXT NOT NULL, PRIMARY KEY (rule_set, after))`,
  `CREATE INDEX IF NOT EXISTS rm_career_runs_by_tournament ON ${prefix}rm_career_runs (rule_set, tournament_id)`,
  `CREATE TABLE IF NOT EXISTS ${prefix}rm_career_run_keys (rule_set TEXT NOT NULL, name_key TEXT NOT NULL, after INTEGER NOT NULL, PRIMARY KEY (rule_set, name_key, after))`,
  `CREATE INDEX IF NOT EXISTS rm_career_run_keys_by_after ON ${prefix}rm_career_run_keys (rule_set, after)`,
  `CREATE TABLE IF NOT EXISTS ${prefix}rm_career_facts (rule_set TEXT NOT NULL, after INTEGER NOT NULL, fact TEXT NOT NULL, PRIMARY KEY (rule_set, after))`,
  `CREATE TABLE IF NOT EXISTS ${prefix}rm_career_fact_players (rule_set TEXT NOT NULL, player_id TEXT NOT NULL, after INTEGER NOT NULL, PRIMARY KEY (rule_set, player_id, after))`,
  `CREATE INDEX IF NOT EXISTS rm_career_fact_players_by_after ON ${prefix}rm_career_fact_players (rule_set, after)`,
  `CREATE TABLE IF NOT EXISTS ${prefix}rm_career_players (rule_set TEXT NOT NULL, player_id TEXT NOT NULL, ord INTEGER NOT NULL, last_name TEXT NOT NULL, first_name TEXT NOT NULL, name_key TEXT NOT NULL, survivor TEXT, fp BIGINT, PRIMARY KEY (rule_set, player_id))`,
  `CREATE INDEX IF NOT EXISTS rm_career_players_by_survivor ON ${prefix}rm_career_players (rule_set, survivor)`,
];

/** The statements of a career read (see `CareerModelQuery`), for prefix `s` and parameter style `p`. */
export const CAREER = (s: string, p: Dialect, players = `SELECT player_id, ord, last_name, first_name, name_key, survivor, fp FROM ${s}rm_career_players WHERE rule_set = ${p(1)}`) => ({
  meta: `SELECT position, failed, head FROM ${s}rm_career_meta WHERE rule_set = ${p(1)} AND format = ${p(2)}`,
  player: `${players} AND player_id = ${p(2)}`,
  // the survivor and every id it absorbed (the asked one among them), in the fold's order of names; as two parts, each
  // found by its index (with an OR SQLite walked every player of the rule set for the survivor index: 6-14 ms at 100,000)
  family: `${players} AND player_id = ${p(2)}
    UNION ALL ${players} AND survivor = ${p(2)} AND player_id <> ${p(2)} ORDER BY ord`,
  // the player's runs and the asked tournament's as one list of keys, each part found by its index (an OR of the two,
  // or a UNION, which merges sorted parts, made SQLite walk every run of the rule set: 20-60 ms at a million games)
  runs: `SELECT run FROM ${s}rm_career_runs WHERE rule_set = ${p(1)} AND after IN (SELECT after FROM ${s}rm_career_run_keys WHERE rule_set = ${p(1)} AND name_key = ${p(2)} UNION ALL SELECT after FROM ${s}rm_career_runs WHERE rule_set = ${p(1)} AND tournament_id = ${p(3)}) ORDER BY after`,
  facts: `SELECT fact FROM ${s}rm_career_facts WHERE rule_set = ${p(1)} AND after IN (SELECT after FROM ${s}rm_career_fact_players WHERE rule_set = ${p(1)} AND player_id = ${p(2)}) ORDER BY after`,
  allRuns: `SELECT run FROM ${s}rm_career_runs WHERE rule_set = ${p(1)} ORDER BY after`,
  allFacts: `SELECT fact FROM ${s}rm_career_facts WHERE rule_set = ${p(1)} ORDER BY after`,
  allPlayers: `${players} ORDER BY ord`,
  named: (ids: string) => `${players} AND player_id IN (${ids})`,
});

/** A saved player as selected (see `CAREER`). */
export const careerPlayer = (r: Record<string, unknown>): StoredCareerPlayer => ({
  id: r.player_id as string,
  ord: Number(r.ord),
  lastName: r.last_name as string,
  firstName: r.first_name as string,
  key: r.name_key as string,
  survivor: (r.survivor as string | null) ?? null,
  fp: r.fp === null || r.fp === undefined ? null : Number(r.fp),
});

export type RowGet = (text: string, params: unknown[]) => Promise<Record<string, unknown> | undefined>;
export type RowsGet = (text: string, params: unknown[]) => Promise<Record<string, unknown>[]>;

/** Reads one player's rows with `get` (one row or undefined) and `all` (rows), after the meta row said the model is usable. */
export const readCareerRows = async (
  q: CareerModelQuery,
  statements: ReturnType<typeof CAREER>,
  get: RowGet,
  all: RowsGet,
): Promise<StoredCareer | undefined> => {
  const meta = await get(statements.meta, [q.ruleSet, q.format]);
  if (meta === undefined || Number(meta.failed) === 1) return undefined;
  const position = Number(meta.position);
  const head = (meta.head as string | null) ?? null;
  if (q.everything === true) {
    const [runs, facts, players] = [await all(statements.allRuns, [q.ruleSet]), await all(statements.allFacts, [q.ruleSet]), await all(statements.allPlayers, [q.ruleSet])];
    return { position, head, players: players.map(careerPlayer), runs: runs.map((r) => r.run as string), facts: facts.map((r) => r.fact as string) };
  }
  const asked = q.playerId === undefined ? undefined : await get(statements.player, [q.ruleSet, q.playerId]);
  const tournament = q.tournamentId ?? null;
  if (asked === undefined) return { position, head, players: [], runs: tournament === null ? [] : (await all(statements.runs, [q.ruleSet, null, tournament])).map((r) => r.run as string), facts: [] };
  const player = careerPlayer(asked);
  const person = player.survivor ?? player.id;
  const players = (await all(statements.family, [q.ruleSet, person])).map(careerPlayer);
  const runs = (await all(statements.runs, [q.ruleSet, player.key, tournament])).map((r) => r.run as string);
  const facts = (await all(statements.facts, [q.ruleSet, person])).map((r) => r.fact as string);
  return { position, head, players, runs, facts };
};

export const PLAYER_COLUMNS = 'rule_set, player_id, ord, last_name, first_name, name_key, survivor, fp';
export const PLAYER_UPSERT = 'ON CONFLICT (rule_set, player_id) DO UPDATE SET ord = excluded.ord, last_name = excluded.last_name, first_name = excluded.first_name, name_key = excluded.name_key, survivor = excluded.survivor, fp = excluded.fp';
export const CAREER_META_UPSERT = (s: string, p: Dialect) =>
  `INSERT INTO ${s}rm_career_meta (rule_set, format, position, failed, head) VALUES (${p(1)}, ${p(2)}, ${p(3)}, ${p(4)}, ${p(5)}) ON CONFLICT (rule_set) DO UPDATE SET format = excluded.format, position = excluded.position, failed = excluded.failed, head = excluded.head`;
export const CAREER_DELETES = (s: string, p: Dialect) => [
  `DELETE FROM ${s}rm_career_runs WHERE rule_set = ${p(1)} AND after > ${p(2)}`,
  `DELETE FROM ${s}rm_career_run_keys WHERE rule_set = ${p(1)} AND after > ${p(2)}`,
  `DELETE FROM ${s}rm_career_facts WHERE rule_set = ${p(1)} AND after > ${p(2)}`,
  `DELETE FROM ${s}rm_career_fact_players WHERE rule_set = ${p(1)} AND after > ${p(2)}`,
];

/** A statement's n-th parameter the way a database names it (`@pn` for SQLite, bound by name, `$n` PostgreSQL). */
type Dialect = (n: number) => string;
export const sqliteParam: Dialect = (n) => `@p${n}`;
/** Parameters in order as better-sqlite3 binds `@pn`. */
export const named = (values: readonly unknown[]): Record<string, unknown> => Object.fromEntries(values.map((v, i) => [`p${i + 1}`, v]));
export const postgresParam: Dialect = (n) => `$${n}`;

/**
 * Columns the meta tables gained after files were saved without them: `head` (the log's hash the model was built
 * from) and the list model's `versions` (how many versions its saves wrote; null in a model saved before).
 */
export const ADDED_COLUMNS: readonly (readonly [table: string, column: string, type: string])[] = [
  ['rm_list_meta', 'head', 'TEXT'],
  ['rm_career_meta', 'head', 'TEXT'],
  ['rm_list_meta', 'versions', 'BIGINT'],
  ['rm_career_players', 'fp', 'BIGINT'],
];
