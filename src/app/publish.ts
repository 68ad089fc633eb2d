import * as E from 'fp-ts/Either';
import type { Command } from '../../domain/commands/decide';
import { toEvent } from '../../domain/commands/decide';
import { streamsReadBy } from '../../domain/commands/reads';
import { CommandRejected } from './errors';
import type { ExecuteResult, Ledger } from './ledger';
import { contentHash, foldOrThrow, listBytes, renderList, type ListFormat } from './lists';
import { loadFacts } from './load';
import type { ListPrinter } from './ports/list-printer';
import type { LoggedEvent } from '../../domain/events';
import { isGenericRuleSet } from '../../projections/generic/systems';
import { ruleSetList } from './rule-set-list';
import { renderRuleSetList } from './rule-set-publication';
import { readFacts } from './event-log';
import { listKnownAt } from './list-known-at';
import { changesTheLists } from './checkpoint';
import { LIST_MODEL_FORMAT } from './list-model';
import type { CheckpointStorage } from './ports/checkpoint-storage';
import type { EventStore } from './ports/event-store';

type PublishCommand = Extract<Command, { kind: 'PublishRatingList' }>;

/**
 * What a caller asks to publish: the list, never its hash (a caller may state the hash it expects) nor the event it
 * is based on (the ledger's own).
 */
export type PublishRequest = Omit<PublishCommand, 'kind' | 'contentHash' | 'basedOn'> & { readonly contentHash?: unknown };

export interface Published {
  readonly result: ExecuteResult;
  readonly contentHash: string;
  /** The list's bytes exactly as published (and as `verify` writes them again). */
  readonly bytes: Buffer;
}

/**
 * Publishes a list: the ledger writes it from the facts the decision is based on and records its hash, so that every
 * published list can be written again byte for byte (`verify`, `list --published`). A hash the caller states must be
 * the ledger's: a caller that expects other bytes is told so and nothing is recorded. The CLI and the HTTP API both
 * publish through here.
 */
/** The list as the publication writes it: a FESA list, or any other rule set's (everybody rated unless told). */
const listText = (printer: ListPrinter, facts: readonly LoggedEvent[], request: PublishRequest, format: ListFormat): string => {
  if (isGenericRuleSet(request.ruleSet)) return renderRuleSetList(printer, ruleSetList(facts, request.ruleSet, { asOf: request.asOf, activeYears: request.activeYears ?? 0, entry: request.entry ?? 'system' }), format);
  const folded = foldOrThrow(facts, { ruleSet: request.ruleSet, asOf: request.asOf, runs: 'none' });
  return renderList(printer, folded, request.asOf, format, request.activeYears ?? 2);
};

/**
 * A FESA list as known at `position` from its saved read model (what `ledger list --known-at` prints, the model
 * caught up first when behind), with the id of the fact at `position`: no fold of the log. Undefined where no model
 * answers (EventStoreDB, another rule set, a model that does not match the log): the caller folds.
 */
const fromModel = async (printer: ListPrinter, store: EventStore, storage: CheckpointStorage | undefined, request: PublishRequest, format: ListFormat, position: number): Promise<{ text: string; basedOn: string | null } | undefined> => {
  if (storage === undefined || request.ruleSet === undefined || isGenericRuleSet(request.ruleSet)) return undefined;
  // a model saved before facts that change no list (a publication, an officer's appointment) answers as at `position`
  const saved = await storage.listModelPosition(request.ruleSet, LIST_MODEL_FORMAT);
  const knownAt = saved !== undefined && saved < position && !(await changesTheLists(store, saved, position)) ? saved : position;
  const read = await listKnownAt(printer, store, storage, { ruleSet: request.ruleSet, asOf: request.asOf, format, activeYears: request.activeYears ?? 2, knownAt });
  if (read === undefined) return undefined;
  let basedOn: string | null = null;
  for await (const batch of readFacts(store, { fromPosition: Math.max(0, position - 1), toPosition: position })) for (const f of batch) basedOn = f.event.eventId;
  return { text: read.text, basedOn };
};

/** `storage`: the read models saved beside the log, where the caller has them (the list is then read, not folded). */
export const publishList = async (ledger: Ledger, printer: ListPrinter, request: PublishRequest, storage?: CheckpointStorage): Promise<Published> => {
  let published: { contentHash: string; bytes: Buffer } | undefined;
  const result = await ledger.execute(async (state) => {
    // every field checked before the fold: a list is written only for a date, rule set and format that can be recorded
    const { contentHash: stated, ...fields } = request;
    if ('basedOn' in fields) throw new CommandRejected('PublishRatingList: field `basedOn`: the ledger records which event a list is written from; leave it out');
    const placeholder: PublishCommand = { ...fields, kind: 'PublishRatingList', contentHash: '0'.repeat(64) };
    const checked = toEvent(placeholder, state);
    if (E.isLeft(checked)) throw new CommandRejected(checked.left);
    const format = request.format as ListFormat;
    const read = await fromModel(printer, ledger.store, storage, request, format, state.position);
    const facts = read === undefined ? await loadFacts(ledger.store, { position: state.position }) : [];
    const bytes = listBytes(read?.text ?? listText(printer, facts, request, format), format);
    const hash = contentHash(bytes);
    if (stated !== undefined && stated !== hash) {
      throw new CommandRejected(`PublishRatingList: field \`contentHash\`: the ledger writes list "${request.listId}" with the SHA-256 ${hash}, not ${JSON.stringify(stated)}; leave contentHash out and the ledger records the hash of the list it writes`);
    }
    published = { contentHash: hash, bytes };
    // the publication may land after facts another writer recorded meanwhile: it names the last fact the list is from
    return { ...placeholder, contentHash: hash, basedOn: read === undefined ? (facts.at(-1)?.event.eventId ?? null) : read.basedOn };
    // the decider reads the published lists alone; the list is written at the head of the log
  }, { reads: streamsReadBy({ kind: 'PublishRatingList', listId: request.listId } as PublishCommand) });
  return { result, ...published! };
};
