import { nameKey } from '../../../../projections/fesa/history';
import { loadFacts } from '../../../app/load';
import { foldOrThrow } from '../../../app/lists';
import { CommandRejected } from '../../../app/ledger';
import { UsageError } from '../args';
import type { Command } from '../../../../domain/commands/decide';
import type { CliContext, CommandRun } from '../context';
import { today } from '../../clock';
import type { FieldInput } from '../../../app/game-rows';
import { csvAnswer, decideCsv, report } from './core';
import { recordAndReport } from '../consequences';
import { BALANCE_FIELDS } from '../csv-fields';
import { DECIMAL } from '../../../app/game-fields';
import { isValidIsoDate } from '../../../../domain/events/iso-date';
import { openingBalanceCommand, openingBalanceReads, type BalanceRequest } from '../../../app/opening-balance';
import { table } from '../output';
import type { LoggedEvent } from '../../../../domain/events';
import { ruleSetInForceOf, type LedgerState } from '../../../../domain/commands/state';
import { isGenericRuleSet } from '../../../../projections/generic/systems';
import { ruleSetCareers } from '../../../app/career-rule-sets';

export const list: CommandRun = {
  async run(ctx) {
    const state = await (await ctx.readLedger()).catchUp();
    // an id merged into another is that player: listed once, under the survivor (player show names the absorbed id)
    const rows = [...state.players.values()].filter((p) => !p.mergedInto).map((p) => p.current ?? p.registration).map((r) => ({
      id: r.playerId,
      family: r.familyName,
      given: r.givenName,
      country: r.country,
      club: r.club ?? '',
      registered: r.validDate,
    }));
    ctx.print(rows, () => (rows.length === 0 ? 'no players yet (ledger player add)' : table(['id', 'family', 'given', 'country', 'club', 'registered'], rows.map((r) => [r.id, r.family, r.given, r.country, r.club, r.registered]))));
    return 0;
  },
};

/**
 * His record under each non-FESA rule set he is rated under (an opening balance, or a tournament rated under it): the
 * rating and games its fold holds now, his grade after his last grade change, the system's counters and pending
 * ratification (as `history --rules S` and his page carry them). Folded only for a player with such a
 * fact — a FESA player's `player show` costs what it did.
 */
const ratedUnderOtherRuleSets = (facts: readonly LoggedEvent[], state: LedgerState, person: string, ids: ReadonlySet<string>, playedIn: readonly string[]) => {
  const balanced = [...state.openingBalances.values()].some((b) => ids.has(b.playerId) && isGenericRuleSet(b.ruleSet));
  const played = playedIn.some((id) => isGenericRuleSet(ruleSetInForceOf(state, state.tournaments.get(id)!.registration)));
  if (!balanced && !played) return [];
  return ruleSetCareers(facts, state, person).map((c) => ({
    ruleSet: c.ruleSet,
    rating: c.rating,
    games: c.games,
    grade: c.grades !== undefined ? (c.grades.at(-1)?.to ?? null) : undefined,
    lastTournament: c.tournaments.at(-1)?.endDate ?? null,
    ...(c.counters !== undefined ? { counters: c.counters } : {}),
    ...(c.ratificationRequested !== undefined ? { ratificationRequested: c.ratificationRequested } : {}),
  }));
};

/** Declared grades by date, in the order recorded on one date (the last of a date stands, as the lists read them). */
const byDate = <T extends { readonly date: string }>(grades: readonly T[]): T[] => [...grades].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));

