/**
 * The pan-atlantic shogi rating-grade-handicap system `pan-atlantic` (spec ../shared/rules/pan-atlantic.md,
 * seed 002).
 */
import * as E from 'fp-ts/Either';
import { pipe } from 'fp-ts/function';
import { RuleSystem } from '../rule-system';
import { asInt, asRecord, fail } from '../elo-common/decode';
import { conversionOp, rateEventOp } from '../elo-common/case-ops';
import { decodeOptions, docsOf } from '../elo-common/options';
import { PanAtlanticOptions, panAtlanticOptionSpecs } from './options';
import { rateEvent } from './rate-event';
import { convertToPanAtlantic, driftCorrection, redetermine } from './officer';
import { performanceRating } from './performance';
import { decodeCurrent, decodeEntries, decodeEvent, decodeGrade, decodePanPlayer, decodePanPlayers, decodeSnapshot } from './decode';

export { rateEvent, applyChange, categoryOf, clubGradeGames, NEW_PLAYER } from './rate-event';
export type { PanEvent, PanPlayer, PanEventResult, Category } from './rate-event';
export { convertToPanAtlantic, driftCorrection, redetermine } from './officer';
export type { DriftCorrection, DriftSnapshotPlayer, DriftCurrentPlayer } from './officer';
export { performanceRating, solvePerformance } from './performance';
export type { Entry } from './performance';
export { PAN_ATLANTIC_DEFAULTS } from './options';
export type { PanAtlanticOptions } from './options';
export { GRADES, GRADE_TABLE, HANDICAP_VALUES, kFactor } from './tables';
export type { Grade } from './tables';
export type { StreakEntry, GradeState } from './promotion';

export const PAN_ATLANTIC_VERSION = '1997.1';
const ID = 'pan-atlantic';

const options = (raw: unknown) => decodeOptions<PanAtlanticOptions>(ID, panAtlanticOptionSpecs, raw);

export const panAtlantic: RuleSystem = {
  id: ID,
  version: PAN_ATLANTIC_VERSION,
  title: 'Pan-atlantic shogi rating-grade-handicap system (proposal): FIDE logistic Elo, three categories, Table I grades',
  options: docsOf(panAtlanticOptionSpecs),
  ops: {
    'rate-event': rateEventOp(options, decodeEvent, decodePanPlayers, rateEvent),
    'one-time-conversion': conversionOp(options, (rating, o) => convertToPanAtlantic(rating, o.floor)),
    'drift-correction': (rawOptions, rawInput) =>
      pipe(
        E.Do,
        E.bind('o', () => options(rawOptions)),
        E.bind('input', () => asRecord(rawInput, 'input')),
        E.bind('snapshot', ({ input }) => decodeSnapshot(input.snapshot, 'input.snapshot')),
        E.bind('current', ({ input }) => decodeCurrent(input.current, 'input.current')),
        E.bind('requested', ({ input }) => asInt(input.requested, 'input.requested')),
        E.map(({ snapshot, current, requested }) => driftCorrection(snapshot, current, requested)),
      ),
    redetermine: (rawOptions, rawInput) =>
      pipe(
        E.Do,
        E.bind('o', () => options(rawOptions)),
        E.bind('input', () => asRecord(rawInput, 'input')),
        E.bind('player', ({ input }) =>
          pipe(asRecord(input.player, 'input.player'), E.chain((raw) => decodePanPlayer(raw, 'input.player')))),
        E.bind('clubGrade', ({ input }) => decodeGrade(input.clubGrade, 'input.clubGrade')),
        E.map(({ player, clubGrade }) => ({ player: redetermine(player, clubGrade) })),
      ),
    'performance-rating': (rawOptions, rawInput) =>
      pipe(
        E.Do,
        E.bind('o', () => options(rawOptions)),
        E.bind('input', () => asRecord(rawInput, 'input')),
        E.bind('entries', ({ input }) => decodeEntries(input.entries, 'input.entries')),
        E.chain(({ o, entries }) => {
          const value = performanceRating(entries, o.floor);
          return value === undefined
            ? fail('input.entries', `input.entries must hold games with a mixed score (not all wins, not all losses, not empty) to have a performance rating; got ${entries.length} entries scoring ${entries.reduce((s, [, v]) => s + v, 0)}.`)
            : E.right({ value });
        }),
      ),
  },
};
