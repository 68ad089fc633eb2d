import * as E from 'fp-ts/Either';
import { pipe } from 'fp-ts/function';
import { RuleSystem } from '../rule-system';
import {
  asInt, asNumber, asRecord, checkGamePlayers, Decoded, decodeGames, decodePlayers, fail, isRecord, show,
} from '../elo-common/decode';
import { decodeGoPlayer, goEntryRating, type GoPlayerInput } from '../shared/go-player';
import { itemAt, playerIn } from '../shared/present';
import { Game, GameResult, notRated, RATED, Score } from '../elo-common/game';
import { booleanOption, decodeOptions, docsOf, enumOption, OptionSpec } from '../elo-common/options';
import { decodeRatingPair } from '../elo-common/ops';
import { bonus, CLASS_WEIGHTS, con, expectedResult, GOR_CEILING, GOR_FLOOR, handicapPoints, startingGor } from './formulas';

export * from './formulas';

export interface EgdGorOptions {
  readonly classWeight: boolean;
  readonly handicapGames: 'adjusted' | 'not-rated';
}

export const defaultOptions: EgdGorOptions = { classWeight: true, handicapGames: 'adjusted' };

/** A rated player: GoR kept to three decimals, the precision EGD ratings are quoted with (2674.564, 2109.306). */
export interface GorPlayer {
  readonly rating: number;
  readonly games: number;
}

/** Input state: a new player (`rating: null`) brings his declared grade or an officer's initialRating. */
export type GorPlayerInput = GoPlayerInput;

export interface GorTournament {
  /** The EGF class from the table's header (`CL[B]`); absent or unknown: weight 1. */
  readonly tournamentClass?: string;
}

export interface GorEventResult {
  readonly players: Record<string, GorPlayer>;
  readonly gamesRated: GameResult[];
}

const optionSpecs: readonly OptionSpec[] = [
  booleanOption('classWeight', true, 'each game\'s change × the class weight: A 1, B 0.75, C 0.5, D 0.25 (EGD page, "Tournament classes")'),
  enumOption('handicapGames', ['adjusted', 'not-rated'], 'adjusted',
    'adjusted: the receiver plays at his GoR + 100·(stones − 0.5) in Se; not-rated: handicap games are left out'),
];

/** The rating a player enters with: his own, else initialRating, else his declared grade's place on the EGD scale. */
export const entryRating = goEntryRating(startingGor);

export const classWeightOf = (o: EgdGorOptions, t: GorTournament): number =>
  o.classWeight && t.tournamentClass !== undefined ? CLASS_WEIGHTS[t.tournamentClass.toUpperCase()] ?? 1 : 1;

const scoreOf = (g: Game, id: string): Score => (g.a === id ? g.score : ((1 - g.score) as Score));

/** Se of `id` in game g with the GoR both players enter with: the handicap lifts its receiver. */
export const expectedOf = (g: Game, id: string, own: number, opponent: number): number => {
  const lift = (who: string) => (g.goHandicap !== undefined && g.goHandicap.receiver === who ? handicapPoints(g.goHandicap.stones) : 0);
  const other = g.a === id ? g.b : g.a;
  return expectedResult(own + lift(id), opponent + lift(other));
};

/** One game's change for `id` before the class weight: con·(Sa − Se) + bonus, all at the GoR he entered with. */
export const gameChange = (g: Game, id: string, own: number, opponent: number): number =>
  con(own) * (scoreOf(g, id) - expectedOf(g, id, own, opponent)) + bonus(own);

const toThousandths = (r: number): number => Math.round(r * 1000) / 1000;

/**
 * Rates one tournament. Every game is computed from the GoR the players entered with (the EGD does not update
 * ratings between the rounds of one tournament), the changes are summed, weighted by the class, and the result is
 * floored at −900.
 */
