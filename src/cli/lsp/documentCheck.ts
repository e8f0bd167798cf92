/**
 * A document's findings, as `standards-explorer check` finds them in a file: the same checker (core/check), rules,
 * severities and asOf, and — with a service — the missing-clause rule against each cited edition's clause list
 * (kept for the next re-check: a keystroke asks the service nothing new). The config's include and exclude globs
 * decide, as for check, which documents under the workspace root are checked.
 */
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { CatalogueIndex } from '../../core/catalogue/catalogueIndex';
import { CitationChecker, type Finding } from '../../core/check/checkText';
import { fileMatcher } from '../../core/check/fileFilter';
import type { Clause } from '../../core/service/types';
import { LineFindings } from './lineFindings';
import type { LspWorkspace } from './lspWorkspace';

/** Clause lists kept, by edition: those of the standards a session's documents cite. */
const MAX_CLAUSE_LISTS = 64;

export class DocumentCheck {
  /** Without a service, one checker for every document: a reference is judged once however often it is cited. */
  private shared: CitationChecker | undefined;
  /** With that checker, each document's lines of its last check: an edit re-checks only the lines it changed. */
  private lines: LineFindings | undefined;
  private readonly clauseLists = new Map<string, Promise<readonly Clause[]>>();
  private readonly wanted: (relativePath: string) => boolean;

  constructor(
    private readonly workspace: LspWorkspace,
    private readonly tell: (line: string) => void,
  ) {
    const { include, exclude } = workspace.config;
    // The client chooses the file types it sends; the config narrows them when it says which files it means.
    this.wanted = include?.length || exclude?.length ? fileMatcher({ include, exclude }, '**/*') : () => true;
  }

  /** Whether the config leaves `uri` to be checked: a file under the workspace root its globs leave out is not. */
  checks(uri: string): boolean {
    if (!uri.startsWith('file:')) return true;
    const relative = path.relative(this.workspace.root, fileURLToPath(uri));
    if (relative.startsWith('..') || path.isAbsolute(relative)) return true;
    return this.wanted(relative.split(path.sep).join('/'));
  }

  async findings(index: CatalogueIndex, text: string, uri: string): Promise<Finding[]> {
    const rules = { severities: this.workspace.config.rules, ...(this.workspace.asOfYear !== undefined ? { asOfYear: this.workspace.asOfYear } : {}) };
    const service = this.workspace.service;
    if (!service) {
      const shared = (this.shared ??= new CitationChecker(index, rules));
      this.lines ??= new LineFindings((lines, file) => shared.check(lines, file));
      return this.lines.findings(text, uri);
    }
    // The clause citations of this document alone are kept, for the missing-clause rule.
    const checker = new CitationChecker(index, { ...rules, keepCitations: true });
    const findings = checker.check(text, uri);
    if (!checker.clauseCitations) return findings;
    try {
      return [...findings, ...(await checker.checkClauses((urn) => this.clauseList(urn)))];
    } catch (error) {
      this.tell(`the missing-clause rule was not checked in ${uri}: ${error instanceof Error ? error.message : String(error)}`);
      return findings;
    }
  }

  /** Forgets what was kept of a closed document. */
  forget(uri: string): void {
    this.lines?.forget(uri);
  }

  private clauseList(urn: string): Promise<readonly Clause[]> {
    let list = this.clauseLists.get(urn);
    if (!list) {
      if (this.clauseLists.size >= MAX_CLAUSE_LISTS) this.clauseLists.delete(this.clauseLists.keys().next().value as string);
      list = this.workspace.service!.listClauses(urn);
      // A failure is not kept: the next re-check asks again.
      list.catch(() => this.clauseLists.delete(urn));
      this.clauseLists.set(urn, list);
    }
    return list;
  }
}
