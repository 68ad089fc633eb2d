import type { Command } from '../../../../domain/commands/decide';
import { namesakeNotice, namesakeNotices, namesakeSentence } from '../../../app/namesakes';
import { playerNamesNow } from '../../../app/player-names';
import { streamsReadByAll } from '../../../../domain/commands/reads';
import { tournamentStream } from '../../../../domain/events';
import type { GameState, LedgerState } from '../../../../domain/commands/state';
import type { DomainEvent, GameFacts } from '../../../../domain/events';
import { readDomainEvents } from '../../../app/event-log';
import { csvText, parseCsvRecords } from '../../formats/csv';
import { readNamedFile } from '../../formats/files';
import type { ExecuteResult } from '../../../app/ledger';
import { CommandRejected } from '../../../app/ledger';
import { UsageError } from '../args';
import type { CliContext, CommandRun } from '../context';
import { PLAYER_FIELDS } from '../csv-fields';
import { today } from '../../clock';
import { consequencesText, recordAndReport, savedUnlessDry } from '../consequences';
import type { Consequences } from '../../../app/consequences';
import { GAME_FIELDS } from '../../../app/game-fields';
import { decideRows, gameCommand, unknownColumns, type FieldInput, type RowsDecided } from '../../../app/game-rows';


export const report = (ctx: CliContext, result: ExecuteResult, what: string): number => {
  ctx.print(
    { status: result.status, stream: result.stream, position: result.position, events: result.events },
    () => (result.status === 'appended' ? `${what} (recorded at position ${result.position})` : `${what}: already recorded, nothing changed`),
  );
  return 0;
};

const timeControl = (ctx: CliContext) => ({
  mainMinutes: ctx.opts.number('main') ?? 0,
  byoyomiSeconds: ctx.opts.number('byoyomi') ?? 0,
  incrementSeconds: ctx.opts.number('increment') ?? 0,
});

export const init: CommandRun = {
  async run(ctx) {
    const store = await ctx.createStore();
    const head = await store.headPosition();
    // a newcomer reads "(0 events)" as a failure: an empty ledger says what to do next, an existing one that it was kept
    ctx.print({ store: store.description, events: head }, () =>
      head === 0 ? `ledger ready: ${store.description}, empty; record the first player with \`ledger player add\` (docs/officer-guide.md)`
      : `ledger ready: ${store.description}, already holding ${head} fact${head === 1 ? '' : 's'} (nothing changed)`);
    return 0;
  },
};

const REQUIRED_PLAYER_FLAGS: Record<string, string> = { id: 'the player id', family: 'family name', country: 'country code, e.g. NO' };

/** One player's registration (and declared grade) from flags or from a CSV row; both use the same field names. */
const registrationCommands = (ctx: CliContext, input: FieldInput): Command[] => {
  const need = (name: string, what: string) => {
    const v = input.get(name);
    if (v === undefined) throw new UsageError(`${input.where}: missing ${name} (${what})`);
    return v;
  };
  const birthYear = input.get('birth-year');
  if (birthYear !== undefined && !/^-?\d+$/.test(birthYear)) throw new UsageError(`${input.where}: birth-year must be a year, got "${birthYear}"`);
  const playerId = need('id', 'the player id');
  const validDate = input.get('date') ?? today();
  const grade = input.get('grade');
  const registration = {
    kind: 'RegisterPlayer',
    validDate,
    actor: ctx.actor,
    playerId,
    familyName: need('family', 'family name'),
    givenName: input.get('given') ?? '',
    country: need('country', 'country code, e.g. NO'),
    ...(input.get('club') !== undefined ? { club: input.get('club') } : {}),
    ...(birthYear !== undefined ? { birthYear: Number(birthYear) } : {}),
  } as Command;
  return grade === undefined ? [registration] : [registration, { kind: 'DeclarePriorGrade', validDate, actor: ctx.actor, playerId, grade, source: input.get('grade-source') ?? 'declared' }];
};

/** The options given beside `--csv` that name one of its columns: they stand for every row that leaves the cell out. */
const givenWithCsv = (ctx: CliContext, fields: readonly string[]): ReadonlyMap<string, string> =>
  new Map(fields.flatMap((name) => {
    const v = ctx.opts.string(name);
    return v === undefined ? [] : [[name, v] as const];
  }));

/**
 * A row's field: its cell, else the option given with `--csv` (an officer's `--rules fide --reason "legacy list"`
 * for a file of ids and ratings); a cell that says otherwise than the option is refused rather than either one
 * silently winning.
 */
