/** A long-running host's lazily opened resource (the catalogue of the MCP server and the language server). */

/** The first call's promise, shared; a failure is not kept, so the next call tries again. */
export function once<T>(make: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | undefined;
  return () => {
    pending ??= make().catch((error: unknown) => {
      pending = undefined;
      throw error;
    });
    return pending;
  };
}
