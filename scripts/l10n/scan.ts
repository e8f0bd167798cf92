/**
 * Finds user-facing text in `src/` that bypasses localisation: a string or template literal with words in it,
 * written where VS Code shows it to a person (a notification, a QuickPick or input box, a tree item, a status bar
 * item, a progress title, a hover's Markdown…) without going through `l10n.t(...)`. Pure (TypeScript compiler API
 * only); used by `npm run l10n:check` and test/unit/l10n.test.ts.
 */
import * as ts from 'typescript';

export interface Bypass {
  file: string;
  line: number;
  /** Where the text goes, e.g. `showWarningMessage`, `.tooltip =`, `title:`. */
  sink: string;
  text: string;
}

/** Calls whose every string argument is shown (messages and their buttons, status bar text). */
const SHOWING_CALLS = new Set(['showInformationMessage', 'showWarningMessage', 'showErrorMessage', 'setStatusBarMessage']);
/** Constructors whose first argument is shown. */
const SHOWING_CONSTRUCTORS = new Set(['TreeItem', 'MarkdownString', 'Hover', 'CodeLens', 'CodeAction', 'Diagnostic', 'TaskGroup', 'QuickInputButtons']);
/** Methods whose first argument is shown. */
const SHOWING_METHODS = new Set(['appendMarkdown', 'appendText', 'createOutputChannel' /* its name is a title */]);
/**
 * Properties shown by VS Code wherever they are set: in an object literal (QuickPick and InputBox options and
 * items, progress options, buttons, code actions) or by assignment (`item.tooltip = …`).
 */
const SHOWING_PROPERTIES = new Set([
  'title',
  'placeHolder',
  'placeholder',
  'prompt',
  'tooltip',
  'label',
  'description',
  'detail',
  'validationMessage',
  'message',
  'text',
  'ariaLabel',
]);

/** Text a person reads: at least one word of two letters. Codicons (`$(key)`), ids and punctuation are not. */
export function hasWords(text: string): boolean {
  const stripped = text.replace(/\$\([a-z0-9-~]+\)/g, '').replace(/\b[a-z][a-z0-9+.-]*:\/\/\S*/gi, '');
  return /\p{L}{2,}/u.test(stripped);
}

/** Literal text in an expression that would be shown as it is: the literals themselves, not what they feed. */
function literalTexts(node: ts.Expression): ts.Node[] {
  if (ts.isParenthesizedExpression(node) || ts.isAsExpression(node) || ts.isSatisfiesExpression(node)) return literalTexts(node.expression);
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return [node];
  if (ts.isTemplateExpression(node)) {
    const parts = [node.head.text, ...node.templateSpans.map((s) => s.literal.text)].join(' ');
    return hasWords(parts) ? [node] : node.templateSpans.flatMap((s) => literalTexts(s.expression));
  }
  if (ts.isConditionalExpression(node)) return [...literalTexts(node.whenTrue), ...literalTexts(node.whenFalse)];
  if (
    ts.isBinaryExpression(node) &&
    (node.operatorToken.kind === ts.SyntaxKind.PlusToken ||
      node.operatorToken.kind === ts.SyntaxKind.QuestionQuestionToken ||
      node.operatorToken.kind === ts.SyntaxKind.BarBarToken)
  )
    return [...literalTexts(node.left), ...literalTexts(node.right)];
  if (ts.isArrayLiteralExpression(node)) return node.elements.flatMap((e) => (ts.isExpression(e) ? literalTexts(e) : []));
  return [];
}

function calleeName(expression: ts.Expression): string | undefined {
  if (ts.isIdentifier(expression)) return expression.text;
  if (ts.isPropertyAccessExpression(expression)) return expression.name.text;
  return undefined;
}

/** Whether the file uses VS Code's API as values (a pure module's objects are not shown by VS Code directly). */
function importsVscodeValue(source: ts.SourceFile): boolean {
  return source.statements.some(
    (s) => ts.isImportDeclaration(s) && ts.isStringLiteral(s.moduleSpecifier) && s.moduleSpecifier.text === 'vscode' && !s.importClause?.isTypeOnly,
  );
}

