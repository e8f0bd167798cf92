/** How long the event loop was blocked while some work ran: the longest gap between ticks of a 5 ms timer. */
export async function longestBlock<T>(work: () => Promise<T>): Promise<{ result: T; blockMs: number }> {
  let last = performance.now();
  let longest = 0;
  const timer = setInterval(() => {
    const now = performance.now();
    longest = Math.max(longest, now - last);
    last = now;
  }, 5);
  try {
    const result = await work();
    return { result, blockMs: Math.max(longest, performance.now() - last) };
  } finally {
    clearInterval(timer);
  }
}
