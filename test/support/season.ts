import * as fs from 'fs';
import * as path from 'path';
import { Client } from 'pg';
import { ledgerProcess, tempDir } from './helpers';

/**
 * A season of one non-FESA rule set built only through the real `ledger` process (issue 29's acceptance seasons), from
 * a plain description: players (one `player add --csv`), opening balances (one `player balance --csv`), tournaments
 * (`tournament add --rules S` each, all their games in one `game report --csv`, `tournament close` each), then a
 * correction of one game. Around the correction it collects what the acceptance criterion compares: `list --rules S
 * --as-of D --json` at every tournament's end date before and after, a list published before it and read back after
 * it, `list --known-at` the position just before it, and `diff --published`. Processes: 3 + 2·tournaments + 2·dates
 * + 4 + the known-at dates (26 for six tournaments on three dates).
 */

export interface SeasonPlayer {
  readonly id: string;
  readonly family: string;
  readonly given?: string;
  /** Default NO. */
  readonly country?: string;
  readonly birthYear?: number;
  /** A declared grade in the ledger's text ("3 Kyu", "2 Dan"). */
  readonly grade?: string;
  /** Registered on; default the season's first date (a balance's or a tournament's start). */
  readonly date?: string;
}

export interface SeasonBalance {
  readonly id: string;
  readonly rating: number;
  readonly games?: number;
  /** In the ledger's text ("3 Kyu") or the system's own ("3-kyu"). */
  readonly grade?: string;
  readonly date: string;
  readonly reason?: string;
}

export type SeasonResult = 'win' | 'loss' | 'draw' | 'sennichite';

export interface SeasonGame {
  readonly id: string;
  readonly round: number;
  readonly first: string;
  readonly second: string;
  /** The first player's result. */
  readonly result: SeasonResult;
  readonly handicap?: { readonly type: string; readonly giver: string };
}

export interface SeasonTournament {
  readonly id: string;
  readonly name?: string;
  readonly start: string;
  /** Default the start. The lists are taken at this date. */
  readonly end?: string;
  /** pan-atlantic only: america (the ledger's default) or europe. */
  readonly region?: 'america' | 'europe';
  readonly timeControl?: { readonly main: number; readonly byoyomi: number; readonly increment: number };
  readonly games: readonly SeasonGame[];
}

export interface SeasonCorrection {
  readonly game: string;
  readonly tournament?: string;
  readonly result: SeasonResult;
  readonly reason: string;
}

export interface SeasonDescription {
  readonly ruleSet: string;
  readonly players: readonly SeasonPlayer[];
  readonly balances?: readonly SeasonBalance[];
  readonly tournaments: readonly SeasonTournament[];
  readonly correction: SeasonCorrection;
  /** The date of the list published before the correction and diffed after it; default the last tournament's. */
  readonly publishAsOf?: string;
  /** The dates listed `--known-at` the position before the correction; default the last tournament's only. */
  readonly knownAtDates?: readonly string[];
}

/** One row of `ledger list --rules S --json` (issue 29, interface A). */
export interface RuleSetListRow {
  readonly rank: number;
  readonly id: string;
  readonly name: string;
  readonly country?: string;
  /** Only under systems with grades; null while the system gives none. */
  readonly grade?: string | null;
  readonly rating: number;
  readonly games: number;
  readonly provisional?: boolean;
  readonly lastPlayed?: string | null;
}

export interface RuleSetListJson {
  readonly ruleSet: string;
  readonly asOf: string;
  readonly activeYears: number;
  readonly players: readonly RuleSetListRow[];
}

export interface PublishedDiffJson {
  readonly labels: readonly string[];
  readonly players: readonly {
    readonly id: string;
    readonly name: string;
    readonly before: { readonly rating: number; readonly grade?: string } | null;
    readonly after: { readonly rating: number; readonly grade?: string } | null;
  }[];
}

export interface SeasonLists {
  /** Every tournament's end date, in order (repeated dates once). */
  readonly dates: readonly string[];
  /** `list --rules S --as-of D --json` per date, before and after the correction (parsed). */
  readonly before: Readonly<Record<string, RuleSetListJson>>;
  readonly after: Readonly<Record<string, RuleSetListJson>>;
  /** The global position of the last fact before the correction, and the lists `--known-at` it per date. */
  readonly knownAtPosition: number;
  readonly knownAt: Readonly<Record<string, RuleSetListJson>>;
  readonly published: {
    readonly id: string;
    readonly asOf: string;
    /** What `list publish --out` wrote, and what `list --published --out` writes back after the correction. */
    readonly atPublication: Buffer;
    readonly afterCorrection: Buffer;
  };
  /** `diff --published ID --json` after the correction. */
  readonly diff: PublishedDiffJson;
  /** How many `ledger` processes the season spawned. */
  readonly processes: number;
}

