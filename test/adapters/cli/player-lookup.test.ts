/**
 * Issue 32: `history Hansen` said "unknown player" without looking the name up. A player is named by his id or by
 * his name as the ledger knows it now (any of its words, any case or order): one match is him, several are listed
 * with their ids, none is an unknown player (exit 2) with the nearest name if one is near; a merged id is found by its
 * registered name.
 */
import { describe, expect, it } from 'vitest';
import { ledger, officerLedger } from '../../support/helpers';

describe('history and explain take a name', () => {
  it('finds the one player of that name, lists namesakes with their ids, and refuses a name nobody has', async () => {
    const { ok, db } = officerLedger('player-lookup');
    await ok('init');
    await ok('player', 'add', '--id', 'P1', '--family', 'Hansen', '--given', 'Ola', '--country', 'NO');
    await ok('player', 'add', '--id', 'P2', '--family', 'Berg', '--given', 'Kari', '--country', 'NO');
    await ok('player', 'add', '--id', 'P3', '--family', 'Hanssen', '--given', 'Ola', '--country', 'NO');
    const byId = await ok('history', 'P1', '--json');
    expect(await ok('history', 'Hansen', '--json')).toBe(byId);
    expect(await ok('history', 'ola HANSEN', '--json')).toBe(byId);
    expect(JSON.parse(await ok('explain', 'kari berg', '--json'))).toEqual(JSON.parse(await ok('explain', 'P2', '--json')));
    const several = await ledger('history', 'Ola', '--db', db);
    expect([several.code, several.err.trim()]).toEqual([2, 'ledger: "Ola" names 2 players: P1 (Hansen Ola), P3 (Hanssen Ola); give the id']);
    const none = await ledger('history', 'Nobody', '--db', db);
    expect([none.code, none.err.trim()]).toEqual([2, 'ledger: unknown player "Nobody": no player has that id or name']);
    // a mistyped name is answered with the nearest one, as a mistyped command or flag is
    const typo = await ledger('history', 'Hansn', '--db', db);
    expect([typo.code, typo.err.trim()]).toEqual([2, 'ledger: unknown player "Hansn": no player has that id or name; did you mean Hansen Ola (P1)?']);

    // a merged id is found by the name it was registered under, and one person under two ids is one match
    await ok('player', 'merge', 'P1', 'P3', '--reason', 'one person registered twice');
    expect(await ok('history', 'Hanssen Ola', '--json')).toBe(await ok('history', 'P3', '--json'));
    expect(await ok('history', 'Ola', '--json')).toBe(await ok('history', 'P1', '--json'));
  });
});
