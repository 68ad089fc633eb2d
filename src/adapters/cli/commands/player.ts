import { nameKey } from '../../../../projections/fesa/history';
import { loadFacts } from '../../../app/load';
import { foldOrThrow } from '../../../app/lists';
import { CommandRejected } from '../../../app/ledger';
import { UsageError } from '../args';
import type { CliCommand } from '../context';
import { table } from '../output';

const list: CliCommand = {
  name: 'player list',
  summary: 'every registered player: id, name, country, club, registration date',
  usage: 'player list [--json]',
  async run(ctx) {
    const state = await (await ctx.ledger()).catchUp();
    const rows = [...state.players.values()].map(({ registration: r }) => ({
      id: r.playerId as string,
      family: r.familyName as string,
      given: r.givenName,
      country: r.country,
      club: r.club ?? '',
      registered: r.validDate as string,
    }));
    ctx.print(rows, () => (rows.length === 0 ? 'no players yet (ledger player add)' : table(['id', 'family', 'given', 'country', 'club', 'registered'], rows.map((r) => [r.id, r.family, r.given, r.country, r.club, r.registered]))));
    return 0;
  },
};

const show: CliCommand = {
  name: 'player show',
  summary: "a player's registration, declared grades, tournaments and place on today's FESA list",
  usage: 'player show ID [--json]',
  async run(ctx) {
    const id = ctx.opts.positional[0];
    if (!id) throw new UsageError('missing the player id: ledger player show ID');
    const state = await (await ctx.ledger()).catchUp();
    const player = state.players.get(id);
    if (!player) throw new CommandRejected(`unknown player "${id}" (ledger player list shows the registered ones)`);
    const r = player.registration;
    const tournaments = [...state.tournaments.values()]
      .filter((t) => [...t.games.values()].some((g) => !g.withdrawn && (g.facts.first === id || g.facts.second === id)))
      .map((t) => ({ id: t.registration.tournamentId as string, end: t.registration.endDate as string, closed: t.closed !== undefined }));
    const folded = foldOrThrow(await loadFacts(await ctx.store()), { runs: 'none' });
    const key = nameKey({ lastName: r.familyName, firstName: r.givenName });
    const place = folded.list.findIndex((p) => nameKey(p) === key);
    const record = place >= 0 ? folded.list[place]! : undefined;
    const shown = {
      id: r.playerId as string,
      family: r.familyName as string,
      given: r.givenName,
      country: r.country,
      club: r.club ?? null,
      birthYear: r.birthYear ?? null,
      registered: r.validDate as string,
      priorGrades: Object.fromEntries(player.priorGrades),
      tournaments,
      fesa: record ? { place: place + 1, rating: record.eloNumber, grade: record.gradeLevel > 0 ? `${record.gradeLevel} ${record.gradeName}` : null, lastPlayed: record.lastPlayed } : null,
    };
    ctx.print(shown, () =>
      [
        `${shown.id}  ${shown.family}${shown.given ? `, ${shown.given}` : ''}  (${shown.country}${shown.club ? `, ${shown.club}` : ''}${shown.birthYear ? `, born ${shown.birthYear}` : ''})`,
        `registered ${shown.registered}${Object.keys(shown.priorGrades).length > 0 ? `; declared ${Object.entries(shown.priorGrades).map(([source, grade]) => `${grade} (${source})`).join(', ')}` : ''}`,
        shown.fesa ? `FESA list today: #${shown.fesa.place}, rating ${shown.fesa.rating}${shown.fesa.grade ? `, ${shown.fesa.grade}` : ''}, last played ${shown.fesa.lastPlayed ?? '-'}` : 'not on the FESA list (no rated game yet)',
        tournaments.length === 0 ? 'no games reported' : `games in: ${tournaments.map((t) => `${t.id} (${t.end}${t.closed ? '' : ', not closed'})`).join(', ')}`,
        `ledger history ${shown.id} shows the ratings and grades over time`,
      ].join('\n'),
    );
    return 0;
  },
};

export const playerCommands: readonly CliCommand[] = [list, show];
