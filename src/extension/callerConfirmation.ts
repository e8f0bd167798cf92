/**
 * Commands that run with arguments from a caller — a `command:` link, another extension, a task — rather than from
 * the user's own answers, and that change settings, write a file or send credentials, ask first: a modal question
 * naming what they will do and where. A link in hostile text or another extension then cannot, in one click, point
 * the extension at an attacker's endpoint or overwrite a file. The user's own path (prompts, pickers) does not ask.
 */
import { showWarning } from './notify';

export class CallerConfirmation {
  /** The questions asked, newest last (bounded): what a user was asked, for the extension's tests. */
  readonly asked: string[] = [];
  /** Answers for the extension's own tests, which cannot click a modal dialog (set through the Test-mode API only). */
  private answer: ((question: string) => boolean) | undefined;

  /** True when the user agreed to `question` by choosing `action`. */
  async confirm(question: string, action: string): Promise<boolean> {
    this.asked.push(question);
    if (this.asked.length > 20) this.asked.shift();
    if (this.answer) return this.answer(question);
    return (await showWarning(question, { modal: true }, action)) === action;
  }

  /** For the extension's tests (ExtensionMode.Test): answer questions without a dialog. */
  answerForTests(answer: ((question: string) => boolean) | undefined): void {
    this.answer = answer;
  }
}
