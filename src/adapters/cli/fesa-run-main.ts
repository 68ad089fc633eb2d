/**
 * `ledger fesa run` on its own: the entry of the small bundle `npm run build` makes beside the CLI's
 * (dist/ledger-fesa-run.js, scripts/build/cli-bundle.ts). An officer runs it once per event in place of the official
 * program, so it starts with the FESA engine and its file formats alone: no command catalogue, no store, no server.
 *
 * It takes only the plain command lines (`fesa run DIR`, with `--out FILE` or `--out-dir DIR`, and `--json`); for any
 * other (help, an option given twice, both outputs, global options …) `main` answers undefined and bin/ledger.js runs
 * the whole CLI, which reads every command line alike. What it prints, writes and exits with is what the whole CLI's
 * `fesa run` does: the same function prints the summary (commands/fesa.ts calls it too) and the same one refuses.
 */
import { describeFesaRun, fesaRunCommand, type FesaRunTarget } from '../formats/fesa/run';
import { reportFailure } from './failure-output';

/** A plain `fesa run` command line, read. */
export interface PlainFesaRun extends FesaRunTarget {
  readonly dir: string;
  readonly json: boolean;
}

/** A word that is a value, not an option nor the end of options. */
const isValue = (word: string | undefined): word is string => word !== undefined && word !== '' && !word.startsWith('-');

/**
 * `fesa run DIR [--out FILE | --out-dir DIR] [--json]`, each option once, the folder first; anything else is
 * undefined (the whole CLI reads it, and refuses what it refuses).
 */
export const plainFesaRun = (argv: readonly string[]): PlainFesaRun | undefined => {
  if (argv[0] !== 'fesa' || argv[1] !== 'run' || !isValue(argv[2])) return undefined;
  let out: string | undefined;
  let outDir: string | undefined;
  let json = false;
  for (let i = 3; i < argv.length; i++) {
    const word = argv[i];
    if (word === '--json' && !json) json = true;
    else if (word === '--out' && out === undefined && outDir === undefined && isValue(argv[i + 1])) out = argv[++i];
    else if (word === '--out-dir' && outDir === undefined && out === undefined && isValue(argv[i + 1])) outDir = argv[++i];
    else return undefined;
  }
  return { dir: argv[2], json, ...(out !== undefined ? { out } : {}), ...(outDir !== undefined ? { outDir } : {}) };
};

/** Runs the official program's job on the folder and prints what the CLI prints of it (`--json`: the summary as JSON). */
export const printFesaRun = async (run: { readonly dir: string } & FesaRunTarget, json: boolean, out: (text: string) => void): Promise<void> => {
  const summary = await fesaRunCommand(run);
  out(json ? JSON.stringify(summary, null, 2) : describeFesaRun(summary));
};

/** The exit code of a plain `fesa run`, or undefined for any other command line (the whole CLI answers it). */
export const main = async (
  argv: readonly string[],
  out: (text: string) => void = (t) => process.stdout.write(t.endsWith('\n') ? t : `${t}\n`),
  err: (text: string) => void = (t) => process.stderr.write(t.endsWith('\n') ? t : `${t}\n`),
): Promise<number | undefined> => {
  const plain = plainFesaRun(argv);
  if (plain === undefined) return undefined;
  try {
    const { json, ...run } = plain;
    await printFesaRun(run, json, out);
    return 0;
  } catch (error) {
    return reportFailure(error, argv, err);
  }
};
