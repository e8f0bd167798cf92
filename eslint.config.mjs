// ESLint with type information, and the rules that hold the layers apart (see README, "Layers").
// Each layer's import rule is one `@typescript-eslint/no-restricted-imports` entry; ESLint lets the last matching
// config win for a rule, so every file group below lists all the restrictions that apply to it.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

const VSCODE_ANY = { name: 'vscode', message: 'This layer runs without VS Code (plain Node or the webview page): no vscode import, not even a type.' };
const VSCODE_VALUE = {
  name: 'vscode',
  allowTypeImports: true,
  message: 'A pure module: `import type` from vscode at most, so it runs and is tested in plain Node.',
};
/** Words that name a command or a setting: written in the UI (src/errorText.ts), never in src/service. */
const UI_WORDS = String.raw`Sign In|Standards: |standardsExplorer\.|\bsettings?\b`;
const UI_WORDS_MESSAGE = 'src/service names no command or setting: return a remedy (errors.ts) and word it in src/errorText.ts.';
const NOT_EXTENSION = { group: ['**/extension'], message: 'extension.ts wires everything; nothing imports it.' };

/** Modules documented as pure: no vscode value, tested in plain Node. */
const PURE = [
  'src/references.ts',
  'src/labels.ts',
  'src/lifecycle.ts',
  'src/storageKeys.ts',
  'src/model.ts',
  'src/clauseLinks.ts',
  'src/catalogue/catalogueIndex.ts',
  'src/catalogue/indexSegment.ts',
  'src/catalogue/tokens.ts',
  'src/catalogue/standardFacts.ts',
  'src/catalogue/buildIndex.ts',
  'src/catalogue/segmentData.ts',
  'src/documents/standardsUri.ts',
  'src/documents/clauseMarkdown.ts',
  'src/documents/markdownSyntax.ts',
  'src/document/**/*.ts',
  'src/l10n.ts',
  'src/doctor/checks.ts',
  'src/doctor/probes.ts',
  'src/doctor/report.ts',
  'src/doctor/summary.ts',
  'src/doctor/actions.ts',
  'src/doctor/serviceChecks.ts',
  // The report's page: its body and its messages are pure; panel.ts puts them in a webview.
  'src/doctor/reportPage.ts',
  'src/doctor/pageProtocol.ts',
  'src/webview/htmlText.ts',
  // References in code: recognising and resolving are pure; the providers around them use vscode.
  'src/citations/recognise.ts',
  'src/citations/resolve.ts',
  'src/citations/citationTarget.ts',
  'src/citations/clauseSummary.ts',
  'src/citations/clauseGlances.ts',
  'src/citations/referenceReport.ts',
  // The organised catalogue: ordering and grouping are pure; catalogueArrangement.ts presents them.
  'src/tree/catalogueOrder.ts',
  'src/tree/catalogueGrouping.ts',
];
/** Pure modules inside src/tree: the tree's rule below would otherwise replace the pure one. */
const PURE_TREE = PURE.filter((file) => file.startsWith('src/tree/'));

/** `x as unknown as T` throws the type checker away: allowed only with a comment on its line or the line above. */
const explainedDoubleCast = {
  meta: { type: 'problem', messages: { why: '`as unknown as` needs a comment on this line or the line above saying why.' }, schema: [] },
  create(context) {
    const source = context.sourceCode;
    return {
      'TSAsExpression > TSAsExpression[typeAnnotation.type="TSUnknownKeyword"]'(node) {
        const line = node.loc.start.line;
        const explained = source
          .getAllComments()
          .some((c) => c.loc.end.line === line || c.loc.end.line === line - 1 || c.loc.start.line === node.parent.loc.end.line);
        if (!explained) context.report({ node: node.parent, messageId: 'why' });
      },
    };
  },
};

const restrict = (paths, patterns = []) => ({
  '@typescript-eslint/no-restricted-imports': ['error', { paths, patterns: [NOT_EXTENSION, ...patterns] }],
});

