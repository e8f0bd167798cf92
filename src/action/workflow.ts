/**
 * The few parts of GitHub Actions' runner protocol the action uses, written out rather than taken from @actions/core
 * (a dependency for four environment variables and two files): inputs from INPUT_* variables, outputs appended to
 * the GITHUB_OUTPUT file, the job summary appended to GITHUB_STEP_SUMMARY, and the cap on annotations GitHub shows.
 * docs.github.com: "Metadata syntax for GitHub Actions" (inputs), "Workflow commands for GitHub Actions" (outputs,
 * summaries, annotations); actions/toolkit docs/problem-matchers.md (the limits).
 */
import { randomUUID } from 'node:crypto';
import * as fs from 'node:fs';

export type Env = Readonly<Record<string, string | undefined>>;

/** `with: { fail-on: … }` as the runner passes it: INPUT_ and the name upper-cased, spaces as underscores (hyphens kept). */
export function input(env: Env, name: string): string {
  return (env[`INPUT_${name.replace(/ /g, '_').toUpperCase()}`] ?? '').trim();
}

/** A step output, in the file form with a delimiter no value can hold (a value may have line breaks). */
export function setOutput(env: Env, name: string, value: string): void {
  const file = env.GITHUB_OUTPUT;
  if (!file) return;
  const delimiter = `ghadelimiter_${randomUUID()}`;
  fs.appendFileSync(file, `${name}<<${delimiter}\n${value}\n${delimiter}\n`);
}

/** Markdown for the job's summary page (GitHub takes up to 1 MiB a step). */
export function appendSummary(env: Env, markdown: string): void {
  if (env.GITHUB_STEP_SUMMARY) fs.appendFileSync(env.GITHUB_STEP_SUMMARY, markdown);
}

export type AnnotationLevel = 'error' | 'warning' | 'notice';

/** What GitHub shows of one step's annotations: 10 of each level (and 50 a job, all steps together). */
export const SHOWN_PER_LEVEL = 10;

/**
 * The annotation commands (`::error file=…::…` lines) GitHub will show, in the order given, at most SHOWN_PER_LEVEL of
 * each level; how many of each level were left out. Other lines pass through.
 */
export function capAnnotations(lines: readonly string[]): { shown: string[]; cut: Record<AnnotationLevel, number> } {
  const count: Record<AnnotationLevel, number> = { error: 0, warning: 0, notice: 0 };
  const cut: Record<AnnotationLevel, number> = { error: 0, warning: 0, notice: 0 };
  const shown: string[] = [];
  for (const line of lines) {
    const level = /^::(error|warning|notice)[ :]/.exec(line)?.[1] as AnnotationLevel | undefined;
    if (level && count[level] >= SHOWN_PER_LEVEL) cut[level]++;
    else {
      if (level) count[level]++;
      shown.push(line);
    }
  }
  return { shown, cut };
}

/** A Markdown table cell: its text inert (no links, HTML or emphasis), on one line, pipes escaped. */
export function cell(text: string): string {
  return text
    .replace(/[\\`*_[\]<>|&]/g, (c) => (c === '&' ? '&amp;' : `\\${c}`))
    .replace(/\r?\n/g, ' ')
    .trim();
}
