import { randomBytes, scrypt, timingSafeEqual, createHash } from 'crypto';
import * as E from 'fp-ts/Either';
import { decide, type Command } from '../../domain/commands/decide';
import type { OfficerRole } from '../../domain/events';
import { OFFICER_ROLES, officerStream } from '../../domain/events';
import type { Credential, CredentialStore } from './ports/credentials';
import { CommandRejected, type ExecuteResult, type Ledger } from './ledger';

const KEY_LENGTH = 32;

/**
 * A token is `ledger_<id>_<secret>`: the id finds the officer's credential row without trying every hash, the secret
 * (32 random bytes) is checked against its scrypt hash. Only the hash and salt are kept; the token is shown once.
 */
const TOKEN = /^ledger_([A-Za-z0-9_-]{16})_([A-Za-z0-9_-]{43})$/;

const hashSecret = (secret: string, salt: Buffer): Promise<Buffer> =>
  new Promise((resolve, reject) => scrypt(secret, salt, KEY_LENGTH, (error, key) => (error ? reject(error) : resolve(key))));

const newCredential = async (officer: string): Promise<{ credential: Credential; token: string }> => {
  const tokenId = randomBytes(12).toString('base64url');
  const secret = randomBytes(32).toString('base64url');
  const salt = randomBytes(16);
  const hash = await hashSecret(secret, salt);
  return {
    credential: { officer, tokenId, salt: salt.toString('base64'), hash: hash.toString('base64'), issuedAt: new Date().toISOString() },
    token: `ledger_${tokenId}_${secret}`,
  };
};

export interface OfficerOnRecord {
  readonly officer: string;
  /** Undefined once revoked. */
  readonly role: OfficerRole | undefined;
  /** When the token in force was issued (none: revoked, or appointed without one). */
  readonly tokenIssuedAt: string | undefined;
}

export interface Appointment {
  readonly result: ExecuteResult;
  /** A fresh token when the officer had none in force; undefined when only the role changed (the token stays). */
  readonly token: string | undefined;
}

export const isOfficerRole = (s: string): s is OfficerRole => (OFFICER_ROLES as readonly string[]).includes(s);

/**
 * Appointing, revoking and re-issuing officers' tokens: the appointment is a fact in the log, the secret is a row in
 * the credentials table. Each step is ordered so that a crash between the two leaves nothing that grants a right:
 * a credential without a role in the log signs no one in, a revocation in the log stops the token before its row
 * is deleted.
 */
export class Officers {
  /** Tokens already checked against their row's hash (by the row's hash): a scrypt per request would cost ~50 ms. */
  private readonly verified = new Map<string, string>();

  constructor(
    private readonly ledger: Ledger,
    private readonly credentials: CredentialStore,
  ) {}

  async appoint(input: { officer: string; role: OfficerRole; actor: string; validDate: string; reason?: string }): Promise<Appointment> {
    const state = await this.ledger.catchUp();
    const before = state.officers.get(input.officer)?.role;
    const hasToken = before !== undefined && (await this.credentials.byOfficer(input.officer)) !== undefined;
    const command: Command = {
      kind: 'AppointOfficer',
      officer: input.officer,
      role: input.role,
      actor: input.actor,
      validDate: input.validDate,
      ...(input.reason !== undefined ? { reason: input.reason } : {}),
    };
    // decided before any credential is written: a refused appointment leaves the table as it was
    const decision = decide(command, state);
    if (E.isLeft(decision)) throw new CommandRejected(decision.left);
    const issued = hasToken ? undefined : await newCredential(input.officer);
    // the credential first: without the appointment in the log it signs no one in
    if (issued) await this.credentials.put(issued.credential);
    return { result: await this.ledger.execute(command), token: issued?.token };
  }

  async revoke(input: { officer: string; actor: string; validDate: string; reason?: string }): Promise<ExecuteResult> {
    const result = await this.ledger.execute({
      kind: 'RevokeOfficer',
      officer: input.officer,
      actor: input.actor,
      validDate: input.validDate,
      ...(input.reason !== undefined ? { reason: input.reason } : {}),
    });
    await this.credentials.remove(input.officer);
    return result;
  }

  /**
   * An officer's role now, from his own stream (his appointments and revocations): a sign-in on every request of a
   * million-game ledger's server would otherwise fold the whole log first.
   */
  private async roleOf(officer: string): Promise<OfficerRole | undefined> {
    return (await this.ledger.stateOfStreams(() => [officerStream(officer)])).officers.get(officer)?.role;
  }

  /** A new token for an officer in office; the old one stops signing in with this call. */
  async rotateToken(officer: string): Promise<string> {
    const role = await this.roleOf(officer);
    if (role === undefined) throw new CommandRejected(`"${officer}" is not an officer in office (never appointed, or revoked); appoint them with ledger officer add`);
    const issued = await newCredential(officer);
    await this.credentials.put(issued.credential);
    return issued.token;
  }

  async list(): Promise<OfficerOnRecord[]> {
    const state = await this.ledger.catchUp();
    const out: OfficerOnRecord[] = [];
    for (const [officer, { role }] of [...state.officers].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
      out.push({ officer, role, tokenIssuedAt: role === undefined ? undefined : (await this.credentials.byOfficer(officer))?.issuedAt });
    }
    return out;
  }

  /**
   * The officer a token signs in, with their role now, or undefined: a malformed or unknown token, a rotated-away
   * one, or an officer revoked since (the log is read up to its head first, so a revocation counts at once).
   */
  async signIn(token: string): Promise<{ officer: string; role: OfficerRole } | undefined> {
    const parts = TOKEN.exec(token);
    if (!parts) return undefined;
    const credential = await this.credentials.byTokenId(parts[1]!);
    if (!credential) return undefined;
    const digest = createHash('sha256').update(token).digest('base64');
    if (this.verified.get(digest) !== credential.hash) {
      const expected = Buffer.from(credential.hash, 'base64');
      const actual = await hashSecret(parts[2]!, Buffer.from(credential.salt, 'base64'));
      if (actual.length !== expected.length || !timingSafeEqual(actual, expected)) return undefined;
      if (this.verified.size > 1000) this.verified.clear();
      this.verified.set(digest, credential.hash);
    }
    const role = await this.roleOf(credential.officer);
    return role === undefined ? undefined : { officer: credential.officer, role };
  }
}