const csvCell = (v: string | number | undefined): string => {
  if (v === undefined) return '';
  const s = String(v);
  return /[",]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
};
const csv = (header: readonly string[], rows: readonly (readonly (string | number | undefined)[])[]): string =>
  [header.join(','), ...rows.map((r) => r.map(csvCell).join(','))].join('\n') + '\n';

/** The end date a tournament is rated (and listed) at. */
export const endOf = (t: SeasonTournament): string => t.end ?? t.start;

/** Builds the season in `store` (`sqlite:FILE` or a PostgreSQL URL) and collects its lists around the correction. */
export const runSeason = async (store: string, season: SeasonDescription): Promise<SeasonLists> => {
  const dir = tempDir(`season-${season.ruleSet}`);
  let processes = 0;
  const run = async (...argv: string[]): Promise<string> => {
    processes++;
    const r = await ledgerProcess([...argv, '--store', store]);
    if (r.code !== 0) throw new Error(`ledger ${argv.join(' ')} exited ${r.code}: ${r.err.trim()}`);
    return r.out;
  };
  const file = (name: string, text: string): string => {
    const f = path.join(dir, name);
    fs.writeFileSync(f, text);
    return f;
  };
  const S = season.ruleSet;
  const firstDate = [...(season.balances ?? []).map((b) => b.date), ...season.tournaments.map((t) => t.start)].sort()[0];

  await run('player', 'add', '--csv', file('players.csv', csv(
    ['id', 'family', 'given', 'country', 'club', 'birth-year', 'date', 'grade', 'grade-source'],
    season.players.map((p) => [p.id, p.family, p.given, p.country ?? 'NO', undefined, p.birthYear, p.date ?? firstDate, p.grade, p.grade === undefined ? undefined : 'season']),
  )));
  if (season.balances && season.balances.length > 0) {
    await run('player', 'balance', '--csv', file('balances.csv', csv(
      ['id', 'rules', 'rating', 'games', 'grade', 'date', 'reason'],
      season.balances.map((b) => [b.id, S, b.rating, b.games, b.grade, b.date, b.reason ?? 'opening balance of the season']),
    )));
  }
  for (const t of season.tournaments) {
    const tc = t.timeControl ? ['--main', String(t.timeControl.main), '--byoyomi', String(t.timeControl.byoyomi), '--increment', String(t.timeControl.increment)] : [];
    await run('tournament', 'add', '--id', t.id, '--name', t.name ?? t.id, '--start', t.start, '--end', endOf(t), '--rules', S, ...(t.region ? ['--region', t.region] : []), ...tc);
  }
  await run('game', 'report', '--csv', file('games.csv', csv(
    ['game', 'tournament', 'round', 'first', 'second', 'result', 'date', 'handicap', 'giver', 'main', 'byoyomi', 'increment', 'replay-of'],
    season.tournaments.flatMap((t) => t.games.map((g) => [g.id, t.id, g.round, g.first, g.second, g.result, undefined, g.handicap?.type, g.handicap?.giver, undefined, undefined, undefined, undefined])),
  )));
  for (const t of season.tournaments) await run('tournament', 'close', '--id', t.id);

  const dates = [...new Set(season.tournaments.map(endOf))];
  const listsAt = async (extra: string[] = [], only: readonly string[] = dates): Promise<Record<string, RuleSetListJson>> => {
    const lists: Record<string, RuleSetListJson> = {};
    for (const d of only) lists[d] = JSON.parse(await run('list', '--rules', S, '--as-of', d, '--json', ...extra)) as RuleSetListJson;
    return lists;
  };
  const before = await listsAt();
  const publishAsOf = season.publishAsOf ?? dates.at(-1)!;
  const listId = `season-${S}`;
  const publishedFile = path.join(dir, 'published.json');
  await run('list', 'publish', '--id', listId, '--rules', S, '--as-of', publishAsOf, '--format', 'json', '--out', publishedFile);

  const c = season.correction;
  const corrected = JSON.parse(await run('game', 'correct', '--game', c.game, ...(c.tournament ? ['--tournament', c.tournament] : []), '--result', c.result, '--reason', c.reason, '--json')) as { position: number };
  const knownAtPosition = corrected.position - 1;

  const after = await listsAt();
  const knownAt = await listsAt(['--known-at', String(knownAtPosition)], season.knownAtDates ?? [dates.at(-1)!]);
  const readBack = path.join(dir, 'published-after.json');
  await run('list', '--published', listId, '--out', readBack);
  const diff = JSON.parse(await run('diff', '--published', listId, '--json')) as PublishedDiffJson;
  return {
    dates, before, after, knownAtPosition, knownAt, diff, processes,
    published: { id: listId, asOf: publishAsOf, atPublication: fs.readFileSync(publishedFile), afterCorrection: fs.readFileSync(readBack) },
  };
};

export const pgUrl = process.env.LEDGER_TEST_PG_URL;
export const pgSkipReason = (): string => process.env.LEDGER_TEST_PG_SKIP_REASON ?? 'LEDGER_TEST_PG_URL is not set';

/** A fresh PostgreSQL database on the test cluster for `use` (its URL), dropped afterwards. */
export const withPostgresDatabase = async <T>(prefix: string, use: (url: string) => Promise<T>): Promise<T> => {
  const admin = new Client({ connectionString: pgUrl });
  await admin.connect();
  const name = `${prefix.replace(/[^a-z0-9_]/gi, '_').toLowerCase()}_${process.pid}_${Date.now()}`;
  try {
    await admin.query(`CREATE DATABASE ${name}`);
    return await use(pgUrl!.replace(/\/[^/]*$/, `/${name}`));
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => undefined);
    await admin.end();
  }
};

/** A list reduced to what a spec fold predicts: id, name, rating, games and grade (where the system has grades). */
export const comparableRows = (list: RuleSetListJson): { id: string; name: string; rating: number; games: number; grade?: string | null }[] =>
  list.players.map((p) => ({ id: p.id, name: p.name, rating: p.rating, games: p.games, ...(p.grade === undefined ? {} : { grade: p.grade }) }));
