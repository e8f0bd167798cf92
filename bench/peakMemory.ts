/** Preloaded (`node --require`) into a process a bench runs: prints its peak resident memory on stderr at exit. */
process.on('exit', () => {
  process.stderr.write(`peakMB=${(process.resourceUsage().maxRSS / 1024).toFixed(1)}\n`);
});
