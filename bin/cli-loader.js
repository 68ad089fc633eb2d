'use strict';
/**
 * Finds the CLI's code for bin/ledger.js: the bundle `npm run build` makes (dist/ledger-cli.js, see
 * scripts/build/cli-bundle.ts) compiled with its V8 code cache, or else the tsc output it was made from. Plain
 * JavaScript, loaded before anything is compiled, so that it costs one stat and one small read.
 *
 * `node bin/cli-loader.js --train DIST FESA_FOLDER` is how the build takes the code caches: it loads the bundle as
 * bin/ledger.js does, runs `--help` and `fesa run FESA_FOLDER` with their output dropped, and saves the compiled code;
 * then the same for the small bundle of `fesa run` alone.
 */
const fs = require('fs');
const path = require('path');
const vm = require('vm');
const Module = require('module');

const BUNDLE = 'ledger-cli.js';
const CODE_CACHE = 'ledger-cli.cache';
const STAMP = 'ledger-cli.json';
const HELP = 'ledger-help.json';
/** `fesa run` alone (src/adapters/cli/fesa-run-main.ts), made by the same build and fresh with the CLI's bundle. */
const FESA_RUN_BUNDLE = 'ledger-fesa-run.js';
const FESA_RUN_CACHE = 'ledger-fesa-run.cache';

const compiledEntry = (dist) => path.join(dist, 'src', 'adapters', 'cli', 'main.js');

/** tsc writes every file on each build: the entry's time and size say which build the bundle was made from. */
const bundleStampOf = (dist) => {
  const stat = fs.statSync(compiledEntry(dist));
  return { entryMtimeMs: stat.mtimeMs, entrySize: stat.size };
};

/**
 * A JSON file the build wrote in dist/ (the bundle's stamp, the written help) when it was made from the tsc output now
 * there, else undefined (never stale code). The stamp is the file itself or its `stamp` field.
 */
const freshJson = (dist, file, stampOf = (json) => json) => {
  let json;
  let now;
  try {
    json = JSON.parse(fs.readFileSync(path.join(dist, file), 'utf8'));
    now = bundleStampOf(dist);
  } catch {
    return undefined;
  }
  const stamp = stampOf(json);
  return stamp !== undefined && stamp !== null && stamp.entryMtimeMs === now.entryMtimeMs && stamp.entrySize === now.entrySize ? json : undefined;
};

/** The bundle when it was made from the tsc output now in dist/, else undefined. */
const freshBundle = (dist) => (freshJson(dist, STAMP) === undefined ? undefined : path.join(dist, BUNDLE));

/**
 * Compiles and runs the bundle as a CommonJS module, with the saved code cache when V8 accepts it (same Node, same
 * source); a rejected cache only means compiling as without one.
 */
const loadBundle = (file, cacheFile) => {
  const source = fs.readFileSync(file, 'utf8');
  let cachedData;
  try {
    cachedData = fs.readFileSync(cacheFile);
  } catch {
    cachedData = undefined;
  }
  const script = new vm.Script(Module.wrap(source), { filename: file, cachedData, importModuleDynamically: undefined });
  const mod = new Module(file, module);
  mod.filename = file;
  mod.paths = Module._nodeModulePaths(path.dirname(file));
  const wrapper = script.runInThisContext({ displayErrors: true });
  wrapper.call(mod.exports, mod.exports, (id) => mod.require(id), mod, file, path.dirname(file));
  mod.loaded = true;
  return { exports: mod.exports, script };
};

/**
 * Asks only for help or the version: the compiled entry loads the ~20 small modules of the declarations, less than
 * reading and checking the whole bundle and its cache. A guess from the words alone: either way the same `main` runs.
 */
const asksForHelp = (argv) => argv.length === 0 || argv.includes('--help') || argv.includes('-h') || (argv.length === 1 && argv[0] === '--version');

/**
 * What the build wrote down for a request of help (`ledger`, `ledger --help`, `ledger list --help`: the same argv
 * exactly), while the compiled code it was taken from is the one in dist/: `{ out, err, code }`, printed without
 * loading the CLI at all. Anything else (the version, help with other words) is undefined: the CLI answers it.
 */
