import * as path from 'path';
import * as E from 'fp-ts/Either';
import { describe, expect, it } from 'vitest';
import { playerCareer } from '../../../projections/fesa/career';
import { explainPlayer } from '../../../projections/fesa/explain';
import { LiveProjections } from '../../../src/adapters/http/live';
import { PlayerRuns } from '../../../src/app/player-runs';
import { openStore } from '../../../src/adapters/store/open';
import { chainOf, ledger, nekomadoChain, tempDir } from '../../support/helpers';

/**
 * The server's index of each player's runs changes how fast a career is read, never what it says: on the club's
 * whole chain (with a correction and a merge), every registered player's career and explanation from the index equal
 * those from the whole fold, before and after the log moves on.
 */
describe("the server's index of each player's tournaments", () => {
  it('gives every player the career and explanation the whole fold gives', async () => {
    const db = path.join(tempDir('player-runs'), 'ledger.db');
    const run = async (...argv: string[]) => {
      const r = await ledger(...argv, '--db', db);
      expect(r.code, `${argv.join(' ')}: ${r.err}`).toBe(0);
    };
    await run('fesa', 'import', chainOf(nekomadoChain()), '--reconcile');
    const store = await openStore(`sqlite:${db}`);
    try {
      const live = new LiveProjections(store);
      const index = new PlayerRuns();
      const check = async () => {
        const projection = await live.caughtUp('as-adopted', 'reports');
        const fold = projection.current();
        if (E.isLeft(fold)) throw new Error(fold.left.message);
        const ids = [...fold.right.names.keys()];
        expect(ids.length).toBeGreaterThan(100);
        for (const id of [...ids, 'nobody']) {
          expect(playerCareer(index.of(projection, fold.right, id), id), id).toEqual(playerCareer(fold.right, id));
          expect(explainPlayer(index.of(projection, fold.right, id), id), id).toEqual(explainPlayer(fold.right, id));
        }
        for (const t of ['05_5th_nekomadoken', 'nowhere']) expect(explainPlayer(index.of(projection, fold.right, 'N2', t), 'N2', t)).toEqual(explainPlayer(fold.right, 'N2', t));
      };
      await check();
      // the log moves on: a correction re-rates later tournaments, an id registered twice merged into a player's
      await run('game', 'correct', '--game', 'r2-2-8', '--tournament', '05_5th_nekomadoken', '--result', 'win', '--reason', 'score sheet');
      await run('player', 'add', '--id', 'Z1', '--family', 'Zed', '--given', 'One', '--country', 'NO');
      await run('player', 'merge', 'N24', 'Z1', '--reason', 'registered twice');
      await check();
    } finally {
      await store.close();
    }
  });
});