export default tseslint.config(
  { ignores: ['out/**', 'dist/**', 'node_modules/**', 'coverage/**', 'test-results/**', '.vscode-test/**', '.tools/**', '**/*.js', '**/*.mjs'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    plugins: { local: { rules: { 'explained-double-cast': explainedDoubleCast } } },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-floating-promises': ['error', { ignoreVoid: true }],
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { arguments: false, attributes: false } }],
      // Template literals with numbers are how this code writes messages; other types must be made strings on purpose.
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true }],
      'local/explained-double-cast': 'error',
      // Closures that read a variable before its one assignment (e.g. a server started before its handlers exist).
      'prefer-const': ['error', { ignoreReadBeforeAssign: true }],
      // Async methods that only satisfy a promise-returning interface are fine without an await.
      '@typescript-eslint/require-await': 'off',
      eqeqeq: ['error', 'smart'],
      // Matching control characters is the point of the text sanitisers (displayText, URNs, redaction).
      'no-control-regex': 'off',
      'no-console': 'off',
    },
  },
  // Every file in src/ except the layers with rules of their own. Small modules: a file past 300 lines of code wants
  // splitting by responsibility (README, "Layers and the rules that hold them").
  { files: ['src/**/*.ts'], rules: { ...restrict([]), 'max-lines': ['error', { max: 300, skipBlankLines: true, skipComments: true }] } },
  // The service layer: HTTP and JSON-LD, no VS Code, nothing from the layers above it.
  {
    files: ['src/service/**/*.ts'],
    rules: {
      ...restrict(
        [VSCODE_ANY],
        [{ group: ['../*', '!../service', '!../service/*'], message: 'src/service imports only src/service (it is the bottom layer).' }],
      ),
      // The service says what happened and returns a remedy; the words that name commands and settings are the UI's.
      'no-restricted-syntax': [
        'error',
        ...[`Literal[value=/${UI_WORDS}/]`, `TemplateElement[value.raw=/${UI_WORDS}/]`].map((selector) => ({ selector, message: UI_WORDS_MESSAGE })),
      ],
    },
  },
  // The webview page: runs in the browser; shares the protocol and pure readers, nothing that touches VS Code.
  {
    files: ['src/webview/page/**/*.ts'],
    rules: restrict(
      [VSCODE_ANY],
      [
        {
          group: ['../clausePage', '../html', '../../commands/*', '../../tree/*', '../../session'],
          message: 'The page is its own layer: only the protocol and pure modules.',
        },
      ],
    ),
  },
  { files: PURE, rules: restrict([VSCODE_VALUE]) },
  // Views present the model; commands sit above them, so the tree never imports a command.
  {
    files: ['src/tree/**/*.ts', 'src/documents/**/*.ts'],
    rules: restrict([], [{ group: ['../commands/*', '../commands'], message: 'Views sit below commands: move what both need into the view or the model.' }]),
  },
  {
    files: PURE_TREE,
    rules: restrict([VSCODE_VALUE], [{ group: ['../commands/*', '../commands'], message: 'Views sit below commands.' }]),
  },
  {
    files: ['src/documents/standardsUri.ts'],
    rules: restrict([VSCODE_VALUE], [{ group: ['../commands/*', '../commands'], message: 'Views sit below commands.' }]),
  },
  // The sandbox is a separate program: it shares only the service layer's pure helpers.
  {
    files: ['sandbox/**/*.ts'],
    rules: restrict(
      [VSCODE_ANY],
      [{ group: ['../src/*', '!../src/service', '../src/*/**', '!../src/service/**'], message: 'The sandbox may import src/service only.' }],
    ),
  },
  // Tests use fakes, asserted throw-aways and loose fixtures; type-aware strictness there would only add noise.
  {
    files: ['test/**/*.ts', 'bench/**/*.ts'],
    rules: {
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/no-non-null-assertion': 'off',
      '@typescript-eslint/require-await': 'off',
      '@typescript-eslint/unbound-method': 'off',
      // Casts in tests document what a step is expected to return (executeCommand results, tree children).
      '@typescript-eslint/no-unnecessary-type-assertion': 'off',
      '@typescript-eslint/no-base-to-string': 'off',
      '@typescript-eslint/restrict-template-expressions': 'off',
    },
  },
);
