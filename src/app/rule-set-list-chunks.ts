/**
 * How a non-FESA rule set's list model (rule-set-list-model.ts) is laid out next to the log: its names and its
 * versions in chunks of 20,000 items, the versions in the fold's order (their dates never go back), and a header
 * indexing every chunk — its hash and, for a versions chunk, the date of its last version. A fold resumed at a cut
 * reads and writes the chunks from the first one holding a version dated from the cut on, not the whole model (at a
 * million games, a fide list of a few hundred thousand versions); a whole read still hashes every chunk against the
 * index, and the index against the header's fingerprint, so a chunk changed by hand is told as before.
 */
import { hash53 } from './list-model';
import type { CheckpointStorage } from './ports/checkpoint-storage';

/** The saved layout: a model of another format is never read (the next read makes it anew). 2: chunks indexed in the header. */
export const RULE_SET_LIST_MODEL_FORMAT = 2;
/**
 * Each rule set's model is saved twice: whole, and as its head — every player's last entry alone, with the names of
 * those who have one — which answers a list as of any date from the last entry's on (today's, the usual one) from a
 * third of the rows.
 */
export type Kind = 'whole' | 'head';
export const modelName = (ruleSet: string, kind: Kind): string => `rule-set-list-${RULE_SET_LIST_MODEL_FORMAT}:${ruleSet}${kind === 'head' ? ':head' : ''}`;
/** The name of the same model in the format before (1: no index), dropped as this one is saved (it would fill the file for good). */
const formerName = (name: string): string => name.replace(`rule-set-list-${RULE_SET_LIST_MODEL_FORMAT}:`, 'rule-set-list-1:');

/** One player's entry after a timeline item: [state key, date, rating (null: unrated), games, provisional, grade (null: none or no grades), last played]. */
export type Version = readonly [string, string, number | null, number, 0 | 1, string | null, string | null];
/** How the list names a state key, as known at the model's position: [state key, id, name, country]. */
export type Named = readonly [string, string, string, string];

/** Every chunk as saved: the names' hashes, and each versions chunk's hash and the date of its last version. */
export interface ChunkIndex {
  readonly names: readonly string[];
  readonly versions: readonly (readonly [hash: string, lastDate: string])[];
}

export interface Header {
  readonly format: number;
  readonly ruleSet: string;
  readonly position: number;
  /** The chain hash of the log's event at `position` (a model of another log, or of an edited one, is not read). */
  readonly head: string | null;
  /** The last position of a fact the fold read: a list known at a position from it on is this model's. */
  readonly lastFact: number;
  /** The date of the last entry: a head model answers the lists as of it and later only. */
  readonly through: string;
  /** Whether the rule set gives grades (its versions' grade is then the list's grade column). */
  readonly grades: boolean;
  /** Where the fold stops (a list as of that date or later is its error). */
  readonly failure?: { readonly date: string; readonly message: string };
  /** The fingerprint of the versions and names as saved: over the index's hashes, names first. */
  readonly fp: number;
  readonly index: ChunkIndex;
}

/**
 * The versions chunks before `seq`, kept as saved by a fold resumed after them (their texts read only to be written
 * again; undefined where they were saved again meanwhile or no longer match the index: changed by hand).
 */
export interface KeptChunks {
  readonly seq: number;
  readonly index: ChunkIndex['versions'];
  readonly texts: () => Promise<readonly string[] | undefined>;
}

export interface Model {
  readonly header: Header;
  /** The versions from the chunk `kept.seq` on (every one where nothing is kept). */
  readonly versions: readonly Version[];
  readonly names: readonly Named[];
  /** The fingerprint of the chunks as saved or loaded (NaN: a chunk read no longer matches the index). */
  readonly fp: number;
  /** The chunks before `versions`, as saved (none: `versions` are all of them). */
  readonly kept?: KeptChunks;
}

/** The saved chunks' fingerprint, over their text as saved (a read hashes what it loads, nothing is written out again). */
export const fingerprint = (chunks: readonly string[]): number => fingerprintOfHashes(chunks.map((c) => hash53(c).toString(36)));
const fingerprintOfHashes = (hashes: readonly string[]): number => hash53(hashes.join('|'));

/** How many items a chunk holds: a setting, not a constant, so that a test's small models have many chunks. */
export const listModelChunkSettings = { items: 20_000 };

/** How many models this thread saved with chunks kept as saved, and of their heads how many from the saved head (an instrument for tests). */
export const ruleSetListModelTails = { saved: 0, headsAfter: 0 };

const itemsIn = <T>(items: readonly T[]): T[][] => {
  const n = listModelChunkSettings.items;
  const chunks: T[][] = [];
  for (let seq = 0; seq * n < items.length; seq++) chunks.push(items.slice(seq * n, (seq + 1) * n));
  return chunks;
};