const writtenHelp = (dist, argv) => {
  if (!asksForHelp(argv) || argv.includes('--version')) return undefined;
  const help = freshJson(dist, HELP, (json) => json?.stamp);
  if (help === undefined) return undefined;
  return Object.prototype.hasOwnProperty.call(help.answers, argv.join('\u0000')) ? help.answers[argv.join('\u0000')] : undefined;
};

/**
 * The CLI module (its `main`) from `dist` for a command line: the fresh bundle, else the compiled entry; undefined
 * when neither is built.
 */
const loadCli = (dist, argv) => {
  const bundle = asksForHelp(argv) ? undefined : freshBundle(dist);
  if (bundle !== undefined) return loadBundle(bundle, path.join(dist, CODE_CACHE)).exports;
  const entry = compiledEntry(dist);
  return fs.existsSync(entry) ? require(entry) : undefined;
};

/**
 * The small bundle of `fesa run` (its `main` answers a plain `fesa run` command line, and undefined for any other) when
 * argv asks for `fesa run` and the build made it with the CLI's bundle from the tsc output now in dist/; else
 * undefined, and the whole CLI runs.
 */
const loadFesaRun = (dist, argv) => {
  if (argv[0] !== 'fesa' || argv[1] !== 'run' || freshBundle(dist) === undefined) return undefined;
  try {
    return loadBundle(path.join(dist, FESA_RUN_BUNDLE), path.join(dist, FESA_RUN_CACHE)).exports;
  } catch (error) {
    if (error && error.code === 'ENOENT') return undefined;
    throw error;
  }
};

const train = async (dist, fesaFolder) => {
  const silent = () => undefined;
  const { exports, script } = loadBundle(path.join(dist, BUNDLE), path.join(dist, 'no-cache-yet'));
  await exports.main(['--help'], silent, silent);
  const event = fesaFolder && fs.existsSync(path.join(fesaFolder, 'turnering.txt')) ? fesaFolder : undefined;
  if (event !== undefined) {
    const code = await exports.main(['fesa', 'run', event], silent, silent);
    if (code !== 0) throw new Error(`fesa run ${event} exited with ${code}`);
  }
  fs.writeFileSync(path.join(dist, CODE_CACHE), script.createCachedData());
  const fesaRun = loadBundle(path.join(dist, FESA_RUN_BUNDLE), path.join(dist, 'no-cache-yet'));
  if (event !== undefined) {
    const code = await fesaRun.exports.main(['fesa', 'run', event], silent, silent);
    if (code !== 0) throw new Error(`fesa run ${event} (its own bundle) exited with ${code}`);
  }
  fs.writeFileSync(path.join(dist, FESA_RUN_CACHE), fesaRun.script.createCachedData());
};

/**
 * Writes all of `text` to standard output (fd 1) or error (2) at once, without making process.stdout or .stderr: a
 * stream costs ~1.5 ms of CPU to make in a process that has just started, as much as a written help's whole answer.
 * A reader that stopped early (EPIPE) ends the output, as bin/ledger.js's stream handler does; a descriptor that
 * would block (a non-blocking pipe full) gets the rest through the stream.
 */
const writeAll = (fd, text) => {
  const bytes = Buffer.from(text);
  let written = 0;
  try {
    while (written < bytes.length) written += fs.writeSync(fd, bytes, written);
  } catch (error) {
    if (error && error.code === 'EPIPE') return;
    if (error && error.code === 'EAGAIN') (fd === 1 ? process.stdout : process.stderr).write(bytes.subarray(written));
    else throw error;
  }
};

module.exports = { writeAll, BUNDLE, CODE_CACHE, STAMP, HELP, FESA_RUN_BUNDLE, FESA_RUN_CACHE, compiledEntry, bundleStampOf, loadCli, loadFesaRun, writtenHelp };

if (require.main === module && process.argv[2] === '--train') {
  train(path.resolve(process.argv[3]), process.argv[4]).catch((err) => {
    process.stderr.write(`${err && err.stack ? err.stack : String(err)}\n`);
    process.exitCode = 1;
  });
}
