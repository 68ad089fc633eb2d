import * as E from 'fp-ts/Either';
import { asBoolean, asInt, asIntOrNull, asRecord, asScore, fail, isRecord, show, type Decoded } from '../elo-common/decode';
import type { FidePeriod, FidePlayer, PooledGame } from './engine';

/**
 * A fide-2024 player state from a case or an opening balance. Only `rating` is required (with `games` when rated);
 * `k` is a K given by hand and `periodGames` the games already rated in this period, as FIDE's calculator takes them.
 */
export interface DecodedFidePlayer {
  readonly player: FidePlayer;
  readonly periodGames?: number;
}

const LIST = /^\d{4}-(0[1-9]|1[0-2])$/;

const asList = (v: unknown, path: string): Decoded<string> =>
  typeof v === 'string' && LIST.test(v) ? E.right(v) : fail(path, `${path} must be a list month "YYYY-MM"; got ${show(v)}.`);

const decodePeriod = (v: unknown, path: string): Decoded<FidePeriod | null> => {
  if (v === undefined || v === null) return E.right(null);
  if (!isRecord(v)) return fail(path, `${path} must be null or {"list": "YYYY-MM", "k", "games", "sum"}; got ${show(v)}.`);
  const list = asList(v.list, `${path}.list`);
  if (E.isLeft(list)) return list;
  const k = asInt(v.k, `${path}.k`, 1);
  if (E.isLeft(k)) return k;
  const games = asInt(v.games, `${path}.games`, 0);
  if (E.isLeft(games)) return games;
  const sum = asInt(v.sum, `${path}.sum`);
  if (E.isLeft(sum)) return sum;
  return E.right({ list: list.right, k: k.right, games: games.right, sum: sum.right });
};

const decodePool = (v: unknown, path: string): Decoded<PooledGame[]> => {
  if (v === undefined) return E.right([]);
  if (!Array.isArray(v)) return fail(path, `${path} must be a list of {"opponent", "score", "list"}; got ${show(v)}.`);
  const out: PooledGame[] = [];
  for (let i = 0; i < v.length; i++) {
    const g = asRecord(v[i], `${path}[${i}]`);
    if (E.isLeft(g)) return g;
    const opponent = asInt(g.right.opponent, `${path}[${i}].opponent`, 0);
    if (E.isLeft(opponent)) return opponent;
    const score = asScore(g.right.score, `${path}[${i}].score`);
    if (E.isLeft(score)) return score;
    const list = asList(g.right.list, `${path}[${i}].list`);
    if (E.isLeft(list)) return list;
    out.push({ opponent: opponent.right, score: score.right, list: list.right });
  }
  return E.right(out);
};

const optional = <T>(v: unknown, fallback: T, decode: (v: unknown) => Decoded<T>): Decoded<T> => (v === undefined ? E.right(fallback) : decode(v));

export const decodeFidePlayer = (raw: Record<string, unknown>, path: string): Decoded<DecodedFidePlayer> => {
  if (!('rating' in raw)) return fail(`${path}.rating`, `${path}.rating is missing; expected the published rating (an integer) or null (unrated).`);
  const rating = asIntOrNull(raw.rating, `${path}.rating`);
  if (E.isLeft(rating)) return rating;
  if (raw.games === undefined && rating.right !== null && raw.k === undefined) {
    return fail(`${path}.games`, `${path}.games is missing; expected the number of rated games (K 40 until 30), or give "k".`);
  }
  const games = optional(raw.games, 30, (v) => asInt(v, `${path}.games`, 0));
  if (E.isLeft(games)) return games;
  const birthYear = optional(raw.birthYear, null, (v) => asIntOrNull(v, `${path}.birthYear`));
  if (E.isLeft(birthYear)) return birthYear;
  const reached = optional(raw.reached2400, (rating.right ?? 0) >= 2400, (v) => asBoolean(v, `${path}.reached2400`));
  if (E.isLeft(reached)) return reached;
  const k = optional(raw.k, null, (v) => (v === null ? E.right(null) : asInt(v, `${path}.k`, 1)));
  if (E.isLeft(k)) return k;
  const period = decodePeriod(raw.period, `${path}.period`);
  if (E.isLeft(period)) return period;
  const pool = decodePool(raw.pool, `${path}.pool`);
  if (E.isLeft(pool)) return pool;
  const periodGames = optional(raw.periodGames, undefined, (v) => asInt(v, `${path}.periodGames`, 0));
  if (E.isLeft(periodGames)) return periodGames;
  if (periodGames.right !== undefined && period.right !== null) return fail(`${path}.periodGames`, `${path}: give either "period" or "periodGames", not both.`);
  if (rating.right === null && (period.right !== null || periodGames.right !== undefined)) {
    return fail(`${path}.period`, `${path}: an unrated player has no rating period; his games are in "pool".`);
  }
  const player: FidePlayer = {
    rating: rating.right, games: rating.right === null && raw.games === undefined ? 0 : games.right, birthYear: birthYear.right,
    reached2400: reached.right, k: k.right, period: period.right, pool: pool.right,
  };
  return E.right(periodGames.right === undefined ? { player } : { player, periodGames: periodGames.right });
};
