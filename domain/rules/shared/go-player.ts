import * as E from 'fp-ts/Either';
import { pipe } from 'fp-ts/function';
import { DEFAULT_ENTRY_RATING, type EntryPolicy, type LegacyBalance, type PlayerFacts } from '../contract';
import { asInt, type Decoded, fail } from '../elo-common/decode';
import { entryRating as entryPolicyRating, goRank, systemGradeText } from './grade-text';

/**
 * A go player's state as the go systems (gobase-go, egd-gor) take it in: a new player (`rating: null`) brings his
 * declared rank or an officer's initialRating, and each system places the rank on its own scale.
 */
export interface GoPlayerInput {
  readonly rating: number | null;
  readonly games: number;
  readonly rank?: string;
  readonly initialRating?: number;
}

/** A system's scale: the starting rating of a rank such as "3-dan", or why it is not a rank. */
export type RankScale = (rank: string, path: string) => Decoded<number>;
/** How a system reads a rating (gobase-go: integers; egd-gor: GoR with decimals). */
export type RatingReader = (v: unknown, path: string) => Decoded<number>;

/** The rating a player enters with: his own, else initialRating, else his rank's place on the system's scale. */
export const goEntryRating = (scale: RankScale) => (p: GoPlayerInput, path = 'input.players'): Decoded<number> => {
  if (p.rating !== null) return E.right(p.rating);
  if (p.initialRating !== undefined) return E.right(p.initialRating);
  if (p.rank !== undefined) return scale(p.rank, `${path}.rank`);
  return fail(`${path}.rank`, `${path} has rating null and neither rank nor initialRating; expected one of them to start from.`);
};

/** The rating a state enters a tournament with, or null when it has none to start from (explain shows no expectation). */
export const goStartRating = (scale: RankScale) => (s: GoPlayerInput): number | null => {
  const r = goEntryRating(scale)(s);
  return E.isRight(r) ? r.right : null;
};

/** A case's go player state, each field named when it is wrong. */
export const decodeGoPlayer = (scale: RankScale, readRating: RatingReader) => (raw: Record<string, unknown>, path: string): Decoded<GoPlayerInput> => {
  if (!('rating' in raw)) return fail(`${path}.rating`, `${path}.rating is missing; expected a rating or null (new player).`);
  const rating = raw.rating === null ? E.right(null) : readRating(raw.rating, `${path}.rating`);
  if (E.isLeft(rating)) return rating;
  if (raw.games === undefined && rating.right !== null) return fail(`${path}.games`, `${path}.games is missing; expected the number of rated games.`);
  const games = raw.games === undefined ? E.right(0) : asInt(raw.games, `${path}.games`, 0);
  if (E.isLeft(games)) return games;
  let p: GoPlayerInput = { rating: rating.right, games: games.right };
  if (raw.initialRating !== undefined) {
    const ir = readRating(raw.initialRating, `${path}.initialRating`);
    if (E.isLeft(ir)) return ir;
    p = { ...p, initialRating: ir.right };
  }
  if (raw.rank !== undefined) {
    if (typeof raw.rank !== 'string') return fail(`${path}.rank`, `${path}.rank must be a rank such as "3-dan".`);
    const sr = scale(raw.rank, `${path}.rank`);
    if (E.isLeft(sr)) return sr;
    p = { ...p, rank: raw.rank };
  }
  return p.rating === null ? pipe(goEntryRating(scale)(p, path), E.map(() => p)) : E.right(p);
};

/** A newcomer: the entry policy's rating, else his declared go rank, else the ledger's default rating. */
export const goNewPlayer = (p: PlayerFacts, entry: EntryPolicy): GoPlayerInput => {
  const rating = entryPolicyRating(p, entry);
  if (rating !== undefined) return { rating: null, games: 0, initialRating: rating };
  const rank = goRank(p.grade);
  return rank !== undefined ? { rating: null, games: 0, rank } : { rating: null, games: 0, initialRating: DEFAULT_ENTRY_RATING };
};

/** A legacy list's go player, or why his grade is not a go rank on the system's scale. */
export const goOpeningState = (scale: RankScale) => (b: LegacyBalance & { readonly games: number }): E.Either<string, GoPlayerInput> => {
  if (b.grade === undefined) return E.right({ rating: b.rating, games: b.games });
  const rank = systemGradeText(b.grade);
  if (rank === undefined || E.isLeft(scale(rank, 'grade'))) return E.left(`grade "${b.grade}" is not a go rank; expected 30-kyu … 1-kyu, 1-dan … 9-dan or 1-pro … 9-pro`);
  return E.right({ rating: b.rating, games: b.games, rank });
};
