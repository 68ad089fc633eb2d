import * as E from 'fp-ts/Either';
import * as pan from '../../domain/rules/pan-atlantic';
import { ESTABLISHED_FROM_GAMES, PROVISIONAL_FROM_GAMES } from '../../domain/rules/pan-atlantic/tables';
import * as us from '../../domain/rules/us-shogi-1997';
import { startingRating } from '../../domain/rules/gobase-go';
import { usRankOf, type GenericRuleSetId } from './systems';

/**
 * An officer's opening balance (`ledger player balance`) as a rule set's own player state: what a legacy list gives
 * (a rating, maybe a games count and a grade) in the shape that system folds. The rule set's decoder still checks
 * the result when the balance is decided; this only builds it and refuses what the system cannot hold (a grade under
 * a system without grades, a grade off its scale).
 */
export interface LegacyBalance {
  readonly rating: number;
  readonly games?: number;
  /** In the ledger's text ("3 Kyu", "2 Dan", "Pro 1") or the system's own ("3-kyu", "2-dan"). */
  readonly grade?: string;
  readonly birthYear?: number;
}

/**
 * Games a legacy rating counts for when the list does not say: the count from which the system treats a player as
 * established (FIDE's K 40 ends at 30 games, as for TRF ratings; pan-atlantic's established category at 15); the
 * systems that only count games start the count at 0.
 */
export const DEFAULT_BALANCE_GAMES: Readonly<Record<GenericRuleSetId, number>> = {
  'us-shogi-1997-text': 0, 'us-shogi-1997-card': 0, 'pan-atlantic': ESTABLISHED_FROM_GAMES, 'gobase-go': 0, fide: 30, 'uscf-k': 0,
};

/** "3 Kyu" / "3-kyu" → "3-kyu", "2 Dan" → "2-dan", "Pro 1" / "1-pro" → "1-pro"; undefined when it is no grade. */
export const systemGradeText = (grade: string): string | undefined => {
  const pro = /^pro(?: (\d+))?$/i.exec(grade.trim());
  if (pro) return `${Number(pro[1] ?? 1)}-pro`;
  const m = /^(\d+)[ -](kyu|dan|pro)$/i.exec(grade.trim());
  return m ? `${Number(m[1])}-${m[2]!.toLowerCase()}` : undefined;
};

const onScale = (grade: string, scale: readonly string[], system: string): E.Either<string, string> => {
  const g = systemGradeText(grade);
  return g !== undefined && scale.includes(g)
    ? E.right(g)
    : E.left(`grade "${grade}" is not on the ${system} scale; expected ${scale[0]} … ${scale[scale.length - 1]} (or the ledger's "3 Kyu", "2 Dan")`);
};

export const openingState = (ruleSet: GenericRuleSetId, b: LegacyBalance): E.Either<string, Record<string, unknown>> => {
  const games = b.games ?? DEFAULT_BALANCE_GAMES[ruleSet];
  switch (ruleSet) {
    case 'fide':
    case 'uscf-k':
      if (b.grade !== undefined) return E.left(`${ruleSet} has no grades; leave the grade out`);
      // reached2400 is kept for ever by the system; a legacy rating at or above it has reached it
      return E.right({ rating: b.rating, games, birthYear: b.birthYear ?? null, reached2400: b.rating >= 2400 });
    case 'gobase-go': {
      if (b.grade === undefined) return E.right({ rating: b.rating, games });
      const rank = systemGradeText(b.grade);
      if (rank === undefined || E.isLeft(startingRating(rank))) return E.left(`grade "${b.grade}" is not a go rank; expected 30-kyu … 1-kyu, 1-dan … 9-dan or 1-pro … 9-pro`);
      return E.right({ rating: b.rating, games, rank });
    }
    case 'pan-atlantic': {
      if (games < PROVISIONAL_FROM_GAMES) return E.left(`pan-atlantic rates a player from his ${PROVISIONAL_FROM_GAMES}th game, so a rating needs games ${PROVISIONAL_FROM_GAMES} or more; got ${games}`);
      const grade = b.grade === undefined ? E.right(null) : onScale(b.grade, pan.GRADES, 'pan-atlantic grade');
      return E.map((g: string | null) => ({ ...pan.NEW_PLAYER, rating: b.rating, games, grade: g }))(grade);
    }
    case 'us-shogi-1997-text':
    case 'us-shogi-1997-card': {
      // a list without ranks: the rank whose range holds the rating, as a starting rating's rank
      const rank = b.grade === undefined ? E.right<string, string>(usRankOf(b.rating)) : onScale(b.grade, us.US_RANKS, 'US Shogi rank');
      return E.map((r: string) => ({ rating: b.rating, rank: r, games, streaks: {} }))(rank);
    }
  }
};
