import * as E from 'fp-ts/Either';
import { eventPlayerName } from './event-check';
import { danQualification, FesaGradeError } from './grades';
import { opponentRating, type Field } from './iteration';
import { countedGames, fail, type Participant } from './participants';
import { promoteAfterEvent } from './promotion';
import type { FesaDanQualifying, FesaError, FesaHistoryGame, FesaHome, FesaPlayer, FesaPlayerReport } from './types';

/**
 * Step 3 of rating an event: a player's record after it — rating, game count or provisional history, bonus count,
 * home list date (the program's inc-games), dan-qualifying games, then grade promotions (§6) — and his report line.
 */

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

/** The report line of a player the program does not rate (a simultaneous-display giver, a nameless player). */
export const notRatedReport = (p: Participant): FesaPlayerReport => ({ lastName: p.ev.lastName, firstName: p.ev.firstName, method: 'not-rated', preRating: 0, postRating: p.change, promotions: [] });

export const recordAfterEvent = (
  field: Field,
  p: Participant,
  origin: string,
  date: string,
): E.Either<FesaError, { readonly record: FesaPlayer; readonly report: FesaPlayerReport }> => {
  const { options } = field;
  const counted = countedGames(p, options);
  const games: FesaPlayer['games'] = p.provisional
    ? counted.map((g): FesaHistoryGame => ({ opponentRating: opponentRating(field, p, g), score: g.score, weight: 1 }))
    : p.totalAfter;
  const bonusCount = p.provisional ? 0 : Math.min(100, p.record.bonusCount + p.games.length);
  const nationalityList = stampHome(p.record.nationalityList, origin, date, eventPlayerName(p.ev));
  if (E.isLeft(nationalityList)) return nationalityList;

  const danQualifying = options.danQualifyingGames ? countDanQualifying(field, p) : null;
  const from = p.elo === 0 ? p.elo + p.change : p.elo;
  const to = p.elo + p.change;
  const { state, promotions } = withPlayer(() => eventPlayerName(p.ev), () => promoteAfterEvent(
    {
      state: { grade: { level: p.record.gradeLevel, name: p.record.gradeName }, lbCount: p.record.lbCount, mpCount: p.record.mpCount },
      from,
      to,
      games: counted.length,
      totalGames: typeof games === 'number' ? games : games.length,
    },
    {
      provisionalPromotion: options.provisionalPromotion,
      lbStreakNeedsMp: options.lbStreakNeedsMp,
      lookAhead: options.lookAhead,
      danQualifying,
    },
  ));
  // Every field written out (no spread of the old record): records made here all share one shape, which keeps the
  // code that reads them later fast.
  const extension = danQualifying ? { ...p.record.extension, danQualifying } : p.record.extension;
  const record: Mutable<FesaPlayer> = {
    lastName: p.record.lastName,
    firstName: p.record.firstName,
    nationalityList: nationalityList.right,
    gradeLevel: state.grade.level,
    gradeName: state.grade.name,
    nsrGradeLevel: p.record.nsrGradeLevel,
    nsrGradeName: p.record.nsrGradeName,
    eloNumber: to,
    games,
    lastPlayed: date,
    lbCount: state.lbCount,
    mpCount: state.mpCount,
    bonusCount,
  };
  if (extension) record.extension = extension;
  const report: FesaPlayerReport = {
    lastName: p.ev.lastName,
    firstName: p.ev.firstName,
    method: p.provisional ? 'performance' : 'standard',
    preRating: p.record.eloNumber,
    postRating: to,
    ...p.report,
    promotions,
  };
  return E.right({ record, report });
};

/** Runs f; a grade error names the player (the name is only made then). */
const withPlayer = <A>(who: () => string, f: () => A): A => {
  try {
    return f();
  } catch (e) {
    if (e instanceof FesaGradeError) throw new FesaGradeError(`Grade promotion of ${who()}: ${e.message}.`);
    throw e;
  }
};

/** The HOME entry of the event's origin gets the event date; created from the first entry when missing. */
const stampHome = (homes: readonly FesaHome[], origin: string, date: string, who: string): E.Either<FesaError, FesaHome[]> => {
  const at = homes.findIndex((h) => h.list === origin);
  if (at >= 0) return E.right(homes.map((h, i) => (i === at ? { list: h.list, nationality: h.nationality, residens: h.residens, last: date } : h)));
  if (homes.length === 0) return fail('unsupported', `${who} has an empty NATIONALITY-LIST; the program needs one HOME entry to copy.`);
  return E.right([{ ...homes[0]!, list: origin, last: date }, ...homes]);
};

/**
 * Seed 000 §7b: games against at least the MP of the grade below a dan grade, and from how many opponents.
 * Counted per target dan level from this event's games at the opponents' final ratings.
 */
const countDanQualifying = (field: Field, p: Participant): Record<number, FesaDanQualifying> => {
  const out: Record<number, FesaDanQualifying> = { ...(p.record.extension?.danQualifying ?? {}) };
  for (const g of p.games) {
    if (g.kind !== 'event') continue;
    const rating = opponentRating(field, p, { ...g, handicap: undefined });
    const name = eventPlayerName(field.participants[g.opponent]!.ev);
    for (let dan = 1; dan <= 5; dan++) {
      const need = danQualification(dan);
      if (!need || rating < need.minOpponent) continue;
      const prev = out[dan] ?? { games: 0, opponents: [] };
      out[dan] = { games: prev.games + 1, opponents: prev.opponents.includes(name) ? prev.opponents : [...prev.opponents, name] };
    }
  }
  return out;
};