export const show: CommandRun = {
  async run(ctx) {
    const id = ctx.opts.positional[0];
    if (!id) throw new UsageError('missing the player id: ledger player show ID');
    const state = await (await ctx.readLedger()).catchUp();
    const player = state.players.get(id);
    if (!player) throw new CommandRejected(`unknown player "${id}" (ledger player list shows the registered ones)`);
    // an absorbed id shows the survivor's record (its games are his); its own registration is kept and shown too
    const person = player.mergedInto?.survivor ?? id;
    const r = state.players.get(person)!.current ?? state.players.get(person)!.registration;
    const own = player.current ?? player.registration;
    const absorbed = [...state.players].filter(([, p]) => p.mergedInto?.survivor === person).map(([other]) => other);
    const ids = new Set([person, ...absorbed]);
    const tournaments = [...state.tournaments.values()]
      .filter((t) => [...t.games.values()].some((g) => !g.withdrawn && (ids.has(g.facts.first) || (g.facts.second !== null && ids.has(g.facts.second)))))
      .map((t) => ({ id: t.registration.tournamentId, end: t.registration.endDate, closed: t.closed !== undefined }));
    const facts = await loadFacts(await ctx.store());
    const folded = foldOrThrow(facts, { runs: 'none' });
    const otherRuleSets = ratedUnderOtherRuleSets(facts, state, person, ids, tournaments.map((t) => t.id));
    // the name the list knows him by (a namesake's is distinguished)
    const listed = folded.names.get(person);
    const place = listed === undefined ? -1 : folded.list.findIndex((p) => nameKey(p) === nameKey(listed));
    const record = place >= 0 ? folded.list[place]! : undefined;
    const shown = {
      id,
      ...(player.mergedInto ? { mergedInto: { survivor: person, merge: player.mergedInto.merge, date: player.mergedInto.validDate, registeredAs: `${own.familyName}${own.givenName ? `, ${own.givenName}` : ''}` } } : {}),
      ...(absorbed.length > 0 ? { absorbed } : {}),
      family: r.familyName as string,
      given: r.givenName,
      country: r.country,
      club: r.club ?? null,
      birthYear: r.birthYear ?? null,
      registered: r.validDate as string,
      // each body's grade as it stands now (its latest-dated declaration), and every declaration by date
      priorGrades: Object.fromEntries(byDate(player.priorGrades).map((d) => [d.source, d.grade])),
      declaredGrades: byDate(player.priorGrades),
      tournaments,
      fesa: record ? { place: place + 1, rating: record.eloNumber, grade: record.gradeLevel > 0 ? `${record.gradeLevel} ${record.gradeName}` : null, lastPlayed: record.lastPlayed } : null,
      ruleSets: otherRuleSets,
    };
    ctx.print(shown, () =>
      [
        ...(shown.mergedInto ? [`${id} (registered as ${shown.mergedInto.registeredAs}) is merged into ${person} since ${shown.mergedInto.date} (${shown.mergedInto.merge}); what follows is ${person}'s record`] : []),
        `${person}  ${shown.family}${shown.given ? `, ${shown.given}` : ''}  (${shown.country}${shown.club ? `, ${shown.club}` : ''}${shown.birthYear ? `, born ${shown.birthYear}` : ''})`,
        `registered ${shown.registered}${shown.declaredGrades.length > 0 ? `; declared ${shown.declaredGrades.map((d) => `${d.grade} (${d.source}, ${d.date})`).join(', ')}` : ''}`,
        shown.fesa ? `FESA list today: #${shown.fesa.place}, rating ${shown.fesa.rating}${shown.fesa.grade ? `, ${shown.fesa.grade}` : ''}, last played ${shown.fesa.lastPlayed ?? '-'}` : `not on the FESA list (no game rated under FESA${otherRuleSets.length > 0 ? '' : ' yet'})`,
        ...otherRuleSets.map((o) => `under ${o.ruleSet}: rating ${o.rating ?? '-'}${o.grade ? `, ${o.grade}` : ''}, ${o.games} rated games${o.lastTournament !== null ? `, last rated ${o.lastTournament}` : ''} (ledger history ${person} --rules ${o.ruleSet})`),
        tournaments.length === 0 ? 'no games reported' : `games in: ${tournaments.map((t) => `${t.id} (${t.end}${t.closed ? '' : ', not closed'})`).join(', ')}`,
        ...(absorbed.length > 0 ? [`merged into ${person}: ${absorbed.join(', ')} (the same person; ledger player unmerge ID undoes it)`] : []),
        `ledger history ${person} shows the ratings and grades over time`,
      ].join('\n'),
    );
    return 0;
  },
};

/** `player correct` and `player rename`: one fact, only the fields given, always with a reason. */
const correction = (ctx: CliContext, fields: Record<string, unknown>): Command =>
  ({
    kind: 'CorrectPlayerRegistration',
    validDate: today(),
    actor: ctx.actor,
    playerId: ctx.opts.required('id', 'player id'),
    reason: ctx.opts.required('reason', 'why the registration is corrected'),
    ...Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined)),
  });

export const correct: CommandRun = {
  async run(ctx) {
    const command = correction(ctx, {
      familyName: ctx.opts.string('family'),
      givenName: ctx.opts.string('given'),
      country: ctx.opts.string('country'),
      club: ctx.opts.string('club'),
      birthYear: ctx.opts.int('birth-year'),
      registeredOn: ctx.opts.date('registered'),
    });
    return report(ctx, await (await ctx.ledger()).execute(command), `registration of ${ctx.opts.string('id')} corrected`);
  },
};

export const rename: CommandRun = {
  async run(ctx) {
    const command = correction(ctx, { familyName: ctx.opts.required('family', 'the new family name'), givenName: ctx.opts.string('given') ?? '' });
    return report(ctx, await (await ctx.ledger()).execute(command), `${ctx.opts.string('id')} renamed`);
  },
};

