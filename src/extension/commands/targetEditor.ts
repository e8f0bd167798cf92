/**
 * Where "Insert … Reference" writes: the active text editor, or — when a webview such as the clause page has the
 * focus — the text editor that was active last and is still visible.
 */
import * as vscode from 'vscode';
import { STANDARDS_SCHEME } from '../documents/standardsUri';
import { Disposable } from '../../core/lifecycle';

export class TargetEditor extends Disposable {
  private last: vscode.TextEditor | undefined = vscode.window.activeTextEditor;

  constructor() {
    super();
    this.register(
      vscode.window.onDidChangeActiveTextEditor((editor) => {
        if (editor) this.last = editor;
      }),
    );
  }

  get editor(): vscode.TextEditor | undefined {
    const active = vscode.window.activeTextEditor;
    if (active) return active;
    const last = this.last;
    return last && vscode.window.visibleTextEditors.includes(last) ? last : undefined;
  }

  /** Replaces every selection of the target editor with `text`; throws with a clear message when it cannot. */
  async insert(text: string): Promise<vscode.TextEditor> {
    const editor = this.editor;
    if (!editor) throw new Error(vscode.l10n.t('No text editor to insert into: open or click into a file, then run the command again.'));
    if (editor.document.uri.scheme === STANDARDS_SCHEME) {
      throw new Error(
        vscode.l10n.t('The active editor shows a read-only standards document: click into the file you are writing, then run the command again.'),
      );
    }
    const done = await editor.edit((builder) => {
      for (const selection of editor.selections) builder.replace(selection, text);
    });
    if (!done) throw new Error(vscode.l10n.t('The editor did not accept the text (is the file read-only?).'));
    return editor;
  }
}
