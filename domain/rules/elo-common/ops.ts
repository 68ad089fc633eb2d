import * as E from 'fp-ts/Either';
import { pipe } from 'fp-ts/function';
import { RuleSystem } from '../rule-system';
import {
  asBoolean, asInt, asIntOrNull, asNumber, asRecord, asScore, Decoded, decodeGames, decodePlayers, fail, isRecord, show,
} from './decode';
import { EloEvent, EloOptions, EloPlayer, KScheme, logisticExpected, performanceRating, rateEloEvent } from './elo';
import { Score } from './game';
import { decodeOptions, docsOf, enumOption, OptionSpec } from './options';

/** Spec §4 (elo-fide-uscf.md): the named options of both Elo rule sets. */
export const eloOptionSpecs: readonly OptionSpec[] = [
  enumOption('updateMode', ['event', 'game'], 'event',
    'event: K·Σ(S − E) over the event with pre-event ratings (the seed\'s worked example); game: one game at a time'),
  enumOption('ratedVsNewcomer', ['use-performance', 'not-rated'], 'use-performance',
    'a rated player\'s game against a newcomer uses the newcomer\'s new performance rating, or changes only the newcomer'),
];

/** Spec §1 player state; birthYear and reached2400 may be left out (null / false), games too for a newcomer. */
export const decodeEloPlayer = (raw: Record<string, unknown>, path: string): Decoded<EloPlayer> => {
  if (!('rating' in raw)) return fail(`${path}.rating`, `${path}.rating is missing; expected an integer or null (newcomer).`);
  const rating = asIntOrNull(raw.rating, `${path}.rating`);
  if (E.isLeft(rating)) return rating;
  if (raw.games === undefined && rating.right !== null) return fail(`${path}.games`, `${path}.games is missing; expected the number of rated games completed.`);
  const games = raw.games === undefined ? E.right(0) : asInt(raw.games, `${path}.games`, 0);
  if (E.isLeft(games)) return games;
  const birthYear = raw.birthYear === undefined ? E.right(null) : asIntOrNull(raw.birthYear, `${path}.birthYear`);
  if (E.isLeft(birthYear)) return birthYear;
  const reached = raw.reached2400 === undefined ? E.right(false) : asBoolean(raw.reached2400, `${path}.reached2400`);
  if (E.isLeft(reached)) return reached;
  return E.right({ rating: rating.right, games: games.right, birthYear: birthYear.right, reached2400: reached.right });
};

const decodeEloEvent = (v: unknown): Decoded<EloEvent> => {
  if (v === undefined) return E.right({});
  if (!isRecord(v)) return fail('input.event', `input.event must be an object {"date": "YYYY-MM-DD"}; got ${show(v)}.`);
  if (v.date === undefined) return E.right({});
  if (typeof v.date !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(v.date)) {
    return fail('input.event.date', `input.event.date must be a date "YYYY-MM-DD"; got ${show(v.date)}.`);
  }
  return E.right({ date: v.date });
};

/** Op `expected-score` input of every Elo-family spec: {"rating", "opponent"}. */
export const decodeRatingPair = (input: unknown): Decoded<{ rating: number; opponent: number }> =>
  pipe(
    asRecord(input, 'input'),
    E.chain((i) => pipe(asNumber(i.rating, 'input.rating'), E.chain((rating) =>
      pipe(asNumber(i.opponent, 'input.opponent'), E.map((opponent) => ({ rating, opponent })))))),
  );

export const decodeEntries = (input: unknown): Decoded<Array<readonly [number, Score]>> => {
  const i = asRecord(input, 'input');
  if (E.isLeft(i)) return i;
  const entries = i.right.entries;
  if (!Array.isArray(entries) || entries.length === 0) {
    return fail('input.entries', `input.entries must be a non-empty list of [opponent rating, score]; got ${show(entries)}.`);
  }
  const out: Array<readonly [number, Score]> = [];
  for (let k = 0; k < entries.length; k++) {
    const e: unknown = entries[k];
    const p = `input.entries[${k}]`;
    if (!Array.isArray(e) || e.length !== 2) return fail(p, `${p} must be a pair [opponent rating, score]; got ${show(e)}.`);
    const opp = asInt(e[0], `${p}[0]`);
    if (E.isLeft(opp)) return opp;
    const s = asScore(e[1], `${p}[1]`);
    if (E.isLeft(s)) return s;
    out.push([opp.right, s.right]);
  }
  return E.right(out);
};

/** The harness view (`rate-event`, `expected-score`, `performance-rating`) of an Elo rule set with K scheme `scheme`. */
export const eloRuleSystem = (scheme: KScheme, title: string, version: string): RuleSystem => {
  const options = (raw: unknown) => decodeOptions<EloOptions>(scheme.id, eloOptionSpecs, raw);
  return {
    id: scheme.id,
    version,
    title,
    options: docsOf(eloOptionSpecs),
    ops: {
      'rate-event': (rawOptions, input) => {
        const o = options(rawOptions);
        if (E.isLeft(o)) return o;
        const i = asRecord(input, 'input');
        if (E.isLeft(i)) return i;
        const event = decodeEloEvent(i.right.event);
        if (E.isLeft(event)) return event;
        const players = decodePlayers(i.right.players, 'input.players', decodeEloPlayer);
        if (E.isLeft(players)) return players;
        const ps = players.right;
        const games = decodeGames(i.right.games, 'input.games', (id) => Object.prototype.hasOwnProperty.call(ps, id));
        if (E.isLeft(games)) return games;
        return rateEloEvent(scheme, o.right, event.right, ps, games.right);
      },
      'expected-score': (rawOptions, input) =>
        pipe(options(rawOptions), E.chain(() => decodeRatingPair(input)),
          E.map(({ rating, opponent }) => ({ value: logisticExpected(rating, opponent) }))),
      'performance-rating': (rawOptions, input) =>
        pipe(options(rawOptions), E.chain(() => decodeEntries(input)), E.map((entries) => ({ value: performanceRating(entries) }))),
    },
  };
};
