import * as E from 'fp-ts/Either';
import type { Command } from '../../domain/commands/decide';
import { canonicalJson, decide } from '../../domain/commands/decide';
import type { LedgerState } from '../../domain/commands/state';
import { evolve, forkLedgerState, initialLedgerState } from '../../domain/commands/state';
import { streamsReadBy, type StreamIndex, type StreamsRead } from '../../domain/commands/reads';
import type { DomainEvent } from '../../domain/events';
import { readDomainEvents, toNewEvent } from './event-log';
import type { EventStore, StreamAppend } from './ports/event-store';
import { ConcurrencyError, DuplicateEventError } from './ports/event-store';
import { CommandRejected } from './errors';
import { LedgerFailure } from './failure';
import { StreamTails, type StreamEvent } from './stream-tails';

export { CommandRejected };

export interface ExecuteResult {
  readonly status: 'appended' | 'unchanged';
  readonly stream: string;
  readonly events: readonly DomainEvent[];
  readonly position?: number;
}

/** How a write is made: `dryRun` decides without appending; `inspect` sees the decided draft before it is appended. */
export interface WriteOptions {
  readonly dryRun?: boolean;
  readonly inspect?: (draft: Draft) => void | Promise<void>;
  /**
   * The streams the decision reads (domain/commands/reads.ts), for a ledger that decides from streams; without them
   * it folds the whole log. `execute` finds them itself for a command given as a value.
   */
  readonly reads?: StreamsRead;
}

/**
 * Where a ledger's decisions read the facts from: `whole-log` keeps the deciders' state of the whole log and catches
 * it up; `streams` folds only the streams each decision reads (a CLI write, a fresh process that would otherwise fold
 * a million events to decide one; a server, which would otherwise fold them before it listens).
 */
export type DecideFrom = 'whole-log' | 'streams';

/**
 * How often a decision is made again on the fresh log after another writer got in first. Every lost race means
 * another writer succeeded, so with n writers at once each needs at most n attempts; past this many the conflict
 * goes to the user.
 */
export const MAX_ATTEMPTS = 32;

/**
 * Thrown by a decision whose own reads beside its streams (a saved projection it restored) moved after the streams
 * were read: `decideAll` reads the streams again and decides again, as after a lost race.
 */
export class DecideAgain extends LedgerFailure {
  constructor() {
    // (the message a user reads once the attempts run out)
    super('conflict', 'other writers kept recording facts this decision reads while it was made; nothing was recorded: run the command again');
  }
}

/**
 * One user-level operation being decided: its commands are decided one after the other against the ledger's state
 * plus the events decided so far, and nothing is written until `Ledger.decideAll` appends all of them at once.
 */
export class Draft {
  private forked = false;
  /** Decided events not yet folded into `current` (folding forks the state, which one command never needs). */
  private unfolded: DomainEvent[] = [];
  private readonly decided: { stream: string; event: DomainEvent }[] = [];

  constructor(private current: LedgerState) {}

  /** The ledger's state with every event decided so far. */
  get state(): LedgerState {
    if (this.unfolded.length > 0) {
      if (!this.forked) this.current = forkLedgerState(this.current);
      this.forked = true;
      for (const event of this.unfolded) evolve(this.current, event);
      this.unfolded = [];
    }
    return this.current;
  }

  /** Decides one command; a refusal is thrown as CommandRejected and the caller says where it came from. */
  decide(command: Command): ExecuteResult {
    const decision = decide(command, this.state);
    if (E.isLeft(decision)) throw new CommandRejected(decision.left);
    const { stream, events } = decision.right;
    this.unfolded.push(...events);
    for (const event of events) this.decided.push({ stream, event });
    return { status: events.length === 0 ? 'unchanged' : 'appended', stream, events };
  }

  get events(): readonly DomainEvent[] {
    return this.decided.map((d) => d.event);
  }

