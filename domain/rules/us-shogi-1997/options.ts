/**
 * Named options of the two US Shogi 1997 variants (spec §6). An option left out takes the variant's default.
 */
import { OptionSpec, booleanOption, enumOption } from '../elo-common/options';

/** An integer option (optionally ≥ min), or also null when `nullable`. */
export const integerOption = (
  name: string, def: number | null, description: string, opts: { min?: number; nullable?: boolean } = {},
): OptionSpec => {
  const min = opts.min ?? -Infinity;
  const expected = `an integer${min > -Infinity ? ` ≥ ${min}` : ''}${opts.nullable ? ' or null' : ''}`;
  return {
    doc: { name, default: def, values: expected, description },
    reject: (v) =>
      (v === null && opts.nullable) || (typeof v === 'number' && Number.isInteger(v) && v >= min) ? undefined : expected,
  };
};

/** A finite number option, or also null when `nullable`. */
export const numberOption = (
  name: string, def: number | null, description: string, opts: { min?: number; nullable?: boolean } = {},
): OptionSpec => {
  const min = opts.min ?? -Infinity;
  const expected = `a number${min > -Infinity ? ` ≥ ${min}` : ''}${opts.nullable ? ' or null' : ''}`;
  return {
    doc: { name, default: def, values: expected, description },
    reject: (v) =>
      (v === null && opts.nullable) || (typeof v === 'number' && Number.isFinite(v) && v >= min) ? undefined : expected,
  };
};

export type UsVariant = 'text' | 'card';

export interface UsOptions {
  readonly brackets: UsVariant;
  readonly termRounding: 'exact' | 'per-game-half-up' | 'per-game-ceil';
  readonly thresholdCrossing: boolean;
  readonly eventRounding: 'rating-half-up' | 'delta-half-away';
  readonly floor: number | null;
  readonly doublingScope: 'all-events' | 'tournaments-only';
  readonly rateUnofficialHandicaps: boolean;
}

export const US_DEFAULTS: Readonly<Record<UsVariant, UsOptions>> = {
  text: {
    brackets: 'text', termRounding: 'exact', thresholdCrossing: true, eventRounding: 'rating-half-up', floor: 1,
    doublingScope: 'all-events', rateUnofficialHandicaps: false,
  },
  card: {
    brackets: 'card', termRounding: 'per-game-half-up', thresholdCrossing: false, eventRounding: 'rating-half-up',
    floor: 1, doublingScope: 'all-events', rateUnofficialHandicaps: false,
  },
};

export const usOptionSpecs = (variant: UsVariant): readonly OptionSpec[] => {
  const d = US_DEFAULTS[variant];
  return [
    enumOption('brackets', ['text', 'card'], d.brackets,
      'Rating brackets: the article text (2200/2000/1400) or the summary card (2100/1900/1200).'),
    enumOption('termRounding', ['exact', 'per-game-half-up', 'per-game-ceil'], d.termRounding,
      'The percentage-of-difference term: kept as an exact fraction (text, "fractional rating points are accumulated") or rounded per game (card, "1.5 rounded up to 2").'),
    booleanOption('thresholdCrossing', d.thresholdCrossing,
      'Rescale the part of an event change beyond a bracket bound by the new bracket\'s factor (text example 2220 → 2185; the card\'s 1900 → 1886 forbids it).'),
    enumOption('eventRounding', ['rating-half-up', 'delta-half-away'], d.eventRounding,
      'Round the final event rating half up (seed: "the final rating of the tourney then being rounded"), or round the change half away from zero.'),
    integerOption('floor', d.floor, 'Lowest rating (the lowest rank is 1–99); null = no floor.', { nullable: true }),
    enumOption('doublingScope', ['all-events', 'tournaments-only'], d.doublingScope,
      'Where gains under 1200 are doubled: every rated event (the seed calls every event a tournament) or tournaments only.'),
    booleanOption('rateUnofficialHandicaps', d.rateUnofficialHandicaps,
      'Rate 7p (1600) and 8p (2000) games, which the seed calls "not ratable".'),
  ];
};
