// ESLint with type information, and the rules that hold the layers apart (see README, "Layers").
// Each layer's import rule is one `@typescript-eslint/no-restricted-imports` entry; ESLint lets the last matching
// config win for a rule, so every file group below lists all the restrictions that apply to it.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import regexp from 'eslint-plugin-regexp';

const VSCODE_ANY = { name: 'vscode', message: 'This layer runs without VS Code (plain Node or the webview page): no vscode import, not even a type.' };
const VSCODE_VALUE = {
  name: 'vscode',
  allowTypeImports: true,
  message: 'A pure module: `import type` from vscode at most, so it runs and is tested in plain Node.',
};
/** Words that name a command or a setting: written in the UI (src/extension/errorText.ts), never in src/core/service. */
const UI_WORDS = String.raw`Sign In|Standards: |standardsExplorer\.|\bsettings?\b`;
const UI_WORDS_MESSAGE = 'src/core/service names no command or setting: return a remedy (errors.ts) and word it in src/extension/errorText.ts.';
/** The entry points (src/extension.ts, src/cli.ts) only start their host: nothing imports them. */
const NOT_ENTRY = { regex: String.raw`^(\.\./)+(extension|cli)$`, message: 'src/extension.ts and src/cli.ts are entry points; nothing imports them.' };

/**
 * The house: src/core needs no editor (the service client, the document model, citations, the catalogue index,
 * editions, terms, the Connection Doctor's checks); the hosts — src/extension (VS Code), src/webview (the pages in
 * the browser, with what they share with their host), src/cli (the command line) — stand on it and never on each other.
 * Each arrow that must not exist is a regular expression over a relative import (docs/architecture.md).
 */
const host = (name, why) => ({ regex: String.raw`^(\.\./)+${name}(/|$)`, message: why });
const CORE_TO_HOST = [
  host('extension', 'src/core runs without an editor: it never imports a host (src/extension).'),
  host('webview', 'src/core never imports a host (src/webview).'),
  host('cli', 'src/core never imports a host (src/cli).'),
];
const EXTENSION_TO_HOST = [
  host('webview/page', 'The VS Code host talks to a page only through the protocol in src/webview/, never its code.'),
  host('cli', 'Hosts never import each other: what src/extension and src/cli share belongs in src/core.'),
];
const CLI_TO_HOST = [
  host('extension', 'The command line runs without VS Code: what it shares with the extension belongs in src/core.'),
  host('webview', 'Hosts never import each other.'),
];
const WEBVIEW_TO_HOST = [
  host('extension', 'A page runs in the browser: it never imports the VS Code host, only src/core and the protocol.'),
  host('cli', 'Hosts never import each other.'),
];
/** The folders of the VS Code host that register commands and views: commands/ and targets/ never import them. */
const FEATURES = ['auth', 'citations', 'clauses', 'compare', 'coverage', 'doctor', 'environments', 'pins', 'references', 'terms', 'tree', 'webview'];
const BELOW_FEATURES = {
  regex: String.raw`^\.\./(${FEATURES.join('|')})(/|$)`,
  message: 'commands/ (how a command runs) and targets/ (what it acts on) sit below the features: move what both need down here.',
};
/** Modules of the VS Code host documented as pure: vscode types at most, tested in plain Node. */
const PURE = ['src/extension/documents/standardsUri.ts', 'src/extension/inertProgress.ts', 'src/extension/coverage/citedStandardItems.ts'];

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

/**
 * A progress notification renders `[label](command:…)` in its title and reported messages as a link that runs the
 * command, as a message does: outside notify.ts (withNotificationProgress makes them inert) a withProgress may show
 * only in the window (status bar), source control or a view, written out where it is called so that this rule sees
 * it; `ProgressLocation.Notification` is not named at all, and a `report({ message })` in a withProgress this rule
 * refuses is refused with it.
 */
const QUIET_LOCATIONS = new Set(['Window', 'SourceControl']);
const inertProgress = {
  meta: {
    type: 'problem',
    messages: {
      raw: 'A withProgress outside notify.ts shows in the window or a view only (`location: vscode.ProgressLocation.Window` or `{ viewId }`, written here); for a notification use withNotificationProgress from src/extension/notify.ts: it makes server and workspace text inert.',
      notification: 'ProgressLocation.Notification only in src/extension/notify.ts: use withNotificationProgress, which makes server and workspace text inert.',
      report: "A message reported to a notification's progress is shown as Markdown: report through withNotificationProgress from src/extension/notify.ts.",
    },
    schema: [],
  },
  create(context) {
    const named = (node, name) => node?.type === 'MemberExpression' && !node.computed && node.property.name === name;
    /** Whether a withProgress call's options say, in place, a location that is not a notification. */
    const quiet = (call) => {
      const options = call.arguments[0];
      if (options?.type !== 'ObjectExpression') return false;
      const location = options.properties.find((p) => p.type === 'Property' && !p.computed && p.key.name === 'location')?.value;
      if (location?.type === 'ObjectExpression') return true;
      return location?.type === 'MemberExpression' && !location.computed && QUIET_LOCATIONS.has(location.property.name);
    };
    const isRawProgress = (node) => node.type === 'CallExpression' && named(node.callee, 'withProgress') && !quiet(node);
    return {
      CallExpression(node) {
        if (isRawProgress(node)) context.report({ node, messageId: 'raw' });
        if (!named(node.callee, 'report')) return;
        const reportsMessage =
          node.arguments[0]?.type !== 'ObjectExpression' || node.arguments[0].properties.some((p) => p.type !== 'Property' || p.key.name === 'message');
        if (reportsMessage && context.sourceCode.getAncestors(node).some(isRawProgress)) context.report({ node, messageId: 'report' });
      },
      MemberExpression(node) {
        if (named(node, 'Notification') && named(node.object, 'ProgressLocation')) context.report({ node, messageId: 'notification' });
      },
    };
  },
};

