/**
 * Gives the event loop back for a moment, as `setTimeout(…, 0)` would, but through a MessageChannel: browsers clamp
 * and throttle chained timers (to a second, or a minute, in a frame they deem hidden — a webview panel just opened
 * beside an editor was rendered in slices a second apart), and message tasks are not throttled so. In Node,
 * setImmediate (see below).
 */
const waiting: Array<() => void> = [];
let channel: InstanceType<typeof MessageChannel> | undefined;

function port(): InstanceType<typeof MessageChannel> | undefined {
  if (channel || typeof MessageChannel === 'undefined') return channel;
  channel = new MessageChannel();
  // Node's MessagePort and the browser's both take onmessage (the Node types list only on/addListener).
  (channel.port1 as unknown as { onmessage: () => void }).onmessage = () => waiting.shift()?.();
  for (const end of [channel.port1, channel.port2]) (end as { unref?: () => void }).unref?.();
  return channel;
}

/** Node's setImmediate, when there is one: it runs after the I/O the event loop has waiting. */
const immediate = (globalThis as { setImmediate?: (callback: () => void) => unknown }).setImmediate;

export function yieldNow(): Promise<void> {
  // In Node a port delivers up to a thousand queued messages before any I/O callback: a loop of yields through it
  // starved the extension host's I/O (its messages with the workbench among them). setImmediate does not.
  if (immediate) return new Promise((resolve) => void immediate(resolve));
  return new Promise((resolve) => {
    const ports = port();
    if (!ports) return void setTimeout(resolve, 0);
    waiting.push(resolve);
    ports.port2.postMessage(undefined);
  });
}

let lastTurn: Promise<void> = Promise.resolve();

/**
 * Resolves in an event-loop turn of its own: of calls made together (responses that came in at once), one goes on
 * per turn, in the order called, the event loop running between them. Six pages of the catalogue that arrived
 * together were otherwise parsed one after another before any timer or message of the host's ran (43–82 ms).
 */
export function ownTurn(): Promise<void> {
  const turn = lastTurn.then(yieldNow);
  lastTurn = turn;
  return turn;
}