export const rateEvent = (
  options: EgdGorOptions, t: GorTournament, players: Record<string, GorPlayerInput>, games: readonly Game[],
): Decoded<GorEventResult> => {
  const known = checkGamePlayers(games, (id) => Object.prototype.hasOwnProperty.call(players, id));
  if (E.isLeft(known)) return known;
  const pre: Record<string, GorPlayer> = {};
  for (const [id, player] of Object.entries(players)) {
    const r = entryRating(player, `input.players.${id}`);
    if (E.isLeft(r)) return r;
    if (r.right >= GOR_CEILING) return fail(`input.players.${id}.rating`, `input.players.${id} enters at ${r.right}; expected a GoR below ${GOR_CEILING}.`);
    pre[id] = { rating: r.right, games: player.games };
  }
  const gamesRated = games.map((g) => (g.goHandicap !== undefined && g.goHandicap.stones > 0 && options.handicapGames === 'not-rated' ? notRated('handicap-not-ratable') : RATED));
  const delta = new Map<string, number>();
  const rated = new Map<string, number>();
  games.forEach((g, i) => {
    if (!itemAt(gamesRated, i, 'game').rated) return;
    for (const [id, opp] of [[g.a, g.b], [g.b, g.a]] as const) {
      delta.set(id, (delta.get(id) ?? 0) + gameChange(g, id, playerIn(pre, id).rating, playerIn(pre, opp).rating));
      rated.set(id, (rated.get(id) ?? 0) + 1);
    }
  });
  const weight = classWeightOf(options, t);
  const out: Record<string, GorPlayer> = { ...pre };
  for (const [id, d] of delta) {
    out[id] = { rating: toThousandths(Math.max(GOR_FLOOR, playerIn(pre, id).rating + weight * d)), games: playerIn(pre, id).games + rated.get(id)! };
  }
  return E.right({ players: out, gamesRated });
};

const decodePlayer = decodeGoPlayer(startingGor, asNumber);

/** A case's `goHandicap` ({"stones": 1..9, "receiver": a or b}), which the shared game decoder does not read. */
const withGoHandicaps = (raw: unknown, games: readonly Game[]): Decoded<Game[]> => {
  const out: Game[] = [];
  for (const [i, g] of games.entries()) {
    const h = (raw as unknown[])[i] as Record<string, unknown>;
    if (h.goHandicap === undefined) { out.push(g); continue; }
    const p = `input.games[${i}].goHandicap`;
    const gh = h.goHandicap;
    if (!isRecord(gh)) return fail(p, `${p} must be {"stones", "receiver"}; got ${show(gh)}.`);
    const stones = asInt(gh.stones, `${p}.stones`, 0);
    if (E.isLeft(stones)) return stones;
    if (stones.right > 9) return fail(`${p}.stones`, `${p}.stones must be 0..9 (the EGD rates no more); got ${stones.right}.`);
    if (gh.receiver !== g.a && gh.receiver !== g.b) return fail(`${p}.receiver`, `${p}.receiver must be "${g.a}" or "${g.b}"; got ${show(gh.receiver)}.`);
    out.push({ ...g, goHandicap: { stones: stones.right, receiver: gh.receiver } });
  }
  return E.right(out);
};

const decodeEvent = (raw: unknown): Decoded<GorTournament> => {
  if (raw === undefined) return E.right({});
  const ev = asRecord(raw, 'input.event');
  if (E.isLeft(ev)) return ev;
  const cl = ev.right.class;
  if (cl === undefined) return E.right({});
  if (typeof cl !== 'string' || !(cl in CLASS_WEIGHTS)) return fail('input.event.class', `input.event.class must be one of "A", "B", "C", "D"; got ${show(cl)}.`);
  return E.right({ tournamentClass: cl });
};

export const egdGorRuleSystem: RuleSystem = {
  id: 'egd-gor',
  version: '2021',
  title: 'European Go Database GoR (2021 revision): Bradley-Terry β, con, bonus, handicap, class weight, floor −900',
  options: docsOf(optionSpecs),
  ops: {
    'rate-event': (rawOptions, input) => {
      const o = decodeOptions<EgdGorOptions>('egd-gor', optionSpecs, rawOptions);
      if (E.isLeft(o)) return o;
      const i = asRecord(input, 'input');
      if (E.isLeft(i)) return i;
      const t = decodeEvent(i.right.event);
      if (E.isLeft(t)) return t;
      const players = decodePlayers(i.right.players, 'input.players', decodePlayer);
      if (E.isLeft(players)) return players;
      const ps = players.right;
      const games = decodeGames(i.right.games, 'input.games', (id) => Object.prototype.hasOwnProperty.call(ps, id));
      if (E.isLeft(games)) return games;
      const withHandicap = withGoHandicaps(i.right.games, games.right);
      if (E.isLeft(withHandicap)) return withHandicap;
      return rateEvent(o.right, t.right, ps, withHandicap.right);
    },
    'expected-score': (rawOptions, input) =>
      pipe(
        decodeOptions<EgdGorOptions>('egd-gor', optionSpecs, rawOptions),
        E.chain(() => pipe(decodeRatingPair(input), E.map(({ rating, opponent }) => ({ value: expectedResult(rating, opponent) })))),
      ),
  },
};
