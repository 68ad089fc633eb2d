import * as fs from 'fs';
import { readNamedFile } from './files';
import * as path from 'path';
import * as E from 'fp-ts/Either';
import { Game } from '../../../domain/rules/elo-common/game';
import { ReplayEvent } from '../../../domain/evaluation/replay';

/**
 * Importer for shared/data/international-football/results.csv (martj42/international_results, CC0):
 * `date,home_team,away_team,home_score,away_score,tournament,city,country,neutral`, chronological.
 * Each match becomes a game {a: home team, b: away team, score: 1 / 0.5 / 0 for the home side}; the rule systems
 * know no home advantage, so `neutral` is kept only on the match record.
 */
/**
 * Where the results file is when no path is given: in the shared data beside the repository (`../shared`, or
 * $SHARED_DIR), found from this module whether it runs built or not.
 */
export const defaultFootballResultsPath = (): string => {
  const inShared = (shared: string): string => path.join(shared, 'data', 'international-football', 'results.csv');
  if (process.env.SHARED_DIR) return inShared(process.env.SHARED_DIR);
  for (let dir = __dirname; path.dirname(dir) !== dir; dir = path.dirname(dir)) {
    if (fs.existsSync(path.join(dir, 'package.json'))) return inShared(path.join(dir, '..', 'shared'));
  }
  return inShared(path.join(process.cwd(), '..', 'shared'));
};

export interface FootballMatch {
  readonly line: number;
  readonly date: string;
  readonly home: string;
  readonly away: string;
  readonly homeScore: number;
  readonly awayScore: number;
  readonly tournament: string;
  readonly neutral: boolean;
}

const HEADER = ['date', 'home_team', 'away_team', 'home_score', 'away_score', 'tournament', 'city', 'country', 'neutral'];

/** Splits one CSV line (RFC 4180 quoting: "a, b" and "" inside quotes; the file has quoted city names). */
const splitCsvLine = (line: string): string[] => {
  const out: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const ch = line.charAt(i);
    if (quoted) {
      if (ch === '"' && line[i + 1] === '"') { field += '"'; i++; }
      else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') { out.push(field); field = ''; }
    else field += ch;
  }
  out.push(field);
  return out;
};

/** Parses the CSV text; an error names the file, line and field. */
export const parseFootballCsv = (text: string, source = 'results.csv'): E.Either<string, FootballMatch[]> => {
  const lines = text.split(/\r?\n/);
  const header = splitCsvLine(lines[0] ?? '');
  if (header.join(',') !== HEADER.join(',')) {
    return E.left(`${source} line 1: expected the header "${HEADER.join(',')}", found "${lines[0]}".`);
  }
  const matches: FootballMatch[] = [];
  for (const [i, line] of lines.entries()) {
    if (i === 0 || line === '') continue;
    const n = i + 1;
    const f = splitCsvLine(line);
    if (f.length !== HEADER.length) return E.left(`${source} line ${n}: expected ${HEADER.length} fields, found ${f.length}.`);
    // The defaults never apply: the line has every field of the header (checked above).
    const [date = '', home = '', away = '', hs = '', as = '', tournament = '', , , neutral = ''] = f;
    if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) return E.left(`${source} line ${n}: date "${date}" is not YYYY-MM-DD.`);
    if (!/^\d+$/.test(hs)) return E.left(`${source} line ${n}: home_score "${hs}" is not a whole number.`);
    if (!/^\d+$/.test(as)) return E.left(`${source} line ${n}: away_score "${as}" is not a whole number.`);
    if (home === '' || away === '' || home === away) return E.left(`${source} line ${n}: home_team "${home}" and away_team "${away}" must be two different teams.`);
    if (neutral !== 'TRUE' && neutral !== 'FALSE') return E.left(`${source} line ${n}: neutral "${neutral}" is not TRUE or FALSE.`);
    const previous = matches.at(-1);
    if (previous !== undefined && date < previous.date) {
      return E.left(`${source} line ${n}: date ${date} is earlier than the previous line's ${previous.date}; the file must be chronological.`);
    }
    matches.push({ line: n, date, home, away, homeScore: Number(hs), awayScore: Number(as), tournament, neutral: neutral === 'TRUE' });
  }
  return E.right(matches);
};

export const matchGame = (m: FootballMatch): Game => ({
  a: m.home, b: m.away, score: (m.homeScore > m.awayScore ? 1 : m.homeScore < m.awayScore ? 0 : 0.5),
});

/**
 * Groups matches into rating events: one event per match date (default), or per calendar month (the data README's
 * suggestion). A team playing twice in one event is rated on both games with the same pre-event rating.
 */
export const footballEvents = (matches: readonly FootballMatch[], per: 'date' | 'month' = 'date'): ReplayEvent[] => {
  const events: ReplayEvent[] = [];
  let key = '';
  let games: Game[] = [];
  for (const m of matches) {
    const k = per === 'date' ? m.date : m.date.slice(0, 7);
    if (k !== key) {
      if (games.length > 0) events.push({ date: key, games });
      key = k;
      games = [];
    }
    games.push(matchGame(m));
  }
  if (games.length > 0) events.push({ date: key, games });
  return events;
};

/** Reads and parses the file (the only I/O here). */
export const loadFootballMatches = (file?: string): E.Either<string, FootballMatch[]> => {
  const at = file ?? defaultFootballResultsPath();
  if (file === undefined && !fs.existsSync(at)) {
    return E.left(`no football results file at ${at} (the shared data beside the repository, or $SHARED_DIR); give its path with --football PATH`);
  }
  let text: string;
  try {
    text = readNamedFile(at).toString('utf8');
  } catch (e) {
    return E.left(`${at}: cannot be read (${e instanceof Error ? e.message : String(e)}).`);
  }
  return parseFootballCsv(text, at);
};
