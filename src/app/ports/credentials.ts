/** Officers' sign-in secrets, kept beside the log (the adapters: src/adapters/store/credentials.ts). */
export interface Credential {
  readonly officer: string;
  readonly tokenId: string;
  readonly salt: string;
  readonly hash: string;
  readonly issuedAt: string;
}

export interface CredentialStore {
  /** Gives `officer` this credential, replacing any one they had (the old token stops signing in at once). */
  put(credential: Credential): Promise<void>;
  /** The credential a token's public id names, if it still exists. */
  byTokenId(tokenId: string): Promise<Credential | undefined>;
  byOfficer(officer: string): Promise<Credential | undefined>;
  remove(officer: string): Promise<void>;
  close(): Promise<void>;
}
