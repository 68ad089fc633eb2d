/**
 * The `rate-event` and `one-time-conversion` ops of the shogi rule systems whose cases share one shape
 * (../shared/rules/README.md: `input.event`, `input.players`, `input.games`; a conversion's `input.players` with
 * ratings only): decoded field by field, each error naming its path, then handed to the system's own function.
 */
import * as E from 'fp-ts/Either';
import { pipe } from 'fp-ts/function';
import type { RuleError, RuleOp } from '../rule-system';
import { asIntOrNull, asRecord, decodeGames, decodePlayers, type Decoded } from './decode';
import type { Game } from './game';

type Decoder<A> = (v: unknown, path: string) => Decoded<A>;

/** `rate-event`: the options, the event, the players and the games (each naming a player of the case), then `rate`. */
export const rateEventOp = <O, Ev, P>(
  options: (raw: unknown) => Decoded<O>,
  decodeEvent: Decoder<Ev>,
  decodePlayersOf: Decoder<Record<string, P>>,
  rate: (o: O, event: Ev, players: Record<string, P>, games: Game[]) => E.Either<RuleError, unknown>,
): RuleOp => (rawOptions, rawInput) =>
  pipe(
    E.Do,
    E.bind('o', () => options(rawOptions)),
    E.bind('input', () => asRecord(rawInput, 'input')),
    E.bind('event', ({ input }) => decodeEvent(input.event, 'input.event')),
    E.bind('players', ({ input }) => decodePlayersOf(input.players, 'input.players')),
    E.bind('games', ({ input, players }) => decodeGames(input.games, 'input.games', (id) => Object.prototype.hasOwnProperty.call(players, id))),
    E.chain(({ o, event, players, games }) => rate(o, event, players, games)),
  );

/** A case's players with a rating each, or null for an unrated one. */
export const decodeRatingsOnly = (v: unknown, path: string): Decoded<Record<string, { rating: number | null }>> =>
  decodePlayers(v, path, (raw, p) => {
    const r = asIntOrNull(raw.rating, `${p}.rating`);
    return E.isLeft(r) ? r : E.right({ rating: r.right });
  });

/** `one-time-conversion`: every player's rating converted by the system's rule; an unrated player stays unrated. */
export const conversionOp = <O>(options: (raw: unknown) => Decoded<O>, convert: (rating: number, o: O) => number): RuleOp => (rawOptions, rawInput) =>
  pipe(
    E.Do,
    E.bind('o', () => options(rawOptions)),
    E.bind('input', () => asRecord(rawInput, 'input')),
    E.bind('players', ({ input }) => decodeRatingsOnly(input.players, 'input.players')),
    E.map(({ o, players }) => ({
      players: Object.fromEntries(Object.entries(players).map(([id, p]) => [id, { rating: p.rating === null ? null : convert(p.rating, o) }])),
    })),
  );