const cellOrOption = (where: string, cell: (name: string) => string | undefined, given: ReadonlyMap<string, string>) => (name: string): string | undefined => {
  const v = cell(name);
  const option = given.get(name);
  if (option === undefined || v === undefined || v === '') return option ?? v;
  if (v !== option) throw new UsageError(`${where}: ${name} is "${v}", but --${name} ${JSON.stringify(option)} was given for every row; leave the cell empty or the option out`);
  return v;
};

/**
 * Every row of a CSV file decided as one operation (`decideRows`): all are recorded, or none, the first refused row
 * named by file and line. A row's command may need the ledger's state to be built (a function of it): it gets the
 * state with the rows above it.
 */
export const decideCsv = async (
  ctx: CliContext, csv: string, fields: readonly string[], commandsOf: (input: FieldInput) => (Command | ((state: LedgerState) => Command))[], dryRun = false,
): Promise<RowsDecided> => {
  const ledger = await ctx.ledger();
  const { header, records } = parseCsvRecords(csvText(readNamedFile(csv), csv), csv);
  const unknown = unknownColumns(csv, header, fields);
  if (unknown !== undefined) throw new UsageError(unknown);
  const given = givenWithCsv(ctx, fields);
  const rows = records.map((record) => {
    const where = `${csv}, line ${record.line}`;
    return { where, commands: commandsOf({ where, get: cellOrOption(where, record.get, given) }) };
  });
  return decideRows(ledger, csv, rows, { dryRun, saved: await savedUnlessDry(ctx, dryRun) });
};

/** A CSV import's answer: its counts, then what it changes in the ratings (nothing when every row was there). */
export const csvAnswer = (csv: string, rows: string, counts: { rows: number; appended: number; unchanged: number; consequences: Consequences }, dryRun: boolean): string =>
  [
    `${csv}: ${counts.rows} ${rows}, ${counts.appended} ${dryRun ? 'would be recorded (dry run: nothing recorded)' : 'recorded'}, ${counts.unchanged} already in the ledger`,
    ...(counts.appended === 0 ? [] : consequencesText(counts.consequences)),
  ].join('\n');

export const playerAdd: CommandRun = {
  async run(ctx) {
    const csv = ctx.opts.string('csv');
    if (csv !== undefined) {
      const ids: string[] = [];
      const counts = await decideCsv(ctx, csv, PLAYER_FIELDS, (input) => {
        const commands = registrationCommands(ctx, input);
        ids.push((commands[0] as { playerId: string }).playerId);
        return commands;
      });
      // as for one registration: the officer learns how FESA files tell each namesake in the file apart
      const store = await ctx.store();
      const notices = await namesakeNotices(store, await playerNamesNow(store, await ctx.checkpoints()), ids);
      ctx.print({ file: csv, ...counts, namesakes: [...notices].map(([playerId, notice]) => ({ playerId, ...notice })) }, () =>
        [`${csv}: ${counts.rows} players, ${counts.appended} registered, ${counts.unchanged} already in the ledger`, ...[...notices].map(([playerId, notice]) => `  ${playerId}: ${namesakeSentence(playerId, notice)}`)].join('\n'));
      return 0;
    }
    const ledger = await ctx.ledger();
    ctx.opts.date('date');
    ctx.opts.int('birth-year');
    const [registration, declaration] = registrationCommands(ctx, { where: 'player add', get: (n) => (n in REQUIRED_PLAYER_FLAGS ? ctx.opts.required(n, REQUIRED_PLAYER_FLAGS[n]!) : ctx.opts.string(n)) });
    // the registration and its grade are one decision: a refused grade leaves no player behind
    let declared: ExecuteResult | undefined;
    const { value, position } = await ledger.decideAll((draft) => {
      const result = draft.decide(registration!);
      declared = declaration && draft.decide(declaration);
      return result;
    }, { reads: streamsReadByAll(declaration ? [registration!, declaration] : [registration!]) });
    // the decision's position is the grade's; the registration's own is the store's (never worked out from another)
    const recorded = declared?.status === 'appended' ? new Map((await ledger.store.readStream(value.stream)).map((e) => [e.eventId, e.globalPosition])) : undefined;
    const registered: ExecuteResult = position === undefined || value.status !== 'appended' ? value : { ...value, position: recorded?.get(value.events[0]!.eventId) ?? position };
    const gradeAt = recorded?.get(declared!.events[0]!.eventId);
    const [playerId, grade] = [(registration as { playerId: string }).playerId, gradeAt === undefined ? undefined : { grade: (declaration as { grade: string }).grade, position: gradeAt }];
    const gradeSentence = grade === undefined ? '' : `; grade ${grade.grade} declared (recorded at position ${grade.position})`;
    // a namesake is registered (two people may share a name); the officer learns how FESA files tell them apart
    const notice = await namesakeNotice(ledger.store, await playerNamesNow(ledger.store, await ctx.checkpoints()), playerId);
    ctx.print(
      { status: registered.status, stream: registered.stream, position: registered.position, events: [...registered.events, ...(declared?.events ?? [])], ...(grade === undefined ? {} : { grade }), ...(notice === undefined ? {} : { namesake: notice }) },
      () => `${registered.status === 'appended' ? `player ${playerId} registered (recorded at position ${registered.position})` : `player ${playerId} registered: already recorded, nothing changed`}${gradeSentence}${notice === undefined ? '' : `; ${namesakeSentence(playerId, notice)}`}`,
    );
    return 0;
  },
};

