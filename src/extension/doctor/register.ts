/** The Connection Doctor and Copy Connection Doctor Report; the doctor is loaded on first use (doctor.lazy.ts). */
import type * as vscode from 'vscode';
import { registerCommands } from '../commands/feedback';
import { openSetting, settingToEdit } from '../config';
import type { ConnectionFacts } from '../connection/serviceAccess';
import type { CredentialStore } from '../credentials';
import { onFirstUse } from '../../core/lifecycle';
import type { DoctorDeps } from './command';
import type * as DoctorBundle from './doctor.lazy';

// eslint-disable-next-line @typescript-eslint/no-require-imports -- required on first use, its own bundle (esbuild.js)
const doctorBundle = onFirstUse(() => require('./doctor.lazy') as typeof DoctorBundle);

export interface ConnectionDoctorDeps {
  session: ConnectionFacts;
  credentials: CredentialStore;
  log: vscode.LogOutputChannel;
  /** Where the report page finds its script and styles. */
  extensionUri: vscode.Uri;
}

export function registerConnectionDoctor(context: vscode.ExtensionContext, { session, credentials, log, extensionUri }: ConnectionDoctorDeps): void {
  const doctor: DoctorDeps = {
    session,
    credentials,
    log,
    extensionUri,
    openSetting: (setting) => openSetting(settingToEdit(session.settings(), setting)),
  };
  context.subscriptions.push(
    registerCommands(
      {
        'standardsExplorer.connectionDoctor': () => doctorBundle().runConnectionDoctor(doctor),
        'standardsExplorer.copyDoctorReport': () => doctorBundle().copyDoctorReport(doctor),
      },
      log,
    ),
  );
}
