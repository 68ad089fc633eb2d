#!/usr/bin/env node
'use strict';
// Thin launcher: the CLI is built into dist/ by `npm install` (prepare) or `npm run build`; cli-loader.js picks the
// one-file bundle with its code cache when it matches the compiled code, so a process starts in about node's own time;
// `fesa run` has a smaller bundle of its own.
const path = require('path');
const { loadCli, loadFesaRun, writeAll, writtenHelp } = require('./cli-loader');
const root = path.join(__dirname, '..');
const dist = path.join(root, 'dist');
// help as the build wrote it down (its own compiled code's): no module of the CLI is loaded
const help = writtenHelp(dist, process.argv.slice(2));
if (help !== undefined) {
  writeAll(1, help.out);
  writeAll(2, help.err);
  process.exitCode = help.code;
  return;
}
const argv = process.argv.slice(2);
/** The whole CLI: the fresh bundle, else the compiled entry. */
const runCli = () => {
  // A reader that stops early (`ledger events | head -1`) closes the pipe: that ends the output, it is no error.
  process.stdout.on('error', (err) => {
    if (err && err.code === 'EPIPE') process.exit(process.exitCode || 0);
    throw err;
  });
  const cli = loadCli(dist, argv);
  if (cli === undefined) {
    process.stderr.write('ledger: the CLI is not built yet; run `npm install` (or `npm run build`) in ' + root + '\n');
    process.exit(1);
  }
  return cli.main(argv);
};
// `fesa run` as an officer types it starts its own small bundle (it answers undefined to any other command line)
const fesaRun = loadFesaRun(dist, argv);
/** A line as the CLI's printers end it, written without making the stream (see writeAll). */
const line = (fd) => (text) => writeAll(fd, text.endsWith('\n') ? text : `${text}\n`);
(fesaRun === undefined ? runCli() : fesaRun.main(argv, line(1), line(2)).then((code) => (code === undefined ? runCli() : code))).then(
  (code) => { process.exitCode = code; },
  (err) => { process.stderr.write('ledger: ' + (err && err.message ? err.message : String(err)) + '\n'); process.exitCode = 1; }
);
