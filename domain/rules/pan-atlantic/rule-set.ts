import * as E from 'fp-ts/Either';
import { logisticExpected } from '../elo-common/elo';
import type { Game } from '../elo-common/game';
import { describedBy, typedOptions, type RuleSet } from '../contract';
import { entryRating, onScale, receivesHandicap, shogiGrade } from '../shared/grade-text';
import { ESTABLISHED_FROM_GAMES, NSR_GRADES, PROVISIONAL_FROM_GAMES } from './tables';
import * as pan from './index';

const bonus = (g: Game, id: string): number => (receivesHandicap(g, id) ? pan.HANDICAP_VALUES[g.handicap!.type] ?? 0 : 0);

const nextGrade = (g: pan.Grade): pan.Grade | undefined => pan.GRADES[pan.GRADES.indexOf(g) + 1];

const promotionRule = (g: pan.Grade, post: number | null): string => {
  const row = pan.GRADE_TABLE[g];
  if (NSR_GRADES.includes(g)) return `${row.lbGames} consecutive games at or above ${row.lb} with one at or above ${row.mp}, ratified (§4.2)`;
  const next = nextGrade(g);
  if (post !== null && next !== undefined && post >= pan.GRADE_TABLE[next].lb) {
    return `rule 3: a rating of ${post} after the tournament reaches ${pan.GRADE_TABLE[next].lb}, the lower bound of ${next} (§4.1)`;
  }
  const mp = row.mpGames === null ? '' : `, or at or above ${row.mp} (its midpoint) over ${row.mpGames}`;
  return `rules 1–2: a rating at or above ${row.lb} (the lower bound of ${g}) over ${row.lbGames} consecutive games${mp} (§4.1)`;
};

const ratificationRule = (g: pan.Grade): string => {
  const row = pan.GRADE_TABLE[g];
  return `${row.lbGames} consecutive games at or above ${row.lb} with one at or above ${row.mp}; ${g} is the NSR's to award (§4.2)`;
};

/** The pan-atlantic proposal: unrated, provisional and established players, grades (§4.1) and NSR ratification (§4.2). */
export const panAtlanticRuleSet: RuleSet<pan.PanPlayer, pan.PanAtlanticOptions> = {
  ...describedBy(pan.panAtlantic),
  options: typedOptions(pan.panAtlantic, pan.PAN_ATLANTIC_DEFAULTS),
  newPlayer: (p, entry) => {
    const clubGrade = shogiGrade(p.grade) ?? null;
    const start = entryRating(p, entry);
    // Entering rated means entering as a provisional player: "a provisional rating after 4 games" (seed 6C).
    return start !== undefined ? { ...pan.NEW_PLAYER, clubGrade, rating: start, games: 4 } : { ...pan.NEW_PLAYER, clubGrade };
  },
  // a tournament rated as played in its own region: Europe's time-control and handicap rules differ (spec §2.1)
  rateTournament: (o, t, players, games) => pan.rateEvent(o, { region: t.region ?? 'america', orderKnown: true }, players, games),
  rating: (s) => s.rating,
  games: (s) => s.games,
  provisional: (s) => pan.categoryOf(s) === 'provisional',
  grades: {
    of: (s) => s.grade,
    ruleOf: (to, rating) => ({ kind: 'promotion', rule: promotionRule(to as pan.Grade, rating) }),
    ratification: { requested: (s) => s.pendingRatification, ruleOf: (g) => ratificationRule(g as pan.Grade) },
    // The NSR's award (seed 6E): the grade is his from then on, and a request it answers is no longer pending.
    award: (s, grade) => E.map((g: string) => ({ ...s, grade: g as pan.Grade, pendingRatification: s.pendingRatification !== null && pan.GRADES.indexOf(g as pan.Grade) >= pan.GRADES.indexOf(s.pendingRatification) ? null : s.pendingRatification }))(onScale(grade, pan.GRADES, 'pan-atlantic grade')),
  },
  // §4.1: the runs of games at or above each grade's lower bound and midpoint, which rules 1–2 promote by
  counters: (s) => {
    const out: Record<string, number> = {};
    for (const [grade, run] of Object.entries(s.streaks)) {
      if (run === undefined) continue;
      if (run.lb > 0) out[`lbStreak.${grade}`] = run.lb;
      if (run.mp > 0) out[`mpStreak.${grade}`] = run.mp;
    }
    return out;
  },
  // A rating needs 4 games in this system: an officer-set rating makes an unrated player provisional.
  setRating: (s, rating) => ({ ...s, rating, games: Math.max(s.games, 4), record: [] }),
  redetermine: (s, grade) => ((pan.GRADES as readonly string[]).includes(grade) ? pan.redetermine(s, grade as pan.Grade) : s),
  oneTimeConversion: (r) => pan.convertToPanAtlantic(r, pan.PAN_ATLANTIC_DEFAULTS.floor),
  defaultBalanceGames: ESTABLISHED_FROM_GAMES,
  openingState: (b) => {
    if (b.games < PROVISIONAL_FROM_GAMES) return E.left(`pan-atlantic rates a player from his ${PROVISIONAL_FROM_GAMES}th game, so a rating needs games ${PROVISIONAL_FROM_GAMES} or more; got ${b.games}`);
    const grade = b.grade === undefined ? E.right(null) : onScale(b.grade, pan.GRADES, 'pan-atlantic grade');
    return E.map((g: string | null) => ({ ...pan.NEW_PLAYER, rating: b.rating, games: b.games, grade: g as pan.Grade | null }))(grade);
  },
  expectedScore: (_o, a, b, g) => {
    if (a.rating === null || b.rating === null) return null;
    return logisticExpected(a.rating + bonus(g, g.a), b.rating + bonus(g, g.b));
  },
  gameTerms: (_o, _t, me, opp, g, meId) => {
    const oppId = meId === g.a ? g.b : g.a;
    const category = pan.categoryOf(me);
    const stage = category === 'unrated' ? 1 : category === 'provisional' ? 2 : 3;
    const expected = me.rating === null || opp.rating === null ? null : logisticExpected(me.rating + bonus(g, meId), opp.rating + bonus(g, oppId));
    return {
      opponentRatingUsed: opp.rating,
      expected,
      terms: {
        category, stage,
        ...(me.rating !== null ? { K: pan.kFactor(me.rating) } : { performance: 'iterated performance rating (stage 1)' }),
        ...(category === 'provisional' ? { multiplier: '20/N (N = games after the part, when < 20)' } : {}),
        ...(bonus(g, meId) > 0 ? { handicapBonus: bonus(g, meId) } : {}),
      },
    };
  },
};
