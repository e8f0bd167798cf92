/**
 * A plain in-memory storage adapter for oidc-provider. The client credentials grant keeps almost nothing,
 * but the provider insists on an adapter (and warns about its development one otherwise).
 */
interface Stored {
  payload: Record<string, unknown>;
  expiresAt?: number;
}

const stores = new Map<string, Map<string, Stored>>();

export class MemoryAdapter {
  private readonly store: Map<string, Stored>;

  constructor(name: string) {
    this.store = stores.get(name) ?? new Map<string, Stored>();
    stores.set(name, this.store);
  }

  async upsert(id: string, payload: Record<string, unknown>, expiresIn?: number): Promise<void> {
    this.store.set(id, { payload, expiresAt: expiresIn ? Date.now() + expiresIn * 1000 : undefined });
  }

  async find(id: string): Promise<Record<string, unknown> | undefined> {
    const entry = this.store.get(id);
    if (!entry) return undefined;
    if (entry.expiresAt !== undefined && entry.expiresAt < Date.now()) {
      this.store.delete(id);
      return undefined;
    }
    return entry.payload;
  }

  async findByUserCode(): Promise<undefined> {
    return undefined;
  }

  async findByUid(): Promise<undefined> {
    return undefined;
  }

  async consume(id: string): Promise<void> {
    const entry = this.store.get(id);
    if (entry) entry.payload.consumed = Math.floor(Date.now() / 1000);
  }

  async destroy(id: string): Promise<void> {
    this.store.delete(id);
  }

  async revokeByGrantId(grantId: string): Promise<void> {
    for (const [id, entry] of this.store) if (entry.payload.grantId === grantId) this.store.delete(id);
  }
}
