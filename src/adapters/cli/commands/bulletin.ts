import { bulletin, type Bulletin } from '../../../app/bulletin';
import { loadFacts } from '../../../app/load';
import { LIST_PRINTER } from '../../formats/list-printer';
import type { CommandRun } from '../context';

const signed = (n: number): string => (n > 0 ? `+${n}` : String(n));

/** The bulletin as a person reads it in a terminal: one block per part, a sentence where a part is empty. */
const bulletinText = (b: Bulletin): string => {
  const part = (title: string, none: string, lines: readonly string[]) => [``, title, ...(lines.length === 0 ? [`  ${none}`] : lines.map((l) => `  ${l}`))];
  return [
    `bulletin of ${b.listId} (${b.ruleSet}, as of ${b.asOf}) ${b.previous === null ? `— the first ${b.ruleSet} list published: every player is new` : `since ${b.previous.listId} (as of ${b.previous.asOf})`}`,
    ...part('new players', 'none', b.newPlayers.map((p) => `${p.name} (${p.playerId}) ${p.rating}${p.grade === null ? '' : `, ${p.grade}`}`)),
    ...part('grade changes', 'none', b.grades.map((g) => `${g.name} (${g.playerId}) ${g.from ?? '-'} -> ${g.to ?? '-'}`)),
    ...part('biggest gains', 'nobody gained rating', b.gains.map((c) => `${c.name} (${c.playerId}) ${c.before} -> ${c.after} (${signed(c.change)})`)),
    ...part('biggest losses', 'nobody lost rating', b.losses.map((c) => `${c.name} (${c.playerId}) ${c.before} -> ${c.after} (${signed(c.change)})`)),
    ...part('corrections', 'no game corrected or withdrawn', b.corrections.map((c) => `${c.tournamentName} game ${c.gameId} ${c.kind}: ${c.reason}`)),
  ].join('\n');
};

export const listBulletin: CommandRun = {
  async run(ctx) {
    const listId = ctx.opts.required('published', 'the published list id, e.g. 2026-12');
    const found = bulletin(LIST_PRINTER, await loadFacts(await ctx.store()), listId);
    ctx.print(found, () => bulletinText(found));
    return 0;
  },
};