/** The chunks of `versions` (from sequence `kept.seq` on, after the kept ones) and `names`, their index and fingerprint. */
export const chunksOf = (versions: readonly Version[], names: readonly Named[], kept?: KeptChunks): { readonly names: string[]; readonly versions: string[]; readonly index: ChunkIndex; readonly fp: number } => {
  const nameTexts = itemsIn(names).map((c) => JSON.stringify(c));
  const versionChunks = itemsIn(versions);
  const versionTexts = versionChunks.map((c) => JSON.stringify(c));
  const index: ChunkIndex = {
    names: nameTexts.map((t) => hash53(t).toString(36)),
    versions: [...(kept?.index ?? []), ...versionTexts.map((t, i) => [hash53(t).toString(36), versionChunks[i]!.at(-1)![1]] as const)],
  };
  return { names: nameTexts, versions: versionTexts, index, fp: fingerprintOfHashes([...index.names, ...index.versions.map(([h]) => h)]) };
};

/** Saves a model (its kept chunks as they were saved, read back as texts). False: they were saved again meanwhile. */
export const saveChunked = async (storage: CheckpointStorage, name: string, model: Model, header: Header): Promise<boolean> => {
  const { names, versions } = chunksOf(model.versions, model.names, model.kept);
  const kept = model.kept === undefined ? [] : await model.kept.texts();
  if (kept === undefined) return false;
  if (kept.length > 0) ruleSetListModelTails.saved++;
  const chunks = [...names.map((t, seq) => ['names', seq, t] as const), ...[...kept, ...versions].map((t, seq) => ['versions', seq, t] as const)];
  await storage.save(name, header.position, JSON.stringify(header), chunks, [formerName(name)]);
  return true;
};

const headerOf = (text: string, ruleSet: string): Header | undefined => {
  const header = JSON.parse(text) as Header;
  return header.format === RULE_SET_LIST_MODEL_FORMAT && header.ruleSet === ruleSet && header.index !== undefined ? header : undefined;
};

/** The saved model of `ruleSet` as saved, every chunk read (undefined: none of this format). */
export const loadModel = async (storage: CheckpointStorage, ruleSet: string, kind: Kind = 'whole'): Promise<Model | undefined> => {
  const parts: { versions: Version[]; names: Named[] } = { versions: [], names: [] };
  const texts: string[] = [];
  const text = await storage.load(modelName(ruleSet, kind), (part, data) => {
    texts.push(data);
    if (part === 'versions' || part === 'names') for (const item of JSON.parse(data) as never[]) parts[part].push(item);
  });
  const header = text === undefined ? undefined : headerOf(text, ruleSet);
  return header && { header, ...parts, fp: fingerprint(texts) };
};

/**
 * The saved whole model of `ruleSet` from its first chunk holding a version dated on or after `from` (the chunks
 * before it kept as saved, read back only when written again), its names whole; undefined: none of this format. Its
 * `fp` is the header's where every chunk read matches the index and the index the header, else NaN (changed by hand).
 */
export const loadModelFrom = async (storage: CheckpointStorage, ruleSet: string, from: string): Promise<Model | undefined> => {
  const name = modelName(ruleSet, 'whole');
  const names: Named[] = [];
  const nameTexts: string[] = [];
  const text = await storage.load(name, (part, data) => {
    if (part !== 'names') return;
    nameTexts.push(data);
    for (const item of JSON.parse(data) as Named[]) names.push(item);
  }, ['versions']);
  const header = text === undefined ? undefined : headerOf(text, ruleSet);
  if (header === undefined) return undefined;
  const { index } = header;
  let seq = index.versions.findIndex(([, last]) => last >= from);
  if (seq < 0) seq = index.versions.length;
  const texts = seq < index.versions.length ? await storage.loadPart(name, 'versions', seq, header.position) : [];
  if (texts === undefined) return undefined;
  const versions: Version[] = [];
  for (const t of texts) for (const v of JSON.parse(t) as Version[]) versions.push(v);
  const matches =
    texts.length === index.versions.length - seq &&
    texts.every((t, i) => hash53(t).toString(36) === index.versions[seq + i]![0]) &&
    nameTexts.length === index.names.length &&
    nameTexts.every((t, i) => hash53(t).toString(36) === index.names[i]) &&
    fingerprintOfHashes([...index.names, ...index.versions.map(([h]) => h)]) === header.fp;
  const kept: KeptChunks = {
    seq,
    index: index.versions.slice(0, seq),
    // each checked against the index it is saved again under: a chunk changed by hand is not carried forward as saved
    texts: async () => {
      if (seq === 0) return [];
      const read = (await storage.loadPart(name, 'versions', 0, header.position))?.slice(0, seq);
      return read !== undefined && read.length === seq && read.every((t, i) => hash53(t).toString(36) === index.versions[i]![0]) ? read : undefined;
    },
  };
  return { header, versions, names, fp: matches ? header.fp : NaN, kept };
};
