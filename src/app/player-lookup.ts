import { playerStream } from '../../domain/events';
import { decodeRecorded } from './event-log';
import { LedgerFailure } from './failure';
import { personOf } from '../../domain/commands/state';
import type { Ledger } from './ledger';
import type { EventStore } from './ports/event-store';

const words = (text: string): string[] => text.toLowerCase().normalize('NFKC').split(/\s+/).filter((w) => w !== '');

/**
 * The player an officer names on the command line: his id, or else his name as the ledger knows it now ("Hansen",
 * "Hansen Ola", "Ola Hansen"; case and word order do not matter). One person of that name is him; several are listed
 * with their ids so the officer can choose; none is an unknown player, with the nearest name when `nearest` (the
 * CLI's typo rule) finds one. An id merged into another is found by the name it was registered under (its record is
 * the survivor's, and its history says so); one person under two ids is one match. An id is checked first and costs
 * one stream read; a name is looked up among the registered players (the deciders' state).
 */
export const resolvePlayer = async (store: EventStore, ledger: () => Promise<Ledger>, given: string, nearest?: (typed: string, known: readonly string[]) => string | undefined): Promise<string> => {
  if ((await store.readStream(playerStream(given))).length > 0) return given;
  const wanted = words(given);
  if (wanted.length === 0) throw new LedgerFailure('not-found', `unknown player "${given}"`);
  const state = await (await ledger()).catchUp();
  const named = [...state.players].map(([id, p]) => {
    const r = p.current ?? p.registration;
    return { id, name: `${r.familyName}${r.givenName ? ` ${r.givenName}` : ''}`, person: personOf(state, id) };
  });
  const matches = named.filter((m) => wanted.every((w) => words(m.name).includes(w)));
  // one person: the survivor when he is among the matches, else the merged id that bears the name
  const people = new Map<string, { id: string; name: string }>();
  for (const m of matches) if (!people.has(m.person) || m.id === m.person) people.set(m.person, m);
  const found = [...people.values()];
  if (found.length === 1) return found[0]!.id;
  if (found.length === 0) {
    const near = nearest?.(given, [...new Set(named.flatMap((m) => [m.name, m.name.split(' ')[0]!]))]);
    const bearers = near === undefined ? [] : named.filter((m) => m.name === near || m.name.split(' ')[0] === near).slice(0, 5);
    const hint = bearers.length === 0 ? '' : `; did you mean ${bearers.map((m) => `${m.name} (${m.id})`).join(', ')}?`;
    throw new LedgerFailure('not-found', `unknown player "${given}": no player has that id or name${hint}`);
  }
  const shown = found.slice(0, 10).map((m) => `${m.id} (${m.name})`).join(', ');
  throw new LedgerFailure('bad-input', `"${given}" names ${found.length} players: ${shown}${found.length > 10 ? ', …' : ''}; give the id`);
};

/**
 * The person an id stands for now: the survivor of the last merge of it the log holds (an unmerge undoes it), else
 * the id itself — whom the lists and diffs name an absorbed id's games by. Read from the ids' own streams (a merge
 * is recorded in the absorbed id's), a few at most: a survivor merged in turn is followed.
 */
export const personNow = async (store: EventStore, id: string): Promise<string> => {
  const seen = new Set<string>();
  let person = id;
  while (!seen.has(person)) {
    seen.add(person);
    const identity = (await store.readStream(playerStream(person))).map((r) => decodeRecorded(r).event).filter((e) => e.type === 'PlayersMerged' || e.type === 'PlayersUnmerged').at(-1);
    if (identity?.type !== 'PlayersMerged') return person;
    person = identity.survivor;
  }
  return person;
};
