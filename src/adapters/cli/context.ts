import * as fs from 'fs';
import * as os from 'os';
import type { CheckpointStorage } from '../store/checkpoint-storage';
import type { CredentialStore } from '../store/credentials';
import type { Officers } from '../../app/officers';
import type { DecideFrom, Ledger } from '../../app/ledger';
import type { EventStore } from '../../app/ports/event-store';
import type { StreamIndex } from '../../../domain/commands/reads';
import type { Options } from './args';
import type { OpenOptions } from '../store/open';

// The store, the ledger and the officers are loaded when a command first asks for them: a command that never opens a
// store (`fesa run`, `rules run-case`, `--help`) never loads SQLite, PostgreSQL or EventStoreDB code.
const stores = (): Promise<typeof import('../store/open')> => import('../store/open');

/**
 * How a command that may fold the whole log opens the store (`projections rebuild`, the first `rerate` and `diff
 * --rules` under a rule set with no saved model): through SQLite's page cache, not a memory map, since every page of
 * the log is read once and a mapped page stays in the process's resident memory until it ends (at a million games
 * 566 MiB of the rebuild's peak of 1.7 GiB). Open it so before anything else opens the store (`store` keeps the first).
 */
export const WHOLE_LOG_READ: Pick<OpenOptions, 'mappedBytes'> = { mappedBytes: 0 };

/** What every CLI command gets: its options, where to print, and the store/ledger opened on first use. */
export class CliContext {
  private storePromise?: Promise<EventStore>;
  private ledgerInstance?: Ledger;
  private checkpointsPromise?: Promise<CheckpointStorage | undefined>;
  private rawCheckpoints?: Promise<CheckpointStorage | undefined>;
  private credentialsPromise?: Promise<CredentialStore>;
  /** The SQLite file this command created, if it did. */
  private created?: string;

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

  /** The store to read: a SQLite ledger file must exist (a typo in --db never creates an empty ledger). */
  store(options: Pick<OpenOptions, 'mappedBytes'> = {}): Promise<EventStore> {
    this.storePromise ??= stores().then(({ openStore }) => openStore(this.storeSpec, { ...options, mustExist: true }));
    return this.storePromise;
  }

  /** The store to record in: created when missing (`init`, or the first command that records facts). */
  createStore(options: Pick<OpenOptions, 'mappedBytes'> = {}): Promise<EventStore> {
    this.storePromise ??= (async () => {
      const { defaultStoreSpec, openStore, parseStoreSpec } = await stores();
      const spec = parseStoreSpec(this.storeSpec ?? defaultStoreSpec());
      if (spec.kind === 'sqlite' && spec.path !== ':memory:' && !fs.existsSync(spec.path)) this.created = spec.path;
      return openStore(this.storeSpec, options);
    })();
    return this.storePromise;
  }

  /** The ledger to record in (created when missing, as createStore; `options` apply if it opens the store). */
  async ledger(options: Pick<OpenOptions, 'mappedBytes'> = {}): Promise<Ledger> {
    const store = await this.createStore(options);
    const { Ledger } = await import('../../app/ledger');
    // a write decides from the streams it reads: a fresh process would otherwise fold the whole log to decide one fact
    this.ledgerInstance ??= new Ledger(store, 'streams', undefined, await this.streamIndex(store));
    return this.ledgerInstance;
  }

  /**
   * The ledger to read (or serve): it must exist (as store()), so a read never creates one. `decideFrom` 'streams':
   * its writes decide from the streams they read (a server, which would otherwise fold the whole log before listening).
   */
  async readLedger(options: Pick<OpenOptions, 'mappedBytes'> & { decideFrom?: DecideFrom } = {}): Promise<Ledger> {
    const store = await this.store(options);
    const { Ledger } = await import('../../app/ledger');
    // no stream index: the server's merges and balances fold the whole state (a save beside the log from its thread
    // would have to take turns with the catch-up worker's)
    this.ledgerInstance ??= new Ledger(store, options.decideFrom);
    return this.ledgerInstance;
  }

  /** Where a ledger deciding from streams learns a merge's and an opening balance's streams (kept beside the log). */
  private async streamIndex(store: EventStore): Promise<(options: { readonly save: boolean }) => Promise<StreamIndex | undefined>> {
    const { LiveStreamIndex } = await import('../../app/stream-index');
    const index = new LiveStreamIndex(store, () => this.checkpoints());
    // a dry run leaves the store's file as it was, and does not open the saved models (their tables would be made):
    // its merges and balances decide from the whole log, as its consequences are folded from it
    return ({ save }) => (save ? index.now() : Promise.resolve(undefined));
  }

  /**
   * Where saved projections live next to the store (its SQLite file or PostgreSQL schema); none for EventStoreDB.
   * They only make reads faster: one that cannot be loaded or saved (a read-only file, a full disk) is a warning.
   */
  checkpoints(): Promise<CheckpointStorage | undefined> {
    this.checkpointsPromise ??= this.store().then(() =>
      this.savedProjections().then(
        (storage) => storage && warningOnFailure(storage, (text) => this.err(text)),
        // its tables cannot even be made (a read-only role or replica on a ledger that has none yet): reads fold
        (e: unknown) => {
          this.err(savedProjectionWarning('opened', e));
          return undefined;
        },
      ),
    );
    return this.checkpointsPromise;
  }