/** `player grade`: a prior grade declared for a registered player, with what it changes in the lists. */
export const grade: CommandRun = {
  async run(ctx) {
    const playerId = ctx.opts.required('id', 'the registered player');
    const command: Command = {
      kind: 'DeclarePriorGrade', validDate: ctx.opts.date('date') ?? today(), actor: ctx.actor, playerId,
      grade: ctx.opts.required('grade', 'the grade declared, e.g. "3 Kyu"'), source: ctx.opts.required('source', 'who awarded the grade, e.g. NSR'),
    };
    return recordAndReport(ctx, command, `${playerId} declared ${command.grade} (${command.source})`, ctx.opts.flag('dry-run'));
  },
};

export const merge: CommandRun = {
  async run(ctx) {
    const [survivor, absorbed] = ctx.opts.positional;
    if (!survivor || !absorbed) throw new UsageError('give the id that stays and the id merged into it: ledger player merge KEEP ABSORBED --reason TEXT');
    const command: Command = { kind: 'MergePlayers', validDate: ctx.opts.date('date') ?? today(), actor: ctx.actor, survivor, absorbed, reason: ctx.opts.required('reason', 'why the two ids are one person') };
    return recordAndReport(ctx, command, `${absorbed} merged into ${survivor}`, ctx.opts.flag('dry-run'));
  },
};

export const unmerge: CommandRun = {
  async run(ctx) {
    const absorbed = ctx.opts.positional[0];
    if (!absorbed) throw new UsageError('give the id that was merged into another: ledger player unmerge ABSORBED --reason TEXT');
    const ledger = await ctx.ledger();
    // the merge in force is found here (or, run again, the one it undid: then nothing changes); the decider refuses an
    // id that is not merged, with one sentence
    const player = (await ledger.catchUp()).players.get(absorbed);
    const merged = player?.mergedInto ?? player?.lastUnmerged;
    const command: Command = {
      kind: 'UnmergePlayers',
      validDate: ctx.opts.date('date') ?? today(),
      actor: ctx.actor,
      survivor: merged?.survivor ?? absorbed,
      absorbed,
      merge: merged?.merge ?? 'none',
      reason: ctx.opts.required('reason', 'why the two ids are two people after all'),
    };
    return recordAndReport(ctx, command, `${absorbed} unmerged from ${merged?.survivor ?? '-'}`, ctx.opts.flag('dry-run'));
  },
};

/** One balance from flags or a CSV row (same names): the values checked here, the rest by the use case and decider. */
const balanceRequest = (input: FieldInput): BalanceRequest => {
  const need = (name: string, what: string) => {
    const v = input.get(name);
    if (v === undefined || v === '') throw new UsageError(`${input.where}: missing ${name} (${what})`);
    return v;
  };
  const rating = need('rating', 'the rating the legacy list gives');
  if (!DECIMAL.test(rating)) throw new UsageError(`${input.where}: rating must be a number written in digits, got "${rating}"`);
  const games = input.get('games') || undefined;
  if (games !== undefined && !/^\d+$/.test(games)) throw new UsageError(`${input.where}: games must be a whole number of rated games, got "${games}"`);
  const date = input.get('date') || today();
  if (!isValidIsoDate(date)) throw new UsageError(`${input.where}: date must be a date YYYY-MM-DD that exists, got "${date}"`);
  const grade = input.get('grade') || undefined;
  return {
    playerId: need('id', 'the player id'), ruleSet: need('rules', 'the rule set the balance is under'), rating: Number(rating),
    ...(games !== undefined ? { games: Number(games) } : {}), ...(grade !== undefined ? { grade } : {}),
    date, reason: need('reason', 'where the balance comes from, e.g. the legacy list'),
  };
};

export const balance: CommandRun = {
  async run(ctx) {
    const csv = ctx.opts.string('csv');
    if (csv !== undefined) {
      const dryRun = ctx.opts.flag('dry-run');
      const counts = await decideCsv(ctx, csv, BALANCE_FIELDS, (input) => {
        const request = balanceRequest(input);
        return [(state) => openingBalanceCommand(request, state, ctx.actor, today())];
      }, dryRun);
      ctx.print({ file: csv, dryRun, ...counts, consequences: undefined, ...counts.consequences }, () => csvAnswer(csv, 'opening balances', counts, dryRun));
      return 0;
    }
    const request = balanceRequest({ where: 'player balance', get: (name) => ctx.opts.string(name) });
    return recordAndReport(ctx, (state) => openingBalanceCommand(request, state, ctx.actor, today()), `opening balance of ${request.playerId} under ${request.ruleSet}`, ctx.opts.flag('dry-run'), openingBalanceReads(request));
  },
};