export const tournamentAdd: CommandRun = {
  async run(ctx) {
    const ledger = await ctx.ledger();
    const tournamentId = ctx.opts.required('id', 'the tournament id');
    const startDate = ctx.opts.requiredDate('start', 'start date YYYY-MM-DD');
    const entrants = ctx.opts.string('entrants');
    const region = ctx.opts.string('region');
    const ruleSet = ctx.opts.string('rules');
    const oldName = ctx.opts.string('system');
    if (ruleSet !== undefined && oldName !== undefined && ruleSet !== oldName) throw new UsageError(`--system is the old name of --rules: give one of them (got --rules ${ruleSet} and --system ${oldName})`);
    if (region !== undefined && region !== 'america' && region !== 'europe') throw new UsageError(`--region must be america or europe (where the tournament is played), got "${region}"`);
    const command = {
      kind: 'RegisterTournament',
      validDate: ctx.opts.date('date') ?? startDate,
      actor: ctx.actor,
      tournamentId,
      name: ctx.opts.required('name', 'tournament name'),
      place: ctx.opts.string('place') ?? '',
      startDate,
      endDate: ctx.opts.date('end') ?? startDate,
      ratingSystem: ruleSet ?? oldName ?? 'fesa',
      rated: !ctx.opts.flag('unrated'),
      timeControl: timeControl(ctx),
      ...(entrants ? { entrants: entrants.split(',').map((s) => s.trim()) } : {}),
      ...(region !== undefined ? { region } : {}),
    } as Command;
    return report(ctx, await ledger.execute(command), `tournament ${tournamentId} registered`);
  },
};

export const tournamentClose: CommandRun = {
  async run(ctx) {
    const ledger = await ctx.ledger();
    const tournamentId = ctx.opts.required('id', 'the tournament id');
    const known = (await ledger.stateOfStreams(() => [tournamentStream(tournamentId)])).tournaments.get(tournamentId);
    const validDate = ctx.opts.date('date') ?? known?.registration.endDate ?? today();
    return recordAndReport(ctx, { kind: 'CloseTournament', validDate, actor: ctx.actor, tournamentId }, `tournament ${tournamentId} closed on ${validDate}`, ctx.opts.flag('dry-run'));
  },
};

const usageError = (message: string): never => {
  throw new UsageError(message);
};

/** One game from flags or from a CSV row; both use the same field names. */
const gameOf = (ctx: CliContext, input: FieldInput, kind: 'ReportGame' | 'CorrectResult', defaultDate: (t: string) => string | undefined): Command =>
  gameCommand(input, { actor: ctx.actor, kind, defaultDate, today: today(), refuse: usageError });

export const gameReport: CommandRun = {
  async run(ctx) {
    const ledger = await ctx.ledger();
    const csv = ctx.opts.string('csv');
    // one game reads its tournament's stream; a file may name any tournament
    const named = ctx.opts.string('tournament');
    const state = await (csv === undefined && named !== undefined ? ledger.stateOfStreams(() => [tournamentStream(named)]) : ledger.catchUp());
    const endDate = (t: string) => state.tournaments.get(t)?.registration.endDate;
    if (csv === undefined) {
      const command = gameOf(ctx, { where: 'game', get: (n) => ctx.opts.string(n) }, 'ReportGame', endDate);
      return recordAndReport(ctx, command, `game ${(command as { gameId: string }).gameId} reported`, ctx.opts.flag('dry-run'));
    }
    const dryRun = ctx.opts.flag('dry-run');
    const counts = await decideCsv(ctx, csv, GAME_FIELDS, (input) => [gameOf(ctx, input, 'ReportGame', endDate)], dryRun);
    ctx.print({ file: csv, dryRun, ...counts, consequences: undefined, ...counts.consequences }, () => csvAnswer(csv, 'games', counts, dryRun));
    return 0;
  },
};

