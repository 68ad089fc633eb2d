/**
 * Harness JSON → typed US Shogi inputs. Failures name the JSON path (e.g. `input.players.A.rank`).
 */
import * as E from 'fp-ts/Either';
import { Decoded, asInt, asIntOrNull, asRecord, decodePlayers, fail, isRecord, show } from '../elo-common/decode';
import { US_RANKS, UsRank, isUsRank } from './tables';
import { UsEvent, UsPlayerIn } from './rate-event';

export const decodeUsRank = (v: unknown, path: string): Decoded<UsRank> =>
  isUsRank(v) ? E.right(v) : fail(path, `${path} must be a rank "15-kyu" … "1-kyu" or "1-dan" … "6-dan"; got ${show(v)}.`);

export const decodeUsEvent = (v: unknown, path: string): Decoded<UsEvent> => {
  if (v === undefined) return E.right({ kind: 'tournament' });
  if (!isRecord(v)) return fail(path, `${path} must be an object {"kind"}; got ${show(v)}.`);
  const kind = v.kind ?? 'tournament';
  if (kind !== 'tournament' && kind !== 'club') return fail(`${path}.kind`, `${path}.kind must be "tournament" or "club"; got ${show(kind)}.`);
  return E.right({ kind });
};

const decodeStreaks = (v: unknown, path: string): Decoded<Partial<Record<UsRank, number>>> => {
  if (v === undefined) return E.right({});
  const rec = asRecord(v, path);
  if (E.isLeft(rec)) return rec;
  const out: Partial<Record<UsRank, number>> = {};
  for (const [k, n] of Object.entries(rec.right)) {
    if (!isUsRank(k)) return fail(`${path}.${k}`, `${path} has key ${show(k)}, which is not a rank (${US_RANKS[0]} … ${US_RANKS[US_RANKS.length - 1]}).`);
    const c = asInt(n, `${path}.${k}`, 0);
    if (E.isLeft(c)) return c;
    out[k] = c.right;
  }
  return E.right(out);
};

/** Player state: `rank` is required; a missing `rating` is a new player (null); missing `games`/`streaks` are 0/{}. */
export const decodeUsPlayer = (raw: Record<string, unknown>, path: string): Decoded<UsPlayerIn> => {
  const rank = decodeUsRank(raw.rank, `${path}.rank`);
  if (E.isLeft(rank)) return rank;
  const rating = asIntOrNull(raw.rating ?? null, `${path}.rating`);
  if (E.isLeft(rating)) return rating;
  const games = asInt(raw.games ?? 0, `${path}.games`, 0);
  if (E.isLeft(games)) return games;
  const streaks = decodeStreaks(raw.streaks, `${path}.streaks`);
  if (E.isLeft(streaks)) return streaks;
  let initialRating: number | undefined;
  if (raw.initialRating !== undefined && raw.initialRating !== null) {
    const ir = asInt(raw.initialRating, `${path}.initialRating`, 1);
    if (E.isLeft(ir)) return ir;
    initialRating = ir.right;
  }
  return E.right({
    rating: rating.right, rank: rank.right, games: games.right, streaks: streaks.right,
    ...(initialRating !== undefined ? { initialRating } : {}),
  });
};

export const decodeUsPlayers = (v: unknown, path: string): Decoded<Record<string, UsPlayerIn>> =>
  decodePlayers(v, path, decodeUsPlayer);