const restrict = (paths, patterns = []) => ({
  '@typescript-eslint/no-restricted-imports': ['error', { paths, patterns: [NOT_ENTRY, ...patterns] }],
});

export default tseslint.config(
  { ignores: ['out/**', 'dist/**', 'node_modules/**', 'coverage/**', 'test-results/**', '.vscode-test/**', '.tools/**', '**/*.js', '**/*.mjs', '**/*.cjs'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    plugins: { local: { rules: { 'explained-double-cast': explainedDoubleCast, 'inert-progress': inertProgress } } },
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
  // Regular expressions over server and workspace text: a pattern that backtracks or moves super-linearly turns a
  // crafted body into seconds on the host thread (test/unit/linearTime.test.ts measures the parsers themselves).
  {
    files: ['src/**/*.ts'],
    ...regexp.configs['flat/recommended'],
    rules: {
      ...regexp.configs['flat/recommended'].rules,
      // As above: matching control characters is what the sanitisers are for.
      'no-control-regex': 'off',
      'regexp/no-super-linear-backtracking': ['error', { report: 'potential' }],
      'regexp/no-super-linear-move': ['error', { report: 'potential', ignoreSticky: false, ignorePartial: false }],
    },
  },
  // The core: no vscode (not even a type) and no host; its own unit tests run in plain Node.
  { files: ['src/core/**/*.ts'], rules: restrict([VSCODE_ANY], CORE_TO_HOST) },
  // The service client: HTTP and JSON-LD, the bottom of the core, nothing from above it.
  {
    files: ['src/core/service/**/*.ts'],
    rules: {
      ...restrict(
        [VSCODE_ANY],
        [
          ...CORE_TO_HOST,
          { group: ['../*', '!../service', '!../service/*'], message: 'src/core/service imports only src/core/service (it is the bottom layer).' },
        ],
      ),
      // The service says what happened and returns a remedy; the words that name commands and settings are the UI's.
      'no-restricted-syntax': [
        'error',
        ...[`Literal[value=/${UI_WORDS}/]`, `TemplateElement[value.raw=/${UI_WORDS}/]`].map((selector) => ({ selector, message: UI_WORDS_MESSAGE })),
      ],
    },
  },
  // The VS Code host. Its notifications go through notify.ts, which makes quoted text inert (a server's
  // `[x](command:…)` never becomes a link): no vscode.window.show…Message anywhere else, and no progress notification.
  {
    files: ['src/extension/**/*.ts'],
    ignores: ['src/extension/notify.ts'],
    rules: {
      'local/inert-progress': 'error',
      'no-restricted-syntax': [
        'error',
        {
          selector: 'MemberExpression[property.name=/^show(Information|Warning|Error)Message$/]',
          message: 'Show notifications with showInformation/showWarning/showFailure from src/extension/notify.ts: they make server and workspace text inert.',
        },
      ],
    },
  },
  { files: ['src/extension/**/*.ts'], rules: restrict([], EXTENSION_TO_HOST) },
  // The command line (src/cli.ts and src/cli/): Node only, no VS Code, no other host.
  { files: ['src/cli.ts', 'src/cli/**/*.ts'], rules: restrict([VSCODE_ANY], CLI_TO_HOST) },
  // The webview pages (browser) and what they share with their host (the protocols): no VS Code, no other host.
  { files: ['src/webview/**/*.ts'], rules: restrict([VSCODE_ANY], WEBVIEW_TO_HOST) },
  // How any command runs (commands/) and what it acts on (targets/) sit below the features that register commands.
  {
    files: ['src/extension/commands/**/*.ts', 'src/extension/targets/**/*.ts'],
    rules: restrict([], [...EXTENSION_TO_HOST, BELOW_FEATURES]),
  },
  {
    files: PURE,
    rules: restrict([VSCODE_VALUE], EXTENSION_TO_HOST),
  },
  // The entry point only starts its host.
  { files: ['src/extension.ts'], rules: restrict([]) },
  // The sandbox is a separate program: it shares only the service layer's pure helpers.
  {
    files: ['sandbox/**/*.ts'],
    rules: restrict(
      [VSCODE_ANY],
      [
        {
          regex: String.raw`^\.\./src/(?!core/service/|core/catalogue/catalogueFile$)`,
          message: 'The sandbox may import src/core/service (and the catalogue file reader) only.',
        },
      ],
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
