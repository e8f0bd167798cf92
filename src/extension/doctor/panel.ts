/**
 * The Connection Doctor's page: one webview panel that shows the checks running, then the report (reportPage.ts
 * builds its body, html.ts its CSP shell); running the doctor again refreshes the same panel. A button sends only
 * an action id, and the page acts only on the ids of the report it shows (actions.ts), through the host's remedies.
 */
import * as vscode from 'vscode';
import { showFailure } from '../notify';
import { Disposable } from '../../core/lifecycle';
import { errorText, noticeText } from '../errorText';
import { displayText } from '../../core/service/displayText';
import { pageFiles, webviewPageHtml } from '../webview/html';
import { pageOptions } from '../webview/pageOptions';
import { offeredAction, type DoctorAction, type PageAction } from '../../core/doctor/actions';
import type { CheckResult } from '../../core/doctor/checks';
import { readDoctorPageMessage, type DoctorHostMessage } from '../../webview/doctorProtocol';
import { offeredActions, reportPageBody, runningPageBody } from './reportPage';
import type { ReportContext } from '../../core/doctor/summary';

const VIEW_TYPE = 'standardsExplorer.connectionDoctor';

/** What the page's buttons do: given by the command, which knows the session. */
export interface DoctorPageHost {
  extensionUri: vscode.Uri;
  log: vscode.LogOutputChannel;
  /** Runs an action a button asked for, once the page has checked that its report offers it. */
  act(action: DoctorAction | PageAction): Promise<unknown>;
}

export class DoctorPage extends Disposable {
  private static shown: DoctorPage | undefined;
  readonly panel: vscode.WebviewPanel;
  /** The remedies of the report shown: the only ones a button may ask for. None while the checks run. */
  private offered: DoctorAction[] | undefined;

  /** The page, brought to the front; a new one in the active editor group when there is none. */
  static open(host: DoctorPageHost): DoctorPage {
    const page = DoctorPage.shown;
    if (!page) return (DoctorPage.shown = new DoctorPage(host));
    page.host = host;
    page.panel.reveal(undefined, false);
    return page;
  }

  /** The page as it is (not brought to the front, so a user who moved on is not pulled back); a new one if closed. */
  static current(host: DoctorPageHost): DoctorPage {
    return DoctorPage.shown ?? DoctorPage.open(host);
  }

  private constructor(private host: DoctorPageHost) {
    super();
    this.panel = vscode.window.createWebviewPanel(
      VIEW_TYPE,
      vscode.l10n.t('Connection Doctor'),
      { viewColumn: vscode.ViewColumn.Active, preserveFocus: false },
      pageOptions(host.extensionUri),
    );
    this.panel.iconPath = vscode.Uri.joinPath(host.extensionUri, 'media', 'standards.svg');
    this.register(this.panel.webview.onDidReceiveMessage((raw: unknown) => this.receive(raw)));
    this.register(
      this.panel.onDidDispose(() => {
        if (DoctorPage.shown === this) DoctorPage.shown = undefined;
        this.dispose();
      }),
    );
  }

  /** While the checks run: the header and a progress line. */
  running(context: Omit<ReportContext, 'when'>): void {
    this.offered = undefined;
    this.show(runningPageBody(context));
  }

  /** Which check just ended (the page's progress line). A message the page misses while it loads costs nothing. */
  progress(text: string): void {
    void this.post({ type: 'progress', text });
  }

  report(results: readonly CheckResult[], context: ReportContext): void {
    this.offered = offeredActions(results);
    this.show(reportPageBody(results, context));
  }

  /** Copy Report worked: the page says so beside its button. */
  copied(): void {
    void this.post({ type: 'copied' });
  }

  private show(body: string): void {
    const webview = this.panel.webview;
    const files = pageFiles(webview, this.host.extensionUri, (base, ...parts) => vscode.Uri.joinPath(base, ...parts), 'doctor', vscode.env.language);
    webview.html = webviewPageHtml(files, { title: vscode.l10n.t('Connection Doctor'), body });
  }

  private receive(raw: unknown): void {
    const message = readDoctorPageMessage(raw);
    const action = message && this.offered && offeredAction(message.id, this.offered);
    if (!action) {
      const what = message ? `action ${displayText(message.id).slice(0, 60)}` : 'an unexpected message';
      this.host.log.debug(`Connection Doctor page: ignored ${what}${this.offered ? '' : ' while the checks run'}`);
      return;
    }
    this.host.act(action).catch((error: unknown) => {
      this.host.log.error(errorText(error));
      void showFailure(noticeText(error));
    });
  }

  /** A page closed meanwhile (during a run, say) is told nothing: its webview is gone. */
  private post(message: DoctorHostMessage): Thenable<boolean> {
    return this.isDisposed ? Promise.resolve(false) : this.panel.webview.postMessage(message);
  }
}