/** Every bypass in one file's source text. */
export function findBypasses(fileName: string, sourceText: string): Bypass[] {
  const source = ts.createSourceFile(fileName, sourceText, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  if (!importsVscodeValue(source)) return [];
  const found: Bypass[] = [];
  const report = (sink: string, expression: ts.Expression): void => {
    for (const literal of literalTexts(expression)) {
      if (ignored(literal)) continue;
      const text = literal.getText(source).slice(1, -1);
      if (!hasWords(text)) continue;
      const { line } = source.getLineAndCharacterOfPosition(literal.getStart(source));
      found.push({ file: fileName, line: line + 1, sink, text: text.length > 80 ? `${text.slice(0, 77)}…` : text });
    }
  };
  const lines = sourceText.split('\n');
  /** `// l10n-ignore: why` on the line or the line above keeps a literal as it is (a product name, say). */
  const ignored = (node: ts.Node): boolean => {
    const { line } = source.getLineAndCharacterOfPosition(node.getStart(source));
    return /\/\/ l10n-ignore: \S/.test(lines[line] ?? '') || /^\s*\/\/ l10n-ignore: \S/.test(lines[line - 1] ?? '');
  };
  const visit = (node: ts.Node): void => {
    // Anything inside l10n.t(…) is localised (its arguments are values put into the message).
    if (
      ts.isCallExpression(node) &&
      ts.isPropertyAccessExpression(node.expression) &&
      node.expression.name.text === 't' &&
      /\bl10n$/.test(node.expression.expression.getText(source))
    )
      return;
    if (ts.isCallExpression(node)) {
      const name = calleeName(node.expression);
      if (name && SHOWING_CALLS.has(name)) node.arguments.forEach((a) => report(name, a));
      else if (name && SHOWING_METHODS.has(name) && node.arguments[0]) report(name, node.arguments[0]);
    }
    if (ts.isNewExpression(node)) {
      const name = calleeName(node.expression);
      if (name && SHOWING_CONSTRUCTORS.has(name) && node.arguments?.[0]) report(`new ${name}`, node.arguments[0]);
    }
    if (ts.isPropertyAssignment(node) && (ts.isIdentifier(node.name) || ts.isStringLiteral(node.name)) && SHOWING_PROPERTIES.has(node.name.text))
      report(`${node.name.text}:`, node.initializer);
    if (
      ts.isBinaryExpression(node) &&
      node.operatorToken.kind === ts.SyntaxKind.EqualsToken &&
      ts.isPropertyAccessExpression(node.left) &&
      SHOWING_PROPERTIES.has(node.left.name.text)
    )
      report(`.${node.left.name.text} =`, node.right);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** The messages a webview page file asks for with `t('…')` (src/webview/page/words.ts). */
export function pageMessages(fileName: string, sourceText: string): string[] {
  const source = ts.createSourceFile(fileName, sourceText, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === 't') {
      const first = node.arguments[0];
      if (first && (ts.isStringLiteral(first) || ts.isNoSubstitutionTemplateLiteral(first))) found.push(first.text);
      else found.push(`(not a literal: ${node.getText(source).slice(0, 60)})`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/**
 * The messages the host translates for the page (src/webview/pageWords.ts: `['English', l10n.t('English')]` pairs);
 * a pair whose two texts differ is returned in `mismatched`.
 */
export function hostWords(fileName: string, sourceText: string): { messages: string[]; mismatched: string[] } {
  const source = ts.createSourceFile(fileName, sourceText, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const messages: string[] = [];
  const mismatched: string[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isArrayLiteralExpression(node) && node.elements.length === 2 && ts.isStringLiteral(node.elements[0]) && ts.isCallExpression(node.elements[1])) {
      const english = node.elements[0].text;
      const argument = node.elements[1].arguments[0];
      messages.push(english);
      if (!argument || !ts.isStringLiteral(argument) || argument.text !== english) mismatched.push(english);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return { messages, mismatched };
}
