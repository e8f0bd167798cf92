/**
 * The offline copies of pinned standards: one folder per standard (named by a hash of its URN) under the
 * connection's pinned folder, each a DiskCache that never evicts. They sit apart from the ordinary clause cache so
 * its least-recently-used bound never removes a pinned body; their own bound is checked before every write.
 */
import type { BodyText } from './blockText';
import { DiskCache } from './cache';
import { sha256Hex } from './sha256';
import { localFiles as files } from './localFiles';

export class PinnedCopies {
  private readonly stores = new Map<string, DiskCache>();
  private present: Promise<Set<string>> | undefined;
  /** Writes one at a time, so two writes cannot both pass the bound's check. */
  private writing: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly root: string,
    /** The bound of all pinned copies together, in bytes. */
    readonly maxBytes: number,
  ) {}

  private folderName(urn: string): string {
    return sha256Hex(urn).slice(0, 32);
  }

  /** Folder names of the standards with a copy on disk, read once. */
  private folders(): Promise<Set<string>> {
    this.present ??= files.list(this.root).then((names) => new Set(names.filter((n) => /^[0-9a-f]{32}$/.test(n))));
    return this.present;
  }

  private store(name: string): DiskCache {
    let store = this.stores.get(name);
    if (!store) {
      store = new DiskCache(files.join(this.root, name));
      this.stores.set(name, store);
    }
    return store;
  }

  /** The standard's copy when it has one on disk (pinned and downloaded, perhaps in part). */
  async existing(urn: string): Promise<DiskCache | undefined> {
    const name = this.folderName(urn);
    return (await this.folders()).has(name) ? this.store(name) : undefined;
  }

  /** The standard's copy, made now when missing: pinning writes into it. */
  async create(urn: string): Promise<DiskCache> {
    const name = this.folderName(urn);
    (await this.folders()).add(name);
    return this.store(name);
  }

  /** Bytes of all copies on disk. */
  async bytes(): Promise<number> {
    let total = 0;
    for (const name of await this.folders()) total += await this.store(name).bytes();
    return total;
  }

  /** Bytes of one standard's copy (0 when it has none). */
  async bytesOf(urn: string): Promise<number> {
    const store = await this.existing(urn);
    return store ? store.bytes() : 0;
  }

  /** Stores a body in the standard's copy unless that would pass the bound: false when it would. */
  write(store: DiskCache, url: string, etag: string | undefined, body: BodyText): Promise<boolean> {
    const next = this.writing.then(async () => {
      const existing = (await store.sizeOf(url)) ?? 0;
      const size = DiskCache.sizeFor(url, etag, body);
      if ((await this.bytes()) - existing + size > this.maxBytes) return false;
      await store.write(url, etag, body);
      return true;
    });
    this.writing = next.catch(() => undefined);
    return next;
  }

  /** Removes one standard's copy (Unpin). */
  async remove(urn: string): Promise<void> {
    const name = this.folderName(urn);
    (await this.folders()).delete(name);
    this.stores.delete(name);
    await files.remove(files.join(this.root, name));
  }

  /** Removes every copy (Clear Offline Copies). */
  async clear(): Promise<void> {
    this.stores.clear();
    this.present = Promise.resolve(new Set());
    await files.remove(this.root);
  }
}
