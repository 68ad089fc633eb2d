/** Named options of the pan-atlantic system (spec §6). */
import { OptionSpec, booleanOption } from '../elo-common/options';
import { integerOption, numberOption } from '../us-shogi-1997/options';

export interface PanAtlanticOptions {
  readonly floor: number | null;
  readonly minRatedPlayers: number;
  readonly maxGamesPerPart: number;
  readonly maxPasses: number;
  readonly europeMinMainMinutes: number;
  readonly europeRatesHandicap: boolean;
  readonly autoRatify: boolean;
  readonly differenceCap: number | null;
}

export const PAN_ATLANTIC_DEFAULTS: PanAtlanticOptions = {
  floor: 1, minRatedPlayers: 2, maxGamesPerPart: 20, maxPasses: 100, europeMinMainMinutes: 45,
  europeRatesHandicap: true, autoRatify: false, differenceCap: null,
};

const d = PAN_ATLANTIC_DEFAULTS;
export const panAtlanticOptionSpecs: readonly OptionSpec[] = [
  integerOption('floor', d.floor, 'Lowest rating ("the lowest rating now being 1"); null = no floor.', { nullable: true }),
  integerOption('minRatedPlayers', d.minRatedPlayers,
    'A part is ratable only with at least this many provisional or established players (seed 6B: "at least two").', { min: 0 }),
  integerOption('maxGamesPerPart', d.maxGamesPerPart,
    'No "tournament" may include more games by one player (seed 6B: "more than twenty games").', { min: 1 }),
  integerOption('maxPasses', d.maxPasses, 'Guard on the iteration of unrated performance ratings ("until no change occurs").', { min: 1 }),
  numberOption('europeMinMainMinutes', d.europeMinMainMinutes, 'Europe: minimum main time, with byoyomi or increment (seed §4: 45 minutes).', { min: 0 }),
  booleanOption('europeRatesHandicap', d.europeRatesHandicap, 'Rate handicap games in region europe (the seed lets FESA refuse them).'),
  booleanOption('autoRatify', d.autoRatify, 'Promote to 5/6-dan directly instead of requesting NSR ratification (seed 6E).'),
  numberOption('differenceCap', d.differenceCap, 'Clamp opp − own to ±cap in stages 2 and 3; null = no cap (FIDE formula "without any changes").', { min: 0, nullable: true }),
];