  /**
   * The decided events as store parts, in decision order: consecutive events of one stream form one part. Each
   * part's expected revision is the stream's revision the decisions were based on plus the parts before it.
   */
  parts(): StreamAppend[] {
    const revisions = this.current.streamRevisions; // evolve without a recorded position leaves them as read
    const pending = new Map<string, number>();
    const parts: { streamId: string; events: DomainEvent[]; expected: StreamAppend['expected'] }[] = [];
    for (const { stream, event } of this.decided) {
      const last = parts[parts.length - 1];
      if (last?.streamId === stream) last.events.push(event);
      else {
        const base = revisions.get(stream);
        const before = pending.get(stream) ?? 0;
        const at = base === undefined ? before - 1 : base + before;
        parts.push({ streamId: stream, events: [event], expected: at < 0 ? 'no_stream' : at });
      }
      pending.set(stream, (pending.get(stream) ?? 0) + 1);
    }
    return parts.map((p) => ({ ...p, events: p.events.map(toNewEvent) }));
  }
}

/** The index of a ledger that has none: a read that asks it is decided from the whole log (see decisionState). */
const NO_INDEX: StreamIndex = { tournamentsNaming: () => [], absorbedInto: () => [], balanceHolder: () => undefined };

/**
 * The write side: folds the log into the deciders' state, decides each operation, appends its events in one
 * transaction at the stream revisions the decision was based on. A writer that lost a race decides again on the
 * fresh log (a few times): only a decision the other writer really changed is refused; resubmitting the same
 * command is a no-op.
 */
export class Ledger {
  private state: LedgerState = initialLedgerState();
  /** The streams decisions read, kept between decisions (a server decides many into the same tournament). */
  private readonly streams: StreamTails;

  /**
   * `streamIndex`: where a decision from streams learns the streams no command names (a merge's and an opening
   * balance's games, src/app/stream-index.ts); without it, or when it has none, those decide from the whole log.
   */
  constructor(
    readonly store: EventStore,
    private readonly decideFrom: DecideFrom = 'whole-log',
    keptEvents?: number,
    private readonly streamIndex?: (options: { readonly save: boolean }) => Promise<StreamIndex | undefined>,
  ) {
    this.streams = new StreamTails(store, keptEvents);
  }

  /** The deciders' state as the last catch-up left it, without reading the log (e.g. what a server folded at start-up). */
  get lastCaughtUp(): LedgerState {
    return this.state;
  }

  private catchingUp: Promise<LedgerState> | undefined;

  /**
   * Brings the deciders' state up to the head of the log (incrementally). Callers at the same time share one read:
   * two reads from the same position would apply the same events twice (counters such as a game's corrections, which
   * number the next event ids, would count them twice).
   */
  catchUp(): Promise<LedgerState> {
    this.catchingUp ??= this.readNewEvents().finally(() => {
      this.catchingUp = undefined;
    });
    return this.catchingUp;
  }

  private async readNewEvents(): Promise<LedgerState> {
    for await (const batch of readDomainEvents(this.store, { fromPosition: this.state.position })) {
      for (const logged of batch) if (logged.globalPosition > this.state.position) evolve(this.state, logged.event, logged);
    }
    return this.state;
  }

  /**
   * The deciders' state folded from the streams `reads` names (asked again with what was read until it names no new
   * stream), in the log's order. It holds each stream read at its revision, so an append checks exactly what the
   * decision saw of the streams it writes; the streams are read one after the other, as a whole-log decision reads
   * streams it does not write at an older position than the append.
   */
  async stateOfStreams(reads: StreamsRead, index: StreamIndex = NO_INDEX): Promise<LedgerState> {
    const read = new Set<string>();
    const logged: StreamEvent[] = [];
    for (let state = initialLedgerState(); ; ) {
      const fresh = [...new Set(reads(state, index))].filter((stream) => !read.has(stream));
      if (fresh.length === 0) {
        // read after the streams: every fact of theirs is at or before it
        if (reads.atHead) state.position = Math.max(state.position, await this.store.headPosition());
        return state;
      }
      for (const stream of fresh) {
        read.add(stream);
        logged.push(...(await this.streams.read(stream)));
      }
      logged.sort((a, b) => (a.globalPosition < b.globalPosition ? -1 : 1));
      state = initialLedgerState();
      for (const event of logged) evolve(state, event.event, event);
    }
  }

