import Database from 'better-sqlite3';
import * as path from 'path';
import { describe, expect, it } from 'vitest';
import { ledgerProcess, tempDir } from './helpers';

/**
 * Officers appointed from the CLI, which works on the store itself (behind its file permissions): each appointment
 * and revocation is a fact in the log, the token is printed once and only its salted hash is kept beside the log.
 */
describe('ledger officer', () => {
  it('appoints, lists, rotates and revokes; the log names who appointed whom, the secret is in neither table', async () => {
    const db = path.join(tempDir('officers'), 'ledger.db');
    const run = (...argv: string[]) => ledgerProcess([...argv, '--db', db], { LEDGER_ACTOR: 'president' });

    const first = await run('officer', 'add', '--name', 'kari', '--role', 'admin', '--reason', 'first admin');
    expect(first.code).toBe(0);
    const token = first.out.trimEnd().split('\n').pop()!;
    expect(token).toMatch(/^ledger_[\w-]{16}_[\w-]{43}$/);

    const auditor = await run('officer', 'add', '--name', 'ola', '--role', 'auditor', '--json');
    const appointed = JSON.parse(auditor.out) as { officer: string; token: string };
    expect(appointed).toMatchObject({ officer: 'ola', role: 'auditor', status: 'appended' });

    // a role change keeps the token; the same role again records nothing
    const promoted = await run('officer', 'add', '--name', 'ola', '--role', 'officer', '--json');
    expect(JSON.parse(promoted.out)).toMatchObject({ status: 'appended', token: null });
    expect(JSON.parse((await run('officer', 'add', '--name', 'ola', '--role', 'officer', '--json')).out)).toMatchObject({ status: 'unchanged', token: null });

    const rotated = await run('officer', 'rotate-token', '--name', 'ola');
    expect(rotated.code).toBe(0);
    const newToken = rotated.out.trimEnd().split('\n').pop()!;
    expect(newToken).not.toBe(appointed.token);

    expect((await run('officer', 'revoke', '--name', 'ola', '--reason', 'term ended')).code).toBe(0);
    const list = JSON.parse((await run('officer', 'list', '--json')).out) as { officer: string; role: string | null }[];
    expect(list.map((o) => [o.officer, o.role])).toEqual([['kari', 'admin'], ['ola', null]]);

    const refused = await run('officer', 'rotate-token', '--name', 'ola');
    expect(refused.code).toBe(1);
    expect(refused.err.trim()).toBe('ledger: "ola" is not an officer in office (never appointed, or revoked); appoint them with ledger officer add');
    const badRole = await run('officer', 'add', '--name', 'x', '--role', 'king');
    expect(badRole.code).toBe(2);
    expect(badRole.err).toContain('--role must be one of auditor, officer, admin, got "king"');

    const file = new Database(db, { readonly: true });
    const events = file.prepare('SELECT type, data FROM events ORDER BY position').all() as { type: string; data: string }[];
    expect(events.map((e) => JSON.parse(e.data) as Record<string, unknown>).map((e) => [e.type, e.officer, e.role ?? null, e.actor])).toEqual([
      ['OfficerAppointed', 'kari', 'admin', 'president'],
      ['OfficerAppointed', 'ola', 'auditor', 'president'],
      ['OfficerAppointed', 'ola', 'officer', 'president'],
      ['OfficerRevoked', 'ola', null, 'president'],
    ]);
    const credentials = file.prepare('SELECT * FROM officer_credentials').all() as Record<string, string>[];
    expect(credentials.map((c) => c.officer)).toEqual(['kari']);
    const everything = JSON.stringify([events, credentials]);
    for (const t of [token, appointed.token, newToken]) expect(everything).not.toContain(t.split('_').pop());
    file.close();
  });
});