/**
 * A reported game by its id (`tournament show` prints them): game ids are unique within a tournament, so the
 * tournament is needed only when two tournaments use the same id.
 */
const findGame = (state: LedgerState, gameId: string, tournamentId: string | undefined): { tournamentId: string; game: GameState } => {
  if (tournamentId !== undefined) {
    const t = state.tournaments.get(tournamentId);
    if (!t) throw new CommandRejected(`unknown tournament "${tournamentId}"`);
    const game = t.games.get(gameId);
    if (!game) {
      // a TRF report holds thousands: the first few, and where the rest are
      const ids = [...t.games.keys()];
      const listed = ids.length <= 20 ? ids.join(', ') : `${ids.slice(0, 20).join(', ')} … (${ids.length} in all: ledger tournament show ${tournamentId} lists them)`;
      throw new CommandRejected(`tournament "${tournamentId}" has no game "${gameId}"; its games are ${listed || 'none yet'}`);
    }
    return { tournamentId, game };
  }
  const found = [...state.tournaments.values()].flatMap((t) => (t.games.has(gameId) ? [{ tournamentId: t.registration.tournamentId, game: t.games.get(gameId)! }] : []));
  if (found.length === 0) throw new CommandRejected(`no tournament has a game "${gameId}" (ledger tournament show ID prints a tournament's game ids)`);
  if (found.length > 1) throw new CommandRejected(`game "${gameId}" is in tournaments ${found.map((f) => f.tournamentId).join(', ')}; say which with --tournament`);
  return found[0]!;
};

/** The flags of a game as its current facts give them: a correction names only what changes. */
const currentFlags = (tournamentId: string, gameId: string, f: GameFacts): Record<string, string | undefined> => ({
  tournament: tournamentId,
  game: gameId,
  round: String(f.round),
  first: f.first,
  second: f.second ?? undefined,
  result: f.result,
  handicap: f.handicap ? (f.handicap.code ?? f.handicap.type) : undefined,
  giver: f.handicap?.giver,
  main: f.timeControl ? String(f.timeControl.mainMinutes) : undefined,
  byoyomi: f.timeControl ? String(f.timeControl.byoyomiSeconds) : undefined,
  increment: f.timeControl ? String(f.timeControl.incrementSeconds) : undefined,
  'replay-of': f.replayOf,
});

export const gameCorrect: CommandRun = {
  async run(ctx) {
    const ledger = await ctx.ledger();
    const named = ctx.opts.string('tournament');
    // a game named with its tournament is read from that stream; a game id alone is looked for in every tournament
    const state = await (named === undefined ? ledger.catchUp() : ledger.stateOfStreams(() => [tournamentStream(named)]));
    const { tournamentId, game } = findGame(state, ctx.opts.required('game', 'game id'), named);
    // a correction replaces a game's facts (ResultCorrected carries no date of play): the date it is recorded under
    // is the day it was decided, so a --date would correct nothing an officer meant to correct
    if (ctx.opts.has('date')) {
      throw new UsageError(`--date: a correction cannot move a game to another date (game ${game.gameId} of ${tournamentId} stays on ${game.validDate}, when it was reported played); withdraw it (ledger game withdraw --game ${game.gameId} --reason …) and report it again with --date under a new game id (--decided DATE dates the correction itself)`);
    }
    const current = currentFlags(tournamentId, game.gameId, game.facts);
    const given = (n: string) => (n === 'tournament' || n === 'game' ? current[n] : ctx.opts.string(n));
    // a new handicap or "even" replaces the old one with its giver; otherwise the game keeps what it had
    const handicapGiven = ctx.opts.string('handicap') !== undefined;
    // the correction's own valid date (when it was decided) is --decided: --date would read as the game's
    const get = (n: string) => (n === 'date' ? ctx.opts.string('decided') : (given(n) ?? (n === 'giver' && handicapGiven ? undefined : current[n])));
    const command = { ...gameOf(ctx, { where: 'game correct', get }, 'CorrectResult', () => today()), reason: ctx.opts.required('reason', 'why the game is corrected') } as Command;
    return recordAndReport(ctx, command, `game ${game.gameId} of ${tournamentId} corrected`, ctx.opts.flag('dry-run'));
  },
};

