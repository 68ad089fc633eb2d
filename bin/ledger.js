#!/usr/bin/env node
'use strict';
// Thin launcher: the CLI is compiled to dist/ by `npm install` (prepare) or `npm run build`.
const path = require('path');
const fs = require('fs');
const entry = path.join(__dirname, '..', 'dist', 'src', 'adapters', 'cli', 'main.js');
if (!fs.existsSync(entry)) {
  process.stderr.write('ledger: the CLI is not built yet; run `npm install` (or `npm run build`) in ' + path.join(__dirname, '..') + '\n');
  process.exit(1);
}
// A reader that stops early (`ledger events | head -1`) closes the pipe: that ends the output, it is no error.
process.stdout.on('error', (err) => {
  if (err && err.code === 'EPIPE') process.exit(process.exitCode || 0);
  throw err;
});
require(entry).main(process.argv.slice(2)).then(
  (code) => { process.exitCode = code; },
  (err) => { process.stderr.write('ledger: ' + (err && err.message ? err.message : String(err)) + '\n'); process.exitCode = 1; }
);
