import { playerStream } from '../../domain/events';
import { LedgerFailure } from './failure';
import type { Ledger } from './ledger';
import type { EventStore } from './ports/event-store';

const words = (text: string): string[] => text.toLowerCase().normalize('NFKC').split(/\s+/).filter((w) => w !== '');

/**
 * The player an officer names on the command line: his id, or else his name as the ledger knows it now ("Hansen",
 * "Hansen Ola", "Ola Hansen"; case and word order do not matter). One player of that name is him; several are listed
 * with their ids so the officer can choose; none is an unknown player. An id is checked first and costs one stream
 * read; a name is looked up among the registered players (the deciders' state).
 */
export const resolvePlayer = async (store: EventStore, ledger: () => Promise<Ledger>, given: string): Promise<string> => {
  if ((await store.readStream(playerStream(given))).length > 0) return given;
  const wanted = words(given);
  if (wanted.length === 0) throw new LedgerFailure('not-found', `unknown player "${given}"`);
  const state = await (await ledger()).catchUp();
  const matches: { id: string; name: string }[] = [];
  for (const [id, p] of state.players) {
    if (p.mergedInto !== undefined) continue;
    const r = p.current ?? p.registration;
    const name = `${r.familyName}${r.givenName ? ` ${r.givenName}` : ''}`;
    const have = words(name);
    if (wanted.every((w) => have.includes(w))) matches.push({ id, name });
  }
  if (matches.length === 1) return matches[0]!.id;
  if (matches.length === 0) throw new LedgerFailure('not-found', `unknown player "${given}": no player has that id or name`);
  const shown = matches.slice(0, 10).map((m) => `${m.id} (${m.name})`).join(', ');
  throw new LedgerFailure('bad-input', `"${given}" names ${matches.length} players: ${shown}${matches.length > 10 ? ', …' : ''}; give the id`);
};
