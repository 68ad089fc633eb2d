import fc from 'fast-check';
import * as E from 'fp-ts/Either';
import * as path from 'path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LoggedEvent } from '../../../domain/events';
import { foldFesa } from '../../../projections/fesa/history';
import { openSqliteStore } from '../../../src/adapters/store/sqlite';
import { cliBuilt, ledgerProcess, tempDir } from '../../support/helpers';
import { ledgers } from '../../support/gen';
import { record } from '../../support/places';
import { startApi, type Api } from './api';

const BROWSER = { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' };

/**
 * A ledger whose facts FESA cannot rate: a random ledger with a rated tournament, without the registration of one
 * player who played in it (recorded straight into the store, as an import from an older program could leave it).
 */
const unratableLedger = (): { facts: LoggedEvent[]; sentence: string } => {
  const [sample] = fc.sample(ledgers(6, 3).filter(({ facts }) => { const f = foldFesa(facts); return E.isRight(f) && f.right.runs.length > 0; }), { numRuns: 1, seed: 15 });
  for (const game of sample!.facts.filter((f) => f.event.type === 'GameReported')) {
    const { first, second } = game.event as { first: string; second: string };
    for (const playerId of [first, second]) {
      const facts = sample!.facts.filter((f) => !(f.event.type === 'PlayerRegistered' && f.event.playerId === playerId));
      const folded = foldFesa(facts);
      if (E.isLeft(folded)) return { facts, sentence: folded.left.message };
    }
  }
  throw new Error('no player without whom the fold fails');
};

describe('a ledger whose facts its rule set cannot rate: the list routes answer a clear problem (409), as the CLI says it', () => {
  const { facts, sentence } = unratableLedger();
  const db = path.join(tempDir('unratable'), 'ledger.db');
  const servers: Api[] = [];
  beforeAll(async () => {
    const store = openSqliteStore(db);
    await record(store, facts);
    await store.close();
    // with the models saved next to the log (as `ledger serve` on SQLite) and folding the log (as on EventStoreDB)
    servers.push(await startApi(db), await startApi(db, { withoutCheckpoints: true }));
  });
  afterAll(async () => {
    for (const api of servers) await api.close();
  });

  it('names the tournament and the player that is not registered', () => {
    expect(sentence).toMatch(/^tournament "[^"]+": player "[^"]+" is not registered$/);
  });

  for (const url of ['/lists', '/lists?format=csv', '/lists?format=fesa', '/lists?as-of=2020-12-31', '/lists?as-of=2020-12-31&format=csv']) {
    it(`GET ${url}: 409 unratable-ledger, the sentence as detail (checked against the OpenAPI document)`, async () => {
      for (const api of servers) {
        const answer = await api.get(url);
        expect(answer.status).toBe(409);
        expect(answer.type).toBe('application/problem+json; charset=utf-8');
        expect(answer.body).toEqual({ type: 'urn:rating-ledger:problem:unratable-ledger', title: 'Conflict', status: 409, detail: sentence });
      }
    });
  }

  it('a browser gets the same sentence as a page, with the same status', async () => {
    for (const api of servers) {
      const page = await api.request('GET', '/lists', { headers: BROWSER });
      expect(page.status).toBe(409);
      expect(page.type).toMatch(/^text\/html/);
      expect(page.bytes.toString('utf8')).toContain(sentence.replace(/"/g, '&quot;'));
    }
  });

  it.skipIf(!cliBuilt())('says what `ledger list` says on the same file', async () => {
    const cli = await ledgerProcess(['list', '--db', db]);
    expect(cli.code).toBe(1);
    expect(cli.err).toBe(`ledger: ${sentence}\n`);
  });
});