export const gameWithdraw: CommandRun = {
  async run(ctx) {
    const ledger = await ctx.ledger();
    const { tournamentId, game } = findGame(await ledger.catchUp(), ctx.opts.required('game', 'game id'), ctx.opts.string('tournament'));
    const command: Command = {
      kind: 'WithdrawGame',
      validDate: ctx.opts.date('date') ?? today(),
      actor: ctx.actor,
      tournamentId,
      gameId: game.gameId,
      reason: ctx.opts.required('reason', 'why the game is withdrawn'),
    };
    return recordAndReport(ctx, command, `game ${game.gameId} of ${tournamentId} withdrawn`, ctx.opts.flag('dry-run'));
  },
};

const subjectOf = (e: DomainEvent): string => {
  switch (e.type) {
    case 'GameReported':
    case 'ResultCorrected':
      return `${e.tournamentId} r${e.round} ${e.first}${e.second ? ` vs ${e.second}` : ''} ${e.result}`;
    case 'GameWithdrawn':
      return `${e.tournamentId} ${e.gameId}: ${e.reason}`;
    case 'PlayerRegistrationCorrected':
      return `${e.playerId}: ${[e.familyName !== undefined || e.givenName !== undefined ? `name ${e.familyName ?? ''}${e.givenName ? ` ${e.givenName}` : ''}` : '', e.country !== undefined ? `country ${e.country}` : '', e.club !== undefined ? `club ${e.club}` : '', e.birthYear !== undefined ? `born ${e.birthYear}` : '', e.registeredOn !== undefined ? `registered ${e.registeredOn}` : ''].filter(Boolean).join(', ')}: ${e.reason}`;
    case 'PlayersMerged':
      return `${e.absorbed} into ${e.survivor}: ${e.reason}`;
    case 'PlayersUnmerged':
      return `${e.absorbed} from ${e.survivor} (${e.merge}): ${e.reason}`;
    case 'PlayerRegistered':
      return `${e.playerId} ${e.familyName}${e.givenName ? `, ${e.givenName}` : ''} (${e.country})`;
    case 'TournamentRegistered':
      return `${e.tournamentId} ${e.name} ${e.startDate}..${e.endDate}`;
    case 'TournamentClosed':
      return e.tournamentId;
    case 'RatingAdjusted':
      return `${e.target.kind === 'player' ? e.target.playerId : 'filter'} ${e.change.kind === 'set' ? `= ${e.change.rating}` : `${e.change.by >= 0 ? '+' : ''}${e.change.by}`}: ${e.reason}`;
    case 'PriorGradeDeclared':
    case 'GradeAwarded':
      return `${e.playerId} ${e.grade}`;
    case 'OpeningBalanceImported':
      return `${e.playerId} (${e.ruleSet}, ${e.source})`;
    case 'ListReconciled':
      return `${e.source}: ${e.pins.length} player(s) pinned of ${e.order.length}: ${e.reason}`;
    case 'RuleSetAdopted':
      return `${e.ruleSetId} ${e.ruleSetVersion}`;
    case 'RatingListPublished':
      return `${e.listId} as of ${e.asOf}`;
    case 'OfficerAppointed':
      return `${e.officer} as ${e.role}`;
    case 'OfficerRevoked':
      return e.officer;
    case 'SubmissionReceived':
      return `${e.submissionId} ${e.format} for ${e.tournamentId} (${e.files.map((f) => f.name).join(', ')}) by ${e.role} ${e.actor}`;
    case 'SubmissionApproved':
    case 'SubmissionRejected':
      return `${e.submissionId}: ${e.reason}`;
  }
};

