import * as fs from 'fs';
import * as path from 'path';
import { describe, expect, it } from 'vitest';
import { chainOf, eventDate, ledger, listAsOf, nekomadoChain, tempDir } from '../support/helpers';

/**
 * Identity fixes are facts with a reason and an actor, and hold for the player's whole record. Hand-checked on the
 * club archive: renaming N2 must give, as of every event date, exactly the program's post list with N2's name
 * replaced — nothing else in any list, history or explanation moves.
 */
describe('player correct / rename (issue 13)', () => {
  it('a rename shows in every list, history and explanation, before and after the renamed events; the list as known before it is unchanged', async () => {
    const folders = nekomadoChain().slice(0, 4);
    const db = path.join(tempDir('identity'), 'ledger.db');
    expect((await ledger('fesa', 'import', chainOf(folders), '--db', db)).code).toBe(0);
    const history = JSON.parse((await ledger('history', 'N2', '--json', '--db', db)).out);
    const explained = JSON.parse((await ledger('explain', 'N2', '--json', '--db', db)).out);
    const head = JSON.parse((await ledger('checksum', '--json', '--db', db)).out);

    const renamed = await ledger('player', 'rename', '--id', 'N2', '--family', 'Nakamura', '--given', 'Taro', '--reason', 'name as registered with FESA', '--db', db, '--actor', 'kari');
    expect(renamed).toMatchObject({ code: 0, err: '' });
    const fact = JSON.parse((await ledger('events', '--type', 'PlayerRegistrationCorrected', '--json', '--db', db)).out.trim()).event;
    expect(fact).toMatchObject({ playerId: 'N2', familyName: 'Nakamura', givenName: 'Taro', reason: 'name as registered with FESA', actor: 'kari' });

    for (const folder of folders) {
      const post = fs.readFileSync(path.join(folder, 'ratingliste.post'), 'latin1');
      expect(post).toContain(':LAST-NAME "N2" :FIRST-NAME ""');
      const expected = post.replace(':LAST-NAME "N2" :FIRST-NAME ""', ':LAST-NAME "Nakamura" :FIRST-NAME "Taro"');
      expect({ folder: path.basename(folder), list: (await listAsOf(db, eventDate(folder))).toString('latin1') }).toEqual({ folder: path.basename(folder), list: expected });
      // as the ledger knew it before the rename: the program's list itself
      expect((await listAsOf(db, eventDate(folder), ['--known-at', String(head.events)])).toString('latin1')).toBe(post);
    }
    // the same numbers, the new name
    expect(JSON.parse((await ledger('history', 'N2', '--json', '--db', db)).out).ratings).toEqual(history.ratings);
    type Explained = { tournaments: { report: { lastName: string; firstName: string } }[] };
    const explainedAfter = JSON.parse((await ledger('explain', 'N2', '--json', '--db', db)).out) as Explained;
    expect(explainedAfter.tournaments.map((t) => [t.report.lastName, t.report.firstName])).toEqual(explainedAfter.tournaments.map(() => ['Nakamura', 'Taro']));
    const withoutName = (e: Explained) => e.tournaments.map((t) => ({ ...t, report: { ...t.report, lastName: '', firstName: '' } }));
    expect(withoutName(explainedAfter)).toEqual(withoutName(explained as Explained));
    // a correction of the country and club only
    expect(await ledger('player', 'correct', '--id', 'N2', '--club', 'Nekomado', '--reason', 'club form', '--db', db)).toMatchObject({ code: 0 });
    expect(JSON.parse((await ledger('player', 'show', 'N2', '--json', '--db', db)).out)).toMatchObject({ family: 'Nakamura', given: 'Taro', club: 'Nekomado' });
    // a name another player has is a merge, not a rename
    expect(await ledger('player', 'rename', '--id', 'N8', '--family', 'Nakamura', '--given', 'Taro', '--reason', 'x', '--db', db)).toMatchObject({ code: 1, err: 'ledger: Nakamura Taro (N2) already has the name Nakamura Taro; if they are the same person, that is a merge, not a rename\n' });
  });
});
