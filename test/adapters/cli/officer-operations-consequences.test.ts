import { createHash } from 'crypto';
import * as fs from 'fs';
import * as path from 'path';
import { describe, expect, it } from 'vitest';
import { cliBuilt, nekomadoTournaments, officerLedger } from '../../support/helpers';

/**
 * The rule sets' officer operations answer with what they change, as every write does (issue 32, point 1): a
 * one-time conversion's adjustments as the rule set's list shows them, the same under --dry-run, which records
 * nothing; a redetermination of a player the rule set does not rate yet changes nothing and says so.
 */

interface Change { readonly tournament: string; readonly date: string; readonly player: string; readonly ruleSet: string; readonly before: { rating: number | null }; readonly after: { rating: number | null } }
interface Answer { readonly dryRun: boolean; readonly appended: number; readonly changes: Change[] }

describe.skipIf(!cliBuilt())('rules convert and rules redetermine answer with the ratings they change', () => {
  it('a conversion from FESA to pan-atlantic: none -> each player\'s converted rating, as the list gives it', async () => {
    const { ok, db, dir } = officerLedger('officer-operations');
    await ok('fesa', 'import', nekomadoTournaments(path.join(dir, 'club'), ['01', '02', '03']));
    const checksum = () => createHash('sha256').update(fs.readFileSync(db)).digest('hex');
    const convert = ['rules', 'convert', '--rules', 'pan-atlantic', '--source', 'fesa', '--date', '2016-12-31', '--reason', 'the federation moves', '--json'];
    const sum = checksum();
    const dry = JSON.parse(await ok(...convert, '--dry-run')) as Answer;
    expect({ dryRun: dry.dryRun, same: checksum() === sum }).toEqual({ dryRun: true, same: true });
    const real = JSON.parse(await ok(...convert)) as Answer;
    expect({ dryRun: real.dryRun, changes: real.changes }).toEqual({ dryRun: false, changes: dry.changes });
    expect(real.appended).toBeGreaterThan(0);
    const list = JSON.parse(await ok('list', '--rules', 'pan-atlantic', '--json')) as { players: { id: string; rating: number }[] };
    expect(real.changes.map((c) => [c.tournament, c.date, c.ruleSet, c.player, c.before.rating, c.after.rating])).toEqual(
      list.players.map((p) => ['-', '2016-12-31', 'pan-atlantic', p.id, null, p.rating]).sort((a, b) => String(a[3]).localeCompare(String(b[3]))),
    );

    // a redetermination of a player the rule set has not rated leaves every list as it was
    await ok('player', 'add', '--id', 'X1', '--family', 'Nyberg', '--country', 'NO', '--date', '2017-01-01');
    const text = await ok('rules', 'redetermine', 'X1', '--grade', '2-kyu', '--date', '2017-01-05', '--reason', 'back after years', '--dry-run');
    expect(text).toBe('X1 redetermined at 2-kyu (dry run, nothing recorded)\nno rating or grade changed\n');
  }, 60_000);
});
