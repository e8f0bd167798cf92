/** `--as-of`: the year editions are judged in, as check and fix read it (in a module of its own: fix's bundle needs it, not main). */
import { CannotRun } from './usage';

/** `--as-of 2019-06-30` or `--as-of 2019`: the year the editions are judged in (the catalogue dates editions by year). */
export function yearOf(value: string): number {
  const match = /^(\d{4})(?:-(\d{2})-(\d{2}))?$/.exec(value.trim());
  const valid = match && (!match[2] || !Number.isNaN(Date.parse(`${match[1]}-${match[2]}-${match[3]}T00:00:00Z`)));
  if (!match || !valid) throw new CannotRun(`--as-of ${value}: give a date as YYYY-MM-DD (or a year, YYYY).`);
  return Number(match[1]);
}
