/**
 * The floor of a check, as a process of its own (bench/cliCheck.ts runs it beside dist/cli.js, so both pay Node's
 * start): every file named in the list file read (readFileSync, the fastest way for cached files) and its citations
 * recognised — no walk, catalogue, resolution or report. Prints how many citations it found.
 * Run: node out/bench/bareLoop.js LIST_FILE
 */
import * as fs from 'node:fs';
import { findCitations } from '../src/core/citations/recognise';

const files = fs.readFileSync(process.argv[2], 'utf8').split('\n').filter(Boolean);
let citations = 0;
for (const file of files) citations += findCitations(fs.readFileSync(file, 'utf8')).length;
process.stdout.write(`${citations}\n`);
