import * as fs from 'fs';
import * as path from 'path';
import { FIXTURES } from './helpers';

/** FIDE's sample report the submission tests correct (test/fixtures/trf). */
export const GRANDMOMMYSCUP = path.join(FIXTURES, 'trf', 'grandmommyscup.trf');

/** The report's lines as the file holds them (latin1, as TRF16 is written). */
export const grandmommyscupLines = (): string[] => fs.readFileSync(GRANDMOMMYSCUP, 'latin1').split('\n');

/**
 * The report corrected as an arbiter would: in round 1 player 1 beat player 51 instead of drawing (game r1-51-1), the
 * points of both said to match.
 */
export const round1Corrected = (lines: readonly string[]): string[] =>
  lines.map((l) =>
    l.startsWith('001    1 ') ? l.replace(' 8.0 ', ' 8.5 ').replace('   51 b =', '   51 b 1') : l.startsWith('001   51 ') ? l.replace(' 6.5 ', ' 6.0 ').replace('     1 w =', '     1 w 0') : l,
  );
