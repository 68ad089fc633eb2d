import * as os from 'os';
import { openCheckpointStorage, type CheckpointStorage } from '../store/checkpoint-storage';
import { openCredentialStore, type CredentialStore } from '../store/credentials';
import { Officers } from '../../app/officers';
import { Ledger } from '../../app/ledger';
import type { EventStore } from '../../app/ports/event-store';
import { defaultStoreSpec, openStore, parseStoreSpec } from '../store/open';
import type { Options } from './args';

/** What every CLI command gets: its options, where to print, and the store/ledger opened on first use. */
export class CliContext {
  private storePromise?: Promise<EventStore>;
  private ledgerInstance?: Ledger;
  private checkpointsPromise?: Promise<CheckpointStorage | undefined>;
  private credentialsPromise?: Promise<CredentialStore>;

  constructor(
    readonly opts: Options,
    readonly out: (text: string) => void,
    readonly err: (text: string) => void,
  ) {}

  get json(): boolean {
    return this.opts.flag('json');
  }

  /** The officer recording facts: --actor, then LEDGER_ACTOR, then the OS user. */
  get actor(): string {
    return this.opts.string('actor') ?? process.env.LEDGER_ACTOR ?? os.userInfo().username ?? 'officer';
  }

  /** --store SPEC, or --db FILE (SQLite), else LEDGER_STORE / LEDGER_DB, else ./data/ledger.db. */
  get storeSpec(): string | undefined {
    const store = this.opts.string('store');
    const db = this.opts.string('db');
    return store ?? (db !== undefined ? `sqlite:${db}` : undefined);
  }

  store(): Promise<EventStore> {
    const opened = this.storePromise ?? openStore(this.storeSpec);
    this.storePromise = opened;
    return opened;
  }

  async ledger(): Promise<Ledger> {
    this.ledgerInstance ??= new Ledger(await this.store());
    return this.ledgerInstance;
  }

  /** Where saved projections live next to the store (its SQLite file or PostgreSQL schema); none for EventStoreDB. */
  checkpoints(): Promise<CheckpointStorage | undefined> {
    this.checkpointsPromise ??= this.store().then(() => openCheckpointStorage(parseStoreSpec(this.storeSpec ?? defaultStoreSpec())));
    return this.checkpointsPromise;
  }

  /** Officers' token hashes: beside the log (its SQLite file or PostgreSQL schema), or --credentials / LEDGER_CREDENTIALS. */
  credentials(): Promise<CredentialStore> {
    const file = this.opts.string('credentials') ?? (process.env.LEDGER_CREDENTIALS?.trim() || undefined);
    this.credentialsPromise ??= this.store().then(() => openCredentialStore(parseStoreSpec(this.storeSpec ?? defaultStoreSpec()), file));
    return this.credentialsPromise;
  }

  async officers(): Promise<Officers> {
    return new Officers(await this.ledger(), await this.credentials());
  }

  async close(): Promise<void> {
    if (this.credentialsPromise) await (await this.credentialsPromise.catch(() => undefined))?.close();
    if (this.checkpointsPromise) await (await this.checkpointsPromise)?.close();
    if (this.storePromise) await (await this.storePromise).close();
  }

  print(value: unknown, text: () => string): void {
    this.out(this.json ? JSON.stringify(value, null, 2) : text());
  }
}

export interface CliCommand {
  readonly name: string;
  readonly summary: string;
  readonly usage: string;
  readonly booleanFlags?: readonly string[];
  run(ctx: CliContext): Promise<number>;
}
