/**
 * Bounded waits for `npm run bench`: every wait ends, either met or with a message naming what was awaited and
 * what the page showed instead, so a bench that cannot reach a screen fails in seconds rather than hanging.
 *
 * The in-page waits are strings, not functions: tsx would wrap named helpers in a `__name` call the page does not
 * have.
 */

/** How long an in-page stage may take before the bench gives up on it (a 50,000-contact vault on a busy machine). */
export const STAGE_LIMIT_MS = 120_000;

/**
 * A JS expression (for `page.evaluate`) that waits, frame by frame, until each of `stages` (JS expressions, met in
 * turn) holds, and resolves with the page's clock at each; or rejects after `limitMs` of the page's clock, naming
 * the stage not met and what `seen` (a JS expression giving a short description of the page) read then.
 *
 * `start` (a JS statement) runs once before the first check, e.g. a click; `started` is then the page's clock at
 * that moment.
 */
export function stagesInPage(
  stages: readonly string[],
  options: { limitMs?: number; seen?: string; start?: string } = {},
): string {
  const limit = options.limitMs ?? STAGE_LIMIT_MS;
  const seen = options.seen ?? `document.body ? document.body.innerText.slice(0, 300) : '(no body yet)'`;
  return `new Promise((done, fail) => {
    const stages = [${stages.map((stage) => `() => (${stage})`).join(', ')}];
    const texts = ${JSON.stringify(stages)};
    const times = [];
    ${options.start ?? ''}
    const started = performance.now();
    const deadline = started + ${limit};
    // A timer as well as frames: a page in the background gets no frames, and a wait must still end.
    let timer, frame;
    const check = () => {
      clearTimeout(timer);
      cancelAnimationFrame(frame);
      try {
        while (times.length < stages.length && stages[times.length]()) times.push(performance.now());
      } catch (error) {
        fail(new Error('stage ' + (times.length + 1) + ' of ' + stages.length + ' threw: ' + error));
        return;
      }
      if (times.length === stages.length) return done({ started, times });
      if (performance.now() > deadline) {
        let page;
        try { page = String(${seen}); } catch (error) { page = 'unreadable: ' + error; }
        fail(new Error('stage ' + (times.length + 1) + ' of ' + stages.length + ' not met within ' +
          ${limit / 1000} + ' s: ' + texts[times.length].replace(/\\s+/g, ' ') + ' | the page showed: ' + page));
        return;
      }
      frame = requestAnimationFrame(check);
      timer = setTimeout(check, 250);
    };
    check();
  })`;
}

/** `promise`, or a clear error naming `what` after `ms` (for waits on the browser that have no bound of their own). */
export async function bounded<T>(what: string, promise: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const limit = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`timed out after ${ms / 1000} s waiting for ${what}`)), ms);
  });
  try {
    return await Promise.race([promise, limit]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The vault sizes the large-vault parts run at: 1,000, 10,000 and 50,000 contacts, or those listed in
 * `BENCH_SIZES` (e.g. `BENCH_SIZES=1000,10000 npm run bench -- ui` on a machine where 50,000 takes too long). The
 * first size is the one ratios are taken against.
 */
export function benchSizes(): number[] {
  const asked = process.env.BENCH_SIZES;
  if (!asked) return [1_000, 10_000, 50_000];
  const sizes = asked.split(',').map((part) => Number(part.trim()));
  if (sizes.some((n) => !Number.isInteger(n) || n < 1) || sizes.some((n, i) => i > 0 && n <= sizes[i - 1]!))
    throw new Error(`BENCH_SIZES must list vault sizes in rising order, e.g. 1000,10000: got "${asked}".`);
  return sizes;
}
