/**
 * The browser's src/core/check/lockfileHold.ts: a web worker has no files to lock, and a virtual workspace runs no
 * command line beside it; the editor writes standards.lock through VS Code's file API instead, unheld.
 */
import type * as NodeLockfileHold from '../../core/check/lockfileHold';

export const CAN_HOLD_LOCKFILES = false;

const NO_FILES = 'standards.lock cannot be held in the browser.';

export const holdingLockfile: typeof NodeLockfileHold.holdingLockfile = () => Promise.reject(new Error(NO_FILES));
export const changeLockfile: typeof NodeLockfileHold.changeLockfile = () => Promise.reject(new Error(NO_FILES));
