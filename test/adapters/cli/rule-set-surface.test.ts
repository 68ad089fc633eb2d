/**
 * The read surface of the non-FESA rule sets as an officer meets it (issue 29, the gaps the tour of the six systems
 * left), through the real `ledger` process: a tournament's standings under another rule set, a career read in
 * valid-date order with a balance dated after a tournament, a balance dated in the future, and a game rated before a
 * player's balance whose consequences say the balance stands for it.
 */
import * as path from 'path';
import { beforeAll, describe, expect, it } from 'vitest';
import { ledgerProcess, tempDir } from '../../support/helpers';

const US = 'us-shogi-1997-text';

/** The `ledger` process on another ledger file: what it printed, or a failure naming the command. */
const ledgerOn = (db: string) => async (...argv: string[]): Promise<string> => {
  const r = await ledgerProcess([...argv, '--db', db, '--actor', 'officer']);
  if (r.code !== 0) throw new Error(`ledger ${argv.join(' ')}: exit ${r.code}: ${r.err}`);
  return r.out;
};

describe('the non-FESA read surface through the CLI', () => {
  const db = path.join(tempDir('rule-set-surface'), 'ledger.db');
  const run = (...argv: string[]) => ledgerProcess([...argv, '--db', db, '--actor', 'officer']);
  const ok = ledgerOn(db);
  const game = (t: string, id: string, round: number, first: string, second: string, result: string) =>
    ok('game', 'report', '--tournament', t, '--game', id, '--round', String(round), '--first', first, '--second', second, '--result', result);

  beforeAll(async () => {
    await ok('init');
    for (const p of ['A', 'B', 'C', 'D', 'E']) await ok('player', 'add', '--id', p, '--family', `Fam${p}`, '--given', `G${p}`, '--country', 'US');
    await ok('player', 'balance', '--id', 'A', '--rules', US, '--rating', '1800', '--games', '30', '--date', '2026-01-01', '--reason', 'US list 2025');
    await ok('player', 'balance', '--id', 'B', '--rules', US, '--rating', '1600', '--games', '30', '--date', '2026-01-01', '--reason', 'US list 2025');
    // D's legacy record is of 1 June; the April tournament he played in is recorded after it
    await ok('player', 'balance', '--id', 'D', '--rules', US, '--rating', '1500', '--games', '20', '--date', '2026-06-01', '--reason', 'US list June');
    await ok('tournament', 'add', '--id', 't1', '--name', 'US one', '--start', '2026-02-07', '--rules', US);
    await game('t1', 'g1', 1, 'A', 'B', 'win');
    await game('t1', 'g2', 2, 'C', 'B', 'loss');
    await ok('tournament', 'close', '--id', 't1');
    await ok('tournament', 'add', '--id', 't3', '--name', 'US three', '--start', '2026-04-04', '--rules', US);
    await game('t3', 'k1', 1, 'D', 'A', 'win');
    await game('t3', 'k2', 2, 'D', 'C', 'win');
    await ok('tournament', 'close', '--id', 't3');
    // a FESA tournament beside them
    await ok('tournament', 'add', '--id', 'f1', '--name', 'FESA one', '--start', '2026-05-02', '--main', '30', '--byoyomi', '30');
    await game('f1', 'f-g1', 1, 'A', 'E', 'win');
    await game('f1', 'f-g2', 2, 'E', 'B', 'loss');
    await ok('tournament', 'close', '--id', 'f1');
  }, 120_000);

  it('tournament show T --rules S gives a tournament of any system its standings and ratings under another rule set', async () => {
    type View = { ruleSet: string; players: { playerId: string; before: number | null; after: number | null; points: number }[]; asked?: { rules: string; enteredAtGrade: boolean } };
    const recorded = JSON.parse(await ok('tournament', 'show', 't1', '--json')) as View;
    expect(recorded.ruleSet).toBe(US);
    for (const rules of ['pan-atlantic', 'fide', 'us-shogi-1997-card']) {
      const other = JSON.parse(await ok('tournament', 'show', 't1', '--rules', rules, '--json')) as View;
      expect(other.ruleSet).toBe(rules);
      expect(other.asked?.rules).toBe(rules);
      // the same players and points, every one rated under the rule set asked
      expect(other.players.map((p) => [p.playerId, p.points])).toEqual(recorded.players.map((p) => [p.playerId, p.points]));
      expect(other.players.every((p) => p.after !== null)).toBe(true);
      const text = await ok('tournament', 'show', 't1', '--rules', rules);
      expect(text).toMatch(new RegExp(`closed, rated under ${rules}\\n`));
      expect(text).toContain(`Every tournament of the ledger rated under ${rules}, as asked (--rules ${rules})`);
    }
    // fide without one opening balance rates nobody by its own entry: the newcomers enter at their grade, and it says so
    expect((JSON.parse(await ok('tournament', 'show', 't1', '--rules', 'fide', '--json')) as View).asked?.enteredAtGrade).toBe(true);
    expect((JSON.parse(await ok('tournament', 'show', 't1', '--rules', 'us-shogi-1997-card', '--json')) as View).asked?.enteredAtGrade).toBe(false);
    // a FESA tournament under a non-FESA rule set too
    const fesaUnderFide = JSON.parse(await ok('tournament', 'show', 'f1', '--rules', 'fide', '--json')) as View;
    expect(fesaUnderFide.ruleSet).toBe('fide');
    expect(fesaUnderFide.players.map((p) => p.playerId)).toEqual(['A', 'E', 'B']);
    const unknown = await run('tournament', 'show', 't1', '--rules', 'elo');
    expect(unknown.code).toBe(2);
    expect(unknown.err.trim()).toBe(`ledger: --rules elo: unknown rule set; known are fesa, fesa-published, us-shogi-1997-text, us-shogi-1997-card, pan-atlantic, gobase-go, egd-gor, fide, uscf-k, fide-2024`);
  }, 120_000);

  it('tournament show --rules S enters newcomers as diff --rules does: by its own rule when it rates anybody on the ledger', async () => {
    // fide rates P1 (a balance) and P2 (against him) in T0; T1's two newcomers meet nobody rated under it
    const on = ledgerOn(path.join(tempDir('rule-set-surface-entry'), 'ledger.db'));
    for (const p of ['P1', 'P2', 'P3', 'P4']) await on('player', 'add', '--id', p, '--family', `F${p}`, '--given', 'G', '--country', 'NO', '--date', '2025-01-01', '--grade', '1 Dan', '--grade-source', 'NSR');
    await on('player', 'balance', '--id', 'P1', '--rules', 'fide', '--rating', '2000', '--games', '30', '--date', '2025-06-01', '--reason', 'legacy');
    await on('tournament', 'add', '--id', 'T0', '--name', 'T0', '--start', '2026-02-07', '--rules', 'fide');
    await on('game', 'report', '--tournament', 'T0', '--game', 'g1', '--round', '1', '--first', 'P1', '--second', 'P2', '--result', 'win');
    await on('tournament', 'close', '--id', 'T0');
    await on('tournament', 'add', '--id', 'T1', '--name', 'T1', '--start', '2026-03-07', '--rules', US);
    await on('game', 'report', '--tournament', 'T1', '--game', 'g1', '--round', '1', '--first', 'P3', '--second', 'P4', '--result', 'win');
    await on('tournament', 'close', '--id', 'T1');
    const shown = JSON.parse(await on('tournament', 'show', 'T1', '--rules', 'fide', '--json')) as { players: { playerId: string; after: number | null }[]; asked: { enteredAtGrade: boolean } };
    const diff = JSON.parse(await on('diff', '--rules', 'fide', '--rules', US, '--json')) as { players: { playerId: string; fide: { rating: number } | null }[] };
    expect(shown.asked.enteredAtGrade).toBe(false);
    for (const p of shown.players) expect([p.playerId, p.after]).toEqual([p.playerId, diff.players.find((d) => d.playerId === p.playerId)?.fide?.rating ?? null]);
    expect(shown.players.map((p) => p.after)).toEqual([null, null]);
    expect(await on('tournament', 'show', 'T1', '--rules', 'fide')).not.toContain('declared grade');
  }, 120_000);

  it('history prints balances and tournaments by valid date, and says what a balance dated after a tournament means', async () => {
    const text = await ok('history', 'D', '--rules', US);
    const [tournament, balance] = [text.indexOf('2026-04-04  US three (t3)'), text.indexOf('2026-06-01  opening balance under')];
    expect(tournament).toBeGreaterThan(0);
    expect(balance).toBeGreaterThan(tournament);
    expect(text).toContain(`(the balance of 2026-06-01 stands for his record under ${US} from that date on: it replaces the rating t3 gave him, which the later tournaments no longer start from)`);
    // A's balance comes before his tournaments, and says nothing of the kind
    const a = await ok('history', 'A', '--rules', US);
    expect(a.indexOf('2026-01-01  opening balance')).toBeLessThan(a.indexOf('2026-02-07  US one'));
    expect(a).not.toContain('stands for his record');
  }, 60_000);

  it('history --rules S prints what the rule set keeps on him now: US 1997 promotion streaks, pan-atlantic grade runs and its pending ratification', async () => {
    const on = ledgerOn(path.join(tempDir('rule-set-surface-counters'), 'ledger.db'));
    for (const p of ['F', 'G', 'H']) await on('player', 'add', '--id', p, '--family', `F${p}`, '--given', 'G', '--country', 'US', '--date', '2025-01-01');
    // F holds 1-dan (LB 1500) with a rating at 2-dan's (LB 1700): each rated game at or above it runs his 2-dan streak (§4)
    await on('player', 'balance', '--id', 'F', '--rules', US, '--rating', '1850', '--games', '30', '--grade', '1-dan', '--date', '2025-06-01', '--reason', 'US list 2025');
    for (const p of ['G', 'H']) await on('player', 'balance', '--id', p, '--rules', US, '--rating', '1600', '--games', '30', '--date', '2025-06-01', '--reason', 'US list 2025');
    await on('player', 'balance', '--id', 'F', '--rules', 'pan-atlantic', '--rating', '1850', '--games', '30', '--grade', '1-dan', '--date', '2025-06-01', '--reason', 'PA list 2025');
    for (const p of ['G', 'H']) await on('player', 'balance', '--id', p, '--rules', 'pan-atlantic', '--rating', '1600', '--games', '30', '--date', '2025-06-01', '--reason', 'PA list 2025');
    for (const rules of [US, 'pan-atlantic']) {
      const t = `T-${rules}`;
      await on('tournament', 'add', '--id', t, '--name', t, '--start', '2026-02-07', '--rules', rules);
      await on('game', 'report', '--tournament', t, '--game', 'g1', '--round', '1', '--first', 'F', '--second', 'G', '--result', 'win');
      await on('game', 'report', '--tournament', t, '--game', 'g2', '--round', '2', '--first', 'H', '--second', 'F', '--result', 'loss');
      await on('tournament', 'close', '--id', t);
    }
    type Shown = { counters?: Record<string, number>; ratificationRequested?: string | null };
    const us = JSON.parse(await on('history', 'F', '--rules', US, '--json')) as Shown;
    expect(us.counters).toEqual({ 'promotionStreak.2-dan': 2 });
    expect(us).not.toHaveProperty('ratificationRequested');
    expect(await on('history', 'F', '--rules', US)).toMatch(new RegExp(`\\nCounters under ${US} now:\\ncounter +games\\n-[- ]+\\npromotionStreak\\.2-dan +2\\n$`));
    const pa = JSON.parse(await on('history', 'F', '--rules', 'pan-atlantic', '--json')) as Shown;
    // two games at or above 2-dan's lower bound (1700) and not yet the run that promotes
    expect(pa.counters?.['lbStreak.2-dan']).toBe(2);
    expect(pa.ratificationRequested).toBeNull();
    const paText = await on('history', 'F', '--rules', 'pan-atlantic');
    expect(paText).toContain('\nCounters under pan-atlantic now:\n');
    expect(paText).toMatch(/\nlbStreak\.2-dan +2\n/);
    expect(paText).toMatch(/\nRatification pending under pan-atlantic: none\n$/);
    // player show carries the same under each rule set
    const shown = JSON.parse(await on('player', 'show', 'F', '--json')) as { ruleSets: ({ ruleSet: string } & Shown)[] };
    expect(shown.ruleSets.find((r) => r.ruleSet === US)?.counters).toEqual({ 'promotionStreak.2-dan': 2 });
    const paShown = shown.ruleSets.find((r) => r.ruleSet === 'pan-atlantic');
    expect(paShown?.counters?.['lbStreak.2-dan']).toBe(2);
    expect(paShown?.ratificationRequested).toBeNull();
    // a rule set that keeps no counters says nothing of them
    await on('player', 'balance', '--id', 'G', '--rules', 'fide', '--rating', '1800', '--games', '30', '--date', '2025-06-01', '--reason', 'FIDE list');
    const fide = JSON.parse(await on('history', 'G', '--rules', 'fide', '--json')) as Shown;
    expect(Object.keys(fide)).not.toContain('counters');
    expect(await on('history', 'G', '--rules', 'fide')).not.toContain('Counters');
  }, 120_000);

  it('refuses a balance dated after today with one sentence and leaves the store as it was', async () => {
    const before = await ok('checksum');
    const tomorrow = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
    const today = new Date().toISOString().slice(0, 10);
    const r = await run('player', 'balance', '--id', 'E', '--rules', US, '--rating', '1500', '--date', tomorrow, '--reason', 'next list');
    expect(r.code).toBe(1);
    expect(r.err.trim()).toBe(`ledger: the opening balance of FamE GE (E) under ${US} is dated ${tomorrow}, after today (${today}): a balance is the legacy list's record as of its date, so record it on or after that date`);
    expect(await ok('checksum')).toBe(before);
    // today's is taken
    await ok('player', 'balance', '--id', 'E', '--rules', US, '--rating', '1500', '--date', today, '--reason', 'list of today', '--dry-run');
  }, 60_000);

  it("a game rated before a player's balance: the consequences say the balance of its date stands for him from then on", async () => {
    const text = await ok('game', 'correct', '--game', 'k1', '--result', 'draw', '--reason', 'score sheet', '--dry-run');
    expect(text).toMatch(/^t3 +2026-04-04 +D +FamD GD/m);
    expect(text).toContain(`note: D's change in t3 is overridden from 2026-06-01 by his opening balance under ${US} at position 8 (reason: US list June): the balance of 2026-06-01 stands for his record from that date, so later tournaments start from it, not from this change`);
    const json = JSON.parse(await ok('game', 'correct', '--game', 'k1', '--result', 'draw', '--reason', 'score sheet', '--dry-run', '--json')) as { changes: { player: string; overriddenBy?: { kind: string; date: string } }[] };
    expect(json.changes.find((c) => c.player === 'D')?.overriddenBy).toMatchObject({ kind: 'OpeningBalanceImported', date: '2026-06-01' });
    // A's change is overridden by nothing
    expect(json.changes.find((c) => c.player === 'A')).toBeDefined();
    expect(json.changes.find((c) => c.player === 'A')?.overriddenBy).toBeUndefined();
  }, 60_000);
});