  /** The same storage, its failures thrown: for `projections rebuild`, whose whole work is the save. */
  savedProjections(): Promise<CheckpointStorage | undefined> {
    this.rawCheckpoints ??= this.store().then(async () => {
      const { defaultStoreSpec, parseStoreSpec } = await stores();
      const { openCheckpointStorage } = await import('../store/checkpoint-storage');
      return openCheckpointStorage(parseStoreSpec(this.storeSpec ?? defaultStoreSpec()));
    });
    return this.rawCheckpoints;
  }

  /** Officers' token hashes: beside the log (its SQLite file or PostgreSQL schema), or --credentials / LEDGER_CREDENTIALS. */
  credentials(): Promise<CredentialStore> {
    const file = this.opts.string('credentials') ?? (process.env.LEDGER_CREDENTIALS?.trim() || undefined);
    this.credentialsPromise ??= this.store().then(async () => {
      const { defaultStoreSpec, parseStoreSpec } = await stores();
      const { openCredentialStore } = await import('../store/credentials');
      return openCredentialStore(parseStoreSpec(this.storeSpec ?? defaultStoreSpec()), file);
    });
    return this.credentialsPromise;
  }

  /** The officers, to appoint and revoke (`write`) or only to list them (`read`, which never creates a ledger). */
  async officers(mode: 'write' | 'read' = 'write'): Promise<Officers> {
    const { Officers } = await import('../../app/officers');
    return new Officers(await (mode === 'read' ? this.readLedger() : this.ledger()), await this.credentials());
  }

  /**
   * Closes what the command opened. A ledger file this command created stays only if it recorded something (or the
   * command was `init`): a refused first import leaves no empty ledger behind.
   */
  async close(keepCreated = false): Promise<void> {
    if (this.credentialsPromise) await (await this.credentialsPromise.catch(() => undefined))?.close();
    if (this.rawCheckpoints) await (await this.rawCheckpoints.catch(() => undefined))?.close().catch(() => undefined);
    if (!this.storePromise) return;
    const store = await this.storePromise;
    // credentials live in the same file: a command that stored any keeps it
    const empty = this.created !== undefined && !keepCreated && this.credentialsPromise === undefined && (await store.headPosition()) === 0;
    await store.close();
    if (this.created === undefined) return;
    if (empty) for (const suffix of ['', '-wal', '-shm']) fs.rmSync(`${this.created}${suffix}`, { force: true });
  }

  print(value: unknown, text: () => string): void {
    this.out(this.json ? JSON.stringify(value, null, 2) : text());
  }
}

const savedProjectionWarning = (what: string, e: unknown): string =>
  `warning: the saved projection could not be ${what} (${e instanceof Error ? e.message : String(e)}); the answer is folded from the log and is the same`;

const warningOnFailure = (storage: CheckpointStorage, warn: (text: string) => void): CheckpointStorage => {
  const said = new Set<string>();
  const warning = (what: string, e: unknown): void => {
    const text = savedProjectionWarning(what, e);
    if (!said.has(text)) warn(text);
    said.add(text);
  };
  // a read that fails is no answer from the model: the caller folds the log instead
  const orNothing = <A>(read: Promise<A | undefined>): Promise<A | undefined> =>
    read.catch((e: unknown) => {
      warning('read', e);
      return undefined;
    });
  return {
    load: (name, chunk, skip) => orNothing(storage.load(name, chunk, skip)),
    loadPart: (name, part, fromSeq, position) => orNothing(storage.loadPart(name, part, fromSeq, position)),
    loadParts: (name, parts) => orNothing(storage.loadParts(name, parts)),
    save: (name, position, header, chunks, drop, listModel, careerModel) => storage.save(name, position, header, chunks, drop, listModel, careerModel).catch((e: unknown) => warning('saved', e)),
    careerModelPosition: (ruleSet, format) => orNothing(storage.careerModelPosition(ruleSet, format)),
    readCareerPlayers: (query) => orNothing(storage.readCareerPlayers(query)),
    readCareer: (query) => orNothing(storage.readCareer(query)),
    listModelPosition: (ruleSet, format) => orNothing(storage.listModelPosition(ruleSet, format)),
    listModelRowCount: (ruleSet, format) => orNothing(storage.listModelRowCount(ruleSet, format)),
    readList: (query) => orNothing(storage.readList(query)),
    readListHeadOf: (query) => orNothing(storage.readListHeadOf(query)),
    readListHistory: (query) => orNothing(storage.readListHistory(query)),
    readListComparison: (query) => orNothing(storage.readListComparison(query)),
    readListChanges: (query) => orNothing(storage.readListChanges(query)),
    moveHeader: (name, from, position, header) =>
      storage.moveHeader(name, from, position, header).catch((e: unknown) => {
        warning('saved', e);
        return false;
      }),
    drop: (names) => storage.drop(names).catch((e: unknown) => warning('dropped', e)),
    close: () => storage.close().catch(() => undefined),
  };
};

/** What runs a command; its declaration (declaration.ts) names it and loads this only when it runs. */
export interface CommandRun {
  run(ctx: CliContext): Promise<number>;
}
