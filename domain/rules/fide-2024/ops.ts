import * as E from 'fp-ts/Either';
import { pipe } from 'fp-ts/function';
import { asNumber, asRecord, decodeGames, decodePlayers, fail, isRecord, show, type Decoded } from '../elo-common/decode';
import { decodeEntries } from '../elo-common/ops';
import { decodeOptions, docsOf, enumOption, type OptionSpec } from '../elo-common/options';
import type { RuleSystem } from '../rule-system';
import { decodeFidePlayer } from './decode';
import {
  cappedK, differenceUsed, initialRating, kOf, listOf, nextRating, periodChange, rateFideTournament, type FideOptions, type FidePlayer,
  type FideTournament,
} from './engine';
import { FIDE_LISTS } from './periods';
import { pdHundredths } from './tables';

export const FIDE_2024_ID = 'fide-2024';

export const fideOptionSpecs: readonly OptionSpec[] = [
  enumOption('list', FIDE_LISTS, 'standard',
    'the FIDE list rated: a game whose time control (minutes for 60 moves) belongs to another list is not rated on this one'),
];

export const decodeFideOptions = (raw: unknown): Decoded<FideOptions> => decodeOptions<FideOptions>(FIDE_2024_ID, fideOptionSpecs, raw);

const decodeTournament = (v: unknown): Decoded<FideTournament> => {
  if (v === undefined) return E.right({});
  if (!isRecord(v)) return fail('input.event', `input.event must be an object {"date": "YYYY-MM-DD"} (the tournament's last day); got ${show(v)}.`);
  if (v.date === undefined) return E.right({});
  if (typeof v.date !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(v.date)) {
    return fail('input.event.date', `input.event.date must be the tournament's last day "YYYY-MM-DD"; got ${show(v.date)}.`);
  }
  if (v.start === undefined) return E.right({ date: v.date });
  if (typeof v.start !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(v.start) || v.start > v.date) {
    return fail('input.event.start', `input.event.start must be the tournament's first day "YYYY-MM-DD", not after its last (${v.date}); got ${show(v.start)}.`);
  }
  return E.right({ date: v.date, start: v.start });
};

/** What a case reads per player besides his state: the period's K, games and change, and the next list's rating. */
const periodDetail = (p: FidePlayer) =>
  p.period === null
    ? { next: nextRating(p) }
    : { K: cappedK(p.period.k, p.period.games), games: p.period.games, change: (cappedK(p.period.k, p.period.games) * p.period.sum) / 100, rounded: periodChange(p.period), next: nextRating(p) };

const rateEvent = (rawOptions: unknown, input: unknown): Decoded<unknown> => {
  const o = decodeFideOptions(rawOptions);
  if (E.isLeft(o)) return o;
  const i = asRecord(input, 'input');
  if (E.isLeft(i)) return i;
  const t = decodeTournament(i.right.event);
  if (E.isLeft(t)) return t;
  const decoded = decodePlayers(i.right.players, 'input.players', decodeFidePlayer);
  if (E.isLeft(decoded)) return decoded;
  const ps = decoded.right;
  const games = decodeGames(i.right.games, 'input.games', (id) => Object.prototype.hasOwnProperty.call(ps, id));
  if (E.isLeft(games)) return games;
  const plain = Object.fromEntries(Object.entries(ps).map(([id, d]) => [id, d.player]));
  const list = listOf(t.right, plain);
  const year = Number((t.right.date ?? `${list}-01`).slice(0, 4));
  // "games so far in the period", as FIDE's calculator takes them: they count for the 700 rule, their ΔR is not given
  const players = Object.fromEntries(Object.entries(ps).map(([id, d]) => [id, d.periodGames === undefined || d.player.rating === null
    ? d.player
    : { ...d.player, period: { list, k: kOf({ ...d.player, rating: d.player.rating }, year), games: d.periodGames, sum: 0 } }]));
  const rated = rateFideTournament(o.right, t.right, players, games.right);
  return E.right({ ...rated, detail: Object.fromEntries(Object.entries(rated.players).map(([id, p]) => [id, periodDetail(p)])) });
};

/** The harness face: `rate-event`, `expected-score` (table 8.1.2 after §8.3.1) and `initial-rating` (§8.2). */
export const fide2024RuleSystem: RuleSystem = {
  id: FIDE_2024_ID,
  version: '2024-03-01',
  title: 'FIDE Rating Regulations effective 1 March 2024 (with the 1 October 2025 amendment of §8.3.1)',
  options: docsOf(fideOptionSpecs),
  ops: {
    'rate-event': rateEvent,
    'expected-score': (rawOptions, input) => pipe(
      decodeFideOptions(rawOptions),
      E.chain((o) => pipe(asRecord(input, 'input'), E.chain((i) => pipe(
        asNumber(i.rating, 'input.rating'),
        E.chain((rating) => pipe(asNumber(i.opponent, 'input.opponent'), E.map((opponent) => {
          const date = typeof i.date === 'string' ? i.date : undefined;
          return { value: pdHundredths(differenceUsed(o, date, rating, opponent)) / 100 };
        }))))))),
    ),
    'initial-rating': (rawOptions, input) =>
      pipe(decodeFideOptions(rawOptions), E.chain(() => decodeEntries(input)), E.map((entries) => ({ value: initialRating(entries.map(([opponent, score]) => ({ opponent, score }))) }))),
  },
};