export const events: CommandRun = {
  async run(ctx) {
    const store = await ctx.store();
    const types = ctx.opts.all('type');
    const stream = ctx.opts.string('stream');
    const player = ctx.opts.string('player');
    const tournament = ctx.opts.string('tournament');
    const limit = ctx.opts.count('limit', 0);
    const from = ctx.opts.count('from', 0) ?? 0;
    const matches = (s: string, e: DomainEvent) =>
      (stream === undefined || s === stream) &&
      (player === undefined || JSON.stringify(e).includes(`"${player}"`)) &&
      (tournament === undefined || ('tournamentId' in e && e.tournamentId === tournament));
    const emit = (r: { position: number; recordedAt: string; stream: string; event: DomainEvent }) => {
      if (ctx.json) ctx.out(JSON.stringify(r));
      else ctx.out(`${String(r.position).padStart(7)}  ${r.recordedAt.slice(0, 19)}  ${r.event.validDate}  ${r.event.type.padEnd(22)} ${subjectOf(r.event)}`);
    };
    let count = 0;
    for await (const batch of readDomainEvents(store, { fromPosition: from, ...(types.length > 0 ? { types } : {}) })) {
      for (const l of batch) {
        if (!matches(l.streamId, l.event)) continue;
        if (limit !== undefined && count >= limit) break;
        emit({ position: l.globalPosition, recordedAt: l.recordedAt, stream: l.streamId, event: l.event });
        count++;
      }
    }
    if (!ctx.opts.flag('follow')) {
      if (count === 0 && !ctx.json) ctx.out('no events');
      return 0;
    }
    const head = await store.headPosition();
    await new Promise<void>((resolve) => {
      const sub = store.subscribe({
        fromPosition: head,
        onEvents: (batch) => {
          for (const recorded of batch) {
            const logged = { position: recorded.globalPosition, recordedAt: recorded.recordedAt, stream: recorded.streamId, event: recorded.data as DomainEvent };
            if ((types.length === 0 || types.includes(recorded.type)) && matches(recorded.streamId, logged.event)) emit(logged);
          }
        },
      });
      const stop = () => void sub.stop().then(resolve);
      process.once('SIGINT', stop);
      process.once('SIGTERM', stop);
    });
    return 0;
  },
};


export const serve: CommandRun = {
  async run(ctx) {
    const { createServer } = await import('../../http/server');
    const { isLoopback } = await import('../../http/access');
    // the log is read through SQLite's page cache, not a memory map: a mapped page stays in the server's resident
    // memory; a server is no way to create a ledger: a typo in --db would serve an empty one. Its writes decide from
    // the streams they read, as the CLI's: folding the deciders' whole state first kept a million-game ledger's
    // server from listening for half a minute (a write whose decider reads the whole state folds it when it comes)
    const ledger = await ctx.readLedger({ mappedBytes: 0, decideFrom: 'streams' });
    const port = ctx.opts.count('port', 0, 65535) ?? Number(process.env.PORT ?? 3000);
    const host = ctx.opts.string('host') ?? process.env.HOST ?? '127.0.0.1';
    const officers = await ctx.officers();
    if (!isLoopback(host)) {
      // beyond this machine the write routes must have an officer behind them: the operator shows an admin's token
      const token = process.env.LEDGER_ADMIN_TOKEN?.trim();
      const admin = token ? await officers.signIn(token) : undefined;
      if (admin?.role !== 'admin') {
        throw new UsageError(
          `serving on ${host}, beyond this machine, needs LEDGER_ADMIN_TOKEN set to an admin's token (${token ? 'the one given signs in no admin' : 'it is not set'}); appoint one with ledger officer add --name NAME --role admin`,
        );
      }
    }
    const trustProxy = ctx.opts.string('trust-proxy');
    const corsOrigin = ctx.opts.string('cors-origin');
    const checkpoints = await ctx.checkpoints();
    const { defaultStoreSpec } = await import('../../store/open');
    const server = createServer(ledger, {
      ...(checkpoints ? { checkpoints } : {}),
      // the saved read models are caught up on a worker thread of its own connections to the same store
      storeSpec: ctx.storeSpec ?? defaultStoreSpec(),
      officers,
      private: ctx.opts.flag('private'),
      warmUp: true,
      host,
      allowedHosts: ctx.opts.all('allowed-host'),
      ...(corsOrigin !== undefined ? { corsOrigin } : {}),
      ...(trustProxy !== undefined ? { trustProxy: /^\d+$/.test(trustProxy) ? Number(trustProxy) : trustProxy } : {}),
    }).listen(port, host);
    await new Promise<void>((resolve, reject) => {
      server.once('listening', resolve);
      server.once('error', reject);
    });
    ctx.err(`ledger listening on http://${host}:${port} (store: ${ledger.store.description}${ctx.opts.flag('private') ? ', private: every route needs a token' : ''}); Ctrl-C stops it`);
    await new Promise<void>((resolve) => {
      const stop = () => server.close(() => resolve());
      process.once('SIGINT', stop);
      process.once('SIGTERM', stop);
    });
    return 0;
  },
};
