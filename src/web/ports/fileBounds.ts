/**
 * The browser's src/core/agentTools/fileBounds.ts. There is no disk in the browser: every workspace file is read through
 * VS Code's file API (virtual file systems), never by path, so these are never reached; a file by path reads as
 * unreadable rather than as nothing.
 */
import type * as NodeFileBounds from '../../core/agentTools/fileBounds';
import { MAX_CHECKED_FILES, MAX_FILE_BYTES, SKIP_REASONS, skipReasonText, type SkipReason } from '../../core/agentTools/readLimits';

export { MAX_CHECKED_FILES, MAX_FILE_BYTES, SKIP_REASONS, skipReasonText, type SkipReason };

export const boundedText: typeof NodeFileBounds.boundedText = async () => ({ skipped: 'unreadable' });
export const boundedTextSync: typeof NodeFileBounds.boundedTextSync = () => ({ skipped: 'unreadable' });
export const realPathsOf: typeof NodeFileBounds.realPathsOf = async () => [];
export const rootOf: typeof NodeFileBounds.rootOf = () => undefined;
