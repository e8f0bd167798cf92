/**
 * What check_references reads of a host's folders and how an answer says what it left out: the caps every host shares
 * (the editor's tool, the MCP server, the browser). Platform-neutral; fileBounds.ts reads files within them on disk.
 */
import { MAX_FILE_BYTES } from '../scan/fileBytes';

export { MAX_FILE_BYTES };

/** At most this many files are read for one check_references call: a folder of a monorepo is not read whole. */
export const MAX_CHECKED_FILES = 5000;

/** Why a file listed for check_references was not read, in the order an answer says them. */
export const SKIP_REASONS = ['linkOutside', 'tooLarge', 'binary', 'notAFile', 'unreadable', 'overFileCap'] as const;
export type SkipReason = (typeof SKIP_REASONS)[number];

/** What a host says of files it did not read, in the answer: each reason's words, with its count. */
export function skipReasonText(reason: SkipReason | undefined, count: number): string {
  const files = count === 1 ? 'file' : 'files';
  switch (reason) {
    case 'linkOutside':
      return `${count} ${count === 1 ? 'symbolic link' : 'symbolic links'} leading outside the folders this tool may read (not followed)`;
    case 'tooLarge':
      return `${count} ${files} larger than ${MAX_FILE_BYTES / 1_000_000} MB`;
    case 'binary':
      return `${count} binary ${files}`;
    case 'notAFile':
      return `${count} ${count === 1 ? 'entry that is' : 'entries that are'} not a regular file`;
    case 'unreadable':
      return `${count} ${files} that could not be read (gone, or no permission)`;
    case 'overFileCap':
      return `${count} ${files} over the limit of ${MAX_CHECKED_FILES} files for one call (name smaller folders to check them)`;
    default:
      return `${count} ${files} not read (binary or too large)`;
  }
}
