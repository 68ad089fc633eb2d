import { ledger } from '../../support/helpers';

/**
 * Names as an attacker registers them: markup that would run a script, load an image with a handler, or send the
 * visitor elsewhere (a meta refresh, which no CSP stops), and a spreadsheet formula. The ledger takes them as text.
 */
export const hostileNames = (attacker: string) => ({
  script: '<script>window.pwned=1</script>',
  image: '"><img src=x onerror="window.pwned=2">',
  refresh: `<meta http-equiv="refresh" content="0;url=${attacker}/pwned">`,
  formula: "=cmd|' /C calc'!A0",
  tournament: '<svg onload="window.pwned=3">',
  reason: '</td><script>window.pwned=4</script>',
});

/** Who recorded the facts: the CLI records the OS login of whoever ran it (personal data). */
export const RECORDED_BY = 'os-login-ola';
export const PERSONAL = { club: 'Oslo Sjakklubb Privat', birthYear: '1987' };

/**
 * A ledger whose players, tournament and reasons are all hostile: four players, a rated tournament T1 with a game
 * corrected after a CSV list L1 was published, so that every kind of page has something to show. Returns the names.
 */
export const buildHostileLedger = async (db: string, attacker: string): Promise<ReturnType<typeof hostileNames>> => {
  const names = hostileNames(attacker);
  const run = async (...argv: string[]): Promise<void> => {
    const r = await ledger(...argv, '--db', db, '--actor', RECORDED_BY);
    if (r.code !== 0) throw new Error(`${argv.join(' ')}: ${r.err}`);
  };
  await run('init');
  await run('player', 'add', '--id', 'H1', '--family', names.script, '--given', 'Ola', '--country', 'NO', '--club', PERSONAL.club, '--birth-year', PERSONAL.birthYear, '--date', '2026-01-01', '--grade', '3 Kyu', '--grade-source', 'NSR');
  await run('player', 'add', '--id', 'H2', '--family', names.image, '--given', "'onmouseover='window.pwned=5", '--country', 'NO', '--date', '2026-01-01');
  await run('player', 'add', '--id', 'H3', '--family', names.refresh, '--given', 'Kari', '--country', 'NO', '--date', '2026-01-01');
  await run('player', 'add', '--id', 'H4', '--family', names.formula, '--given', '@SUM(1+1)', '--country', 'NO', '--date', '2026-01-01');
  await run('tournament', 'add', '--id', 'T1', '--name', names.tournament, '--start', '2026-03-07', '--end', '2026-03-08', '--main', '30', '--byoyomi', '30');
  for (const [game, round, first, second, result] of [['g1', '1', 'H1', 'H2', 'win'], ['g2', '1', 'H3', 'H4', 'loss'], ['g3', '2', 'H1', 'H3', 'win'], ['g4', '2', 'H2', 'H4', 'draw']] as const) {
    await run('game', 'report', '--tournament', 'T1', '--game', game, '--round', round, '--first', first, '--second', second, '--result', result);
  }
  await run('tournament', 'close', '--id', 'T1');
  await run('list', 'publish', '--id', 'L1', '--as-of', '2026-03-31', '--format', 'csv');
  await run('game', 'correct', '--game', 'g1', '--result', 'draw', '--reason', names.reason, '--decided', '2026-04-01');
  return names;
};
