/**
 * The agent tools' shapes: what a tool answers (text for the model, structured citations for a reviewer), what a
 * host gives the tools (`ToolContext`), and what a tool is (name, description for a model, JSON Schema of its input,
 * handler). Each tool is defined once here; the VS Code host (language-model tools) and the MCP server expose the
 * same set. Pure: no vscode, no host.
 */
import type { CatalogueIndex } from '../catalogue/catalogueIndex';
import type { Occurrence } from '../citations/referenceReport';
import type { Remedy } from '../service/errors';
import type { Clause, Copy } from '../service/types';
import type { SkipReason } from './readLimits';

/** One source an answer rests on: a standard's edition, and the clause or term when the answer quotes one. */
export interface Citation {
  /** "ISO 14971:2019, 7.1": how a reviewer cites it. */
  label: string;
  /** "ISO 14971:2019" (the catalogue's reference; the URN when the catalogue has none). */
  reference: string;
  urn: string;
  /** The standard's title, when the catalogue has it. */
  title?: string;
  edition: Edition;
  clause?: CitedClause;
  /** The clause's link (its `@id`, when it is https: or the service's own origin: clauseLinks.ts). */
  link?: string;
  /** When the answer came from a stored copy because the service could not be reached: the copy's date (ISO 8601). */
  offlineCopyFrom?: string;
}

/** Which edition an answer is from, so an agent never mixes editions silently. */
export interface Edition {
  /** The edition's year, as the reference gives it. */
  year?: number;
  /** "current", or "withdrawn", "replaced", "under review", "draft". */
  status: string;
  /** The current edition that replaces this one, when there is one. */
  replacedBy?: string;
  /** False when the catalogue index has no record of the URN (the service still answered for it). */
  inCatalogue: boolean;
}

export interface CitedClause {
  /** The clause `@id` and its last segment (what get_clause takes as `clauseId`). */
  id: string;
  clauseId: string;
  /** "7.1", "A"; for a term, the term entry's number. */
  number?: string;
  title: string;
  /** The term, when the answer is a term entry. */
  term?: string;
}

/** What a cut answer left out: characters `offset`…`offset + shown` of `total` were shown; ask again from `nextOffset`. */
export interface AnswerCut {
  offset: number;
  shown: number;
  total: number;
  nextOffset: number;
}

/** How much of a long answer to give: `maxChars` characters of its body from `offset`. */
export interface Paging {
  maxChars?: number;
  offset?: number;
}

export interface ToolAnswer {
  /** For the model: the answer, its reference lines and what was cut, in plain text and Markdown. */
  text: string;
  citations: Citation[];
  /** A failure the model can act on (unknown standard, not signed in, rate limited…): `text` says what to do. */
  isError?: boolean;
  cut?: AnswerCut;
}

/** Clause lists and bodies, saying when a stored copy answered because the service could not be reached. */
export interface ClauseReader {
  listClausesCopy(urn: string, signal?: AbortSignal): Promise<Copy<Clause[]>>;
  getClauseCopy(urn: string, clauseId: string, signal?: AbortSignal): Promise<Copy<unknown>>;
}

/** A file listed for check_references: its text, or undefined when it was not read (and why, when the host says). */
export interface ReadFile {
  file: string;
  text: string | undefined;
  /** Why `text` is undefined (fileBounds.ts); said in the answer. */
  skipped?: SkipReason;
}

/** What a host gives the tools. The VS Code host builds it over its service session; the MCP server over the CLI's. */
export interface ToolContext {
  /** The catalogue index (search, references resolved to records). May throw a ServiceError or a ToolProblem. */
  catalogue(signal?: AbortSignal): Promise<CatalogueIndex>;
  clauses: ClauseReader;
  /** The service's base URL: clause `@id`s of its own origin are links too (clauseLinks.ts). */
  serviceBaseUrl?: string;
  /** The texts of workspace files or folders for check_references `paths`; without it, only `text` is checked. */
  readFiles?(paths: readonly string[], signal?: AbortSignal): AsyncIterable<ReadFile>;
  /**
   * Every citation of a standard the host's scan of the workspace found, resolved (find_citations); only a host that
   * scans the workspace has it. May throw a ToolProblem (not signed in, no index yet).
   */
  workspaceCitations?(signal?: AbortSignal): Promise<Occurrence[]>;
  /** What fixes a service failure, in this host's words (its commands, its settings); the core's general words otherwise. */
  remedyText?(remedy: Remedy): string | undefined;
}

export interface FindCitationsInput {
  standard: string;
  clause?: string;
  maxChars?: number;
  offset?: number;
}

/**
 * A host cannot answer and says why, for the model: "The catalogue index is not built yet: …". Thrown from the
 * context's methods; a tool turns it into an error answer with this text.
 */
export class ToolProblem extends Error {
  override readonly name = 'ToolProblem';
}

/** The JSON Schema of a tool's input: an object, as both hosts require. (A type, not an interface: hosts' own schema types are records.) */
export type InputSchema = {
  type: 'object';
  properties: Record<string, object>;
  required?: string[];
  additionalProperties: false;
};

export interface AgentTool<Input = unknown> {
  /** snake_case, as both hosts name tools. */
  name: string;
  title: string;
  /** Written for a model: what it answers, when to use it, what it costs. */
  description: string;
  inputSchema: InputSchema;
  /** Reads clause bodies (they count against a subscription): the VS Code host asks the user first. */
  readsClauseBodies: boolean;
  /** The context member the tool cannot work without, beyond the catalogue and clauses: a host without it does not offer it. */
  needs?: 'workspaceCitations';
  /** Called with input the schema accepted. Answers every failure the model can act on; throws only on a fault. */
  handler(input: Input, context: ToolContext, signal?: AbortSignal): Promise<ToolAnswer>;
}
