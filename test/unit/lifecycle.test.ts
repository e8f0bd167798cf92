import * as assert from 'node:assert/strict';
import { Disposable, disposeAll, toDisposable } from '../../src/core/lifecycle';
import { storageKey } from '../../src/core/storageKeys';

class Owner extends Disposable {
  own<T extends { dispose(): unknown }>(item: T): T {
    return this.register(item);
  }
  get disposedYet(): boolean {
    return this.isDisposed;
  }
}

describe('lifecycle', () => {
  it('disposes what an owner registered, newest first, once', () => {
    const order: string[] = [];
    const owner = new Owner();
    owner.own(toDisposable(() => order.push('emitter')));
    owner.own(toDisposable(() => order.push('listener')));
    owner.dispose();
    owner.dispose();
    assert.deepEqual(order, ['listener', 'emitter']);
    assert.equal(owner.disposedYet, true);
  });

  it('disposes at once what is registered after the owner was disposed', () => {
    const owner = new Owner();
    owner.dispose();
    let disposed = false;
    owner.own(toDisposable(() => (disposed = true)));
    assert.equal(disposed, true);
  });

  it('disposes the rest when one child throws, then rethrows the first error', () => {
    const order: string[] = [];
    const items = [
      toDisposable(() => order.push('a')),
      toDisposable(() => {
        throw new Error('b failed');
      }),
      toDisposable(() => order.push('c')),
    ];
    assert.throws(() => disposeAll(items), /b failed/);
    assert.deepEqual(order, ['c', 'a']);
  });
});

describe('storage keys', () => {
  it('names per-connection storage by a digest that keeps the keys of earlier versions', () => {
    // The values earlier versions wrote: a changed digest would orphan stored credentials and caches.
    assert.equal(storageKey(['https://api.example.com/preprod'], 16), 'd946b3d3746c2786');
    assert.equal(storageKey(['token', 'https://login.example.com/token'], 32), 'b36e9608652e848494dd338ebbdbe961');
    assert.notEqual(storageKey(['a', 'b'], 32), storageKey(['ab'], 32));
  });
});
