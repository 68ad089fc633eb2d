import { danQualification, kFactor, lbStreakLength, lowerBound, midpoint, mpStreakLength, nextGrade, sameGrade, type Grade } from './grades';
import type { FesaDanQualifying, FesaLbCount, FesaPromotion, FesaPromotionRule } from './types';

/** A rating as an exact fraction num/den (interpolated ratings: pre + i·(post−pre)/g, seed 000 §7a last rule). */
export interface Fraction {
  readonly num: number;
  readonly den: number;
}

export interface PromotionState {
  grade: Grade;
  lbCount: FesaLbCount | null;
  mpCount: number | null;
}

export interface PromotionRules {
  readonly provisionalPromotion: 'ub-plus-one' | 'ub';
  readonly lbStreakNeedsMp: boolean;
  readonly lookAhead: boolean;
  /** null = the 7b rule is off; otherwise the player's qualifying games per target dan level. */
  readonly danQualifying: Readonly<Record<number, FesaDanQualifying>> | null;
}

/** Games needed before any grade, and before the established (streak) tests (seed 000 §7a). */
export const PROVISIONAL_GAMES = 9;
export const ESTABLISHED_GAMES = 18;

const atLeast = (r: Fraction, threshold: number): boolean => r.num >= threshold * r.den;

const mayPromoteTo = (target: Grade, rules: PromotionRules): boolean => {
  if (!rules.danQualifying || target.name !== 'Dan') return true;
  const need = danQualification(target.level);
  if (!need) return true;
  const q = rules.danQualifying[target.level];
  return !!q && q.games >= need.games && q.opponents.length > 1;
};

class Promoter {
  readonly promotions: FesaPromotion[] = [];
  constructor(readonly state: PromotionState, readonly rules: PromotionRules) {}

  promote(rule: FesaPromotionRule, gameIndex: number | null): void {
    const from = this.state.grade;
    const to = nextGrade(from);
    this.state.grade = to;
    this.state.lbCount = null;
    this.state.mpCount = null;
    this.promotions.push({ fromLevel: from.level, fromName: from.name, toLevel: to.level, toName: to.name, rule, gameIndex });
  }

  /**
   * Established test for one game at rating r (program's test-promotion): UB of the next grade promotes at once;
   * a game above the next grade's MP extends both streaks (and marks the LB streak as having reached the MP);
   * a game above its LB extends the LB streak and breaks the MP streak; anything lower breaks both.
   */
  established(r: Fraction, gameIndex: number): void {
    const next = nextGrade(this.state.grade);
    const nextUb = lowerBound(nextGrade(next));
    if (atLeast(r, nextUb) && mayPromoteTo(next, this.rules)) {
      this.promote('UB', gameIndex);
      this.established(r, gameIndex);
      return;
    }
    if (atLeast(r, midpoint(next))) {
      if (this.state.mpCount !== null && this.state.lbCount !== null) {
        this.state.lbCount = { n: this.state.lbCount.n + 1, reachedMp: this.state.lbCount.reachedMp };
        this.state.mpCount += 1;
      } else if (this.state.lbCount !== null) {
        this.state.lbCount = { n: this.state.lbCount.n + 1, reachedMp: true };
        this.state.mpCount = 1;
      } else {
        this.state.lbCount = { n: 1, reachedMp: true };
        this.state.mpCount = 1;
      }
      this.aboveLimit(r, gameIndex);
    } else if (atLeast(r, lowerBound(next))) {
      this.state.lbCount = this.state.lbCount !== null ? { n: this.state.lbCount.n + 1, reachedMp: this.state.lbCount.reachedMp } : { n: 1, reachedMp: false };
      this.state.mpCount = null;
      this.aboveLimit(r, gameIndex);
    } else {
      this.state.lbCount = null;
      this.state.mpCount = null;
    }
  }

  private aboveLimit(r: Fraction, gameIndex: number): void {
    const target = nextGrade(this.state.grade);
    const lb = this.state.lbCount;
    if (lb === null) return;
    const byLb = lb.n >= lbStreakLength(target) && (lb.reachedMp || !this.rules.lbStreakNeedsMp);
    const byMp = this.state.mpCount !== null && this.state.mpCount >= mpStreakLength(target);
    if ((byLb || byMp) && mayPromoteTo(target, this.rules)) {
      this.promote(byMp ? 'MP-streak' : 'LB-streak', gameIndex);
      this.established(r, gameIndex);
    }
  }

  /** Games 9–17 (program's test-p-promotion): promote while r reaches LB(G+3) ("UB+1"), or LB(G+2) by the prose. */
  provisional(r: Fraction, gameIndex: number): void {
    for (;;) {
      const next = nextGrade(this.state.grade);
      const afterNext = nextGrade(next);
      const threshold = this.rules.provisionalPromotion === 'ub-plus-one' ? lowerBound(nextGrade(afterNext)) : lowerBound(afterNext);
      if (!atLeast(r, threshold) || !mayPromoteTo(next, this.rules)) return;
      this.promote('provisional-UB+1', gameIndex);
    }
  }
}

export interface PromotionInput {
  readonly state: PromotionState;
  /** Rating before the event; for a provisional player the new rating (every entry tested at it). */
  readonly from: number;
  readonly to: number;
  /** Entries of the game list used for rating (provisional: history + synthetic + this event). */
  readonly games: number;
  /** Total games after the event. */
  readonly totalGames: number;
}

/**
 * Grade promotion after an event (seed 000 §7a; the program's find-promotions). The rating change is spread
 * evenly over the games ("the total rating change for a tournament is divided equally on all games"), each game
 * is tested with its cumulative game number, then the "bound to get it" look-ahead runs 20 hypothetical games
 * losing K(r) each; if that copy would be promoted, the player is promoted one grade now.
 */
export const promoteAfterEvent = (input: PromotionInput, rules: PromotionRules): { state: PromotionState; promotions: FesaPromotion[] } => {
  const state: PromotionState = { ...input.state };
  const p = new Promoter(state, rules);
  const { from, to, games, totalGames } = input;
  for (let i = 1; i <= games; i++) {
    const r: Fraction = { num: from * games + i * (to - from), den: games };
    const cumulative = totalGames - games + i;
    if (cumulative >= ESTABLISHED_GAMES) p.established(r, i);
    else if (cumulative >= PROVISIONAL_GAMES) p.provisional(r, i);
  }
  if (rules.lookAhead && totalGames >= ESTABLISHED_GAMES) {
    const copy = new Promoter({ ...state }, rules);
    let rating = to - kFactor(to);
    for (let i = games + 1; i <= games + 20; i++) {
      copy.established({ num: rating, den: 1 }, i);
      rating -= kFactor(rating);
      // The rating only falls from here: once it is below the lower bound of the grade above, every further game
      // just breaks the streaks and the copy's grade is final. (The next game would look up the same grades, so
      // stopping here raises no error the remaining games would not have raised.)
      if (i < games + 20 && rating < lowerBound(nextGrade(copy.state.grade))) break;
    }
    if (!sameGrade(copy.state.grade, state.grade)) p.promote('look-ahead', null);
  }
  return { state, promotions: p.promotions };
};
