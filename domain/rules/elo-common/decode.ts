import * as E from 'fp-ts/Either';
import { RuleError } from '../rule-system';
import { Game, HANDICAP_CODES, Handicap, HandicapCode, Score, TimeControl } from './game';

/**
 * Decoders from the harness's untyped JSON to typed values. Each failure is a RuleError whose `field` is the JSON
 * path inside the case (e.g. `input.games[2].score`) and whose message says what was found and what was expected.
 */
export type Decoded<T> = E.Either<RuleError, T>;

export const fail = (field: string, message: string): E.Either<RuleError, never> => E.left({ field, message });

/** A short rendering of an offending value for messages. */
export const show = (v: unknown): string => {
  if (v === undefined) return 'nothing';
  const s = JSON.stringify(v);
  return s === undefined ? typeof v : s.length > 60 ? `${s.slice(0, 57)}...` : s;
};

export const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

export const asRecord = (v: unknown, path: string): Decoded<Record<string, unknown>> =>
  isRecord(v) ? E.right(v) : fail(path, `${path} must be an object; got ${show(v)}.`);

export const asInt = (v: unknown, path: string, min = -Infinity): Decoded<number> =>
  typeof v === 'number' && Number.isInteger(v) && v >= min
    ? E.right(v)
    : fail(path, `${path} must be an integer${min > -Infinity ? ` ≥ ${min}` : ''}; got ${show(v)}.`);

export const asIntOrNull = (v: unknown, path: string): Decoded<number | null> =>
  v === null ? E.right(null) : typeof v === 'number' && Number.isInteger(v)
    ? E.right(v)
    : fail(path, `${path} must be an integer or null; got ${show(v)}.`);

export const asNumber = (v: unknown, path: string): Decoded<number> =>
  typeof v === 'number' && Number.isFinite(v) ? E.right(v) : fail(path, `${path} must be a number; got ${show(v)}.`);

export const asBoolean = (v: unknown, path: string): Decoded<boolean> =>
  typeof v === 'boolean' ? E.right(v) : fail(path, `${path} must be true or false; got ${show(v)}.`);

export const asScore = (v: unknown, path: string): Decoded<Score> =>
  v === 0 || v === 0.5 || v === 1 ? E.right(v) : fail(path, `${path} must be 1, 0.5 or 0 (a's score); got ${show(v)}.`);


const decodeHandicap = (v: unknown, path: string, a: string, b: string): Decoded<Handicap> => {
  if (!isRecord(v)) return fail(path, `${path} must be an object {"type", "giver"}; got ${show(v)}.`);
  const type = v.type;
  if (typeof type !== 'string' || !(HANDICAP_CODES as readonly string[]).includes(type)) {
    return fail(`${path}.type`, `${path}.type ${show(type)} is not a handicap code; expected one of ${HANDICAP_CODES.join(', ')}.`);
  }
  if (type === 'even' && v.giver === undefined) return E.right({ type: 'even' });
  if (v.giver !== a && v.giver !== b) {
    return fail(`${path}.giver`, `${path}.giver must be one of the game's players "${a}" or "${b}"; got ${show(v.giver)}.`);
  }
  return E.right({ type: type as HandicapCode, giver: v.giver });
};

const decodeTimeControl = (v: unknown, path: string): Decoded<TimeControl> => {
  if (!isRecord(v)) return fail(path, `${path} must be an object {"main", "byoyomi", "increment"}; got ${show(v)}.`);
  const out: Record<string, number> = { main: 0, byoyomi: 0, increment: 0 };
  for (const k of Object.keys(out)) {
    if (v[k] === undefined) continue; // README: a missing timeControl field means 0
    const n = v[k];
    if (typeof n !== 'number' || !Number.isFinite(n) || n < 0) return fail(`${path}.${k}`, `${path}.${k} must be a number ≥ 0; got ${show(n)}.`);
    out[k] = n;
  }
  return E.right(out as unknown as TimeControl);
};

/**
 * Decodes `games` (README game shape) and checks each player is listed in `players` and not playing himself.
 */
export const decodeGames = (v: unknown, path: string, isPlayer: (id: string) => boolean): Decoded<Game[]> => {
  if (!Array.isArray(v)) return fail(path, `${path} must be a list of games; got ${show(v)}.`);
  const games: Game[] = [];
  for (let i = 0; i < v.length; i++) {
    const p = `${path}[${i}]`;
    const g: unknown = v[i];
    if (!isRecord(g)) return fail(p, `${p} must be a game object {"a", "b", "score"}; got ${show(g)}.`);
    for (const side of ['a', 'b'] as const) {
      const id = g[side];
      if (typeof id !== 'string' || id.length === 0) return fail(`${p}.${side}`, `${p}.${side} must be a player id (a string); got ${show(id)}.`);
      if (!isPlayer(id)) return fail(`${p}.${side}`, `${p}.${side}: player "${id}" is not in input.players.`);
    }
    const a = g.a as string;
    const b = g.b as string;
    if (a === b) return fail(`${p}.b`, `${p}: player "${a}" cannot play against himself.`);
    const score = asScore(g.score, `${p}.score`);
    if (E.isLeft(score)) return score;
    let game: Game = { a, b, score: score.right };
    if (g.handicap !== undefined) {
      const h = decodeHandicap(g.handicap, `${p}.handicap`, a, b);
      if (E.isLeft(h)) return h;
      game = { ...game, handicap: h.right };
    }
    if (g.timeControl !== undefined) {
      const t = decodeTimeControl(g.timeControl, `${p}.timeControl`);
      if (E.isLeft(t)) return t;
      game = { ...game, timeControl: t.right };
    }
    games.push(game);
  }
  return E.right(games);
};

/** Decodes `players` as an object of id → state with a per-player decoder. */
export const decodePlayers = <S>(
  v: unknown,
  path: string,
  decodeOne: (raw: Record<string, unknown>, path: string, id: string) => Decoded<S>,
): Decoded<Record<string, S>> => {
  if (!isRecord(v)) return fail(path, `${path} must be an object of player id → state; got ${show(v)}.`);
  const out: Record<string, S> = {};
  for (const [id, raw] of Object.entries(v)) {
    const p = `${path}.${id}`;
    if (!isRecord(raw)) return fail(p, `${p} must be a player state object; got ${show(raw)}.`);
    const s = decodeOne(raw, p, id);
    if (E.isLeft(s)) return s;
    out[id] = s.right;
  }
  return E.right(out);
};

/** The typed APIs re-check what the decoder checks, for callers (the ledger) that build games in code. */
export const checkGamePlayers = (games: readonly Game[], has: (id: string) => boolean): Decoded<void> => {
  for (const [i, g] of games.entries()) {
    for (const side of ['a', 'b'] as const) {
      if (!has(g[side])) return fail(`input.games[${i}].${side}`, `input.games[${i}].${side}: player "${g[side]}" is not in input.players.`);
    }
    if (g.a === g.b) return fail(`input.games[${i}].b`, `input.games[${i}]: player "${g.a}" cannot play against himself.`);
  }
  return E.right(undefined);
};