  /** The state a decision starts from: its streams' when this ledger decides from streams and knows them, else the whole log's. */
  private async decisionState(reads: StreamsRead | undefined, dryRun: boolean): Promise<LedgerState> {
    if (this.decideFrom !== 'streams' || reads === undefined) return this.catchUp();
    if (!reads.indexed) return this.stateOfStreams(reads);
    // a dry run leaves the store's file as it was: an index that would be saved is not asked
    const index = await this.streamIndex?.({ save: !dryRun });
    return index === undefined ? this.catchUp() : this.stateOfStreams(reads, index);
  }

  /**
   * One user-level operation: `build` decides its commands on a draft (and may read the draft's state between
   * them); then every event is appended at once, or nothing. When another writer changed one of the streams in
   * between, `build` runs again on the fresh state.
   */
  async decideAll<T>(build: (draft: Draft) => T | Promise<T>, options: WriteOptions = {}): Promise<{ value: T; events: readonly DomainEvent[]; position?: number }> {
    for (let attempt = 1; ; attempt++) {
      const draft = new Draft(await this.decisionState(options.reads, options.dryRun === true));
      let value: T;
      try {
        value = await build(draft);
      } catch (error) {
        if (error instanceof DecideAgain && attempt < MAX_ATTEMPTS) continue;
        throw error;
      }
      const parts = draft.parts();
      if (parts.length === 0) return { value, events: [] };
      if (options.dryRun) return { value, events: draft.events };
      try {
        const appended = await this.store.appendAll(parts);
        return { value, events: draft.events, position: appended[appended.length - 1]!.lastGlobalPosition };
      } catch (error) {
        const raced = error instanceof ConcurrencyError || error instanceof DuplicateEventError;
        if (!raced || attempt >= MAX_ATTEMPTS) throw error;
        // a random pause, so that writers who lost together do not race again in the same instant
        await new Promise((resolve) => setTimeout(resolve, Math.random() * 10 * Math.min(attempt, 10)));
      }
    }
  }

  /**
   * Decides one command and appends its event. `command` may be a function of the ledger's state when the ledger
   * computes part of it from the facts the decision is based on (a published list's hash: see app/publish.ts).
   */
  async execute(command: Command | ((state: LedgerState) => Command | Promise<Command>), options: WriteOptions = {}): Promise<ExecuteResult> {
    let decided: readonly DomainEvent[] = [];
    try {
      const { value, position } = await this.decideAll(async (draft) => {
        const result = draft.decide(typeof command === 'function' ? await command(draft.state) : command);
        decided = result.events;
        if (result.status === 'appended') await options.inspect?.(draft);
        return result;
      }, { ...options, reads: options.reads ?? (typeof command === 'function' ? undefined : streamsReadBy(command)) });
      return position === undefined ? value : { ...value, position };
    } catch (error) {
      if (error instanceof DuplicateEventError) return this.resolveDuplicate(error, decided);
      throw error;
    }
  }

  /** Another writer recorded the same event id first: fine if it is the same fact, an error if not. */
  private async resolveDuplicate(error: DuplicateEventError, events: readonly DomainEvent[]): Promise<ExecuteResult> {
    const [stored] = await this.store.findByEventIds([error.eventId]);
    const mine = events.find((e) => e.eventId === error.eventId);
    const strip = (e: unknown) => canonicalJson({ ...(e as object), actor: undefined });
    if (stored && mine && strip(stored.data) === strip(mine)) return { status: 'unchanged', stream: stored.streamId, events: [] };
    throw new CommandRejected(`event id "${error.eventId}" is already in the log with other content; the same id cannot name two different facts`);
  }
}
