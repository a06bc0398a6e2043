import { parseHTML } from 'linkedom';
import { render } from 'preact';
import { beforeEach, describe, expect, it, vi } from 'vitest';

/** A page with one lazily loaded view rendered, and how often its code was asked for. */
async function page(hold?: Promise<unknown>) {
  const { holdLazyLoads, lazy } = await import('../../../../src/ui/sidepanel/lazy');
  if (hold) holdLazyLoads(hold);
  const asked = vi.fn(async () => () => <p id="later">Saved searches</p>);
  const Later = lazy(asked);
  const { document } = parseHTML('<!doctype html><html><body><main id="host"></main></body></html>');
  const host = document.getElementById('host') as unknown as HTMLElement;
  render(<Later />, host);
  return { asked, host };
}

describe('views loaded when first shown, held back by the popup until its first screen is drawn', () => {
  beforeEach(() => {
    // Each test its own copy of the module: the hold is the page's, set once as it starts.
    vi.resetModules();
  });

  it('loads at once on a page that holds nothing (the side panel, the library)', async () => {
    const { asked, host } = await page();
    expect(asked).toHaveBeenCalledTimes(1);
    await vi.waitFor(() => expect(host.textContent).toBe('Saved searches'));
  });

  it('asks for nothing until the hold settles, then loads once and shows', async () => {
    let drawn!: () => void;
    const { asked, host } = await page(new Promise<void>((resolve) => (drawn = resolve)));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(asked).not.toHaveBeenCalled();
    expect(host.textContent).toBe('');
    drawn();
    await vi.waitFor(() => expect(host.textContent).toBe('Saved searches'));
    expect(asked).toHaveBeenCalledTimes(1);
  });

  it('still loads when the hold fails: a view is never lost to it', async () => {
    const { asked, host } = await page(Promise.reject(new Error('no frame')));
    await vi.waitFor(() => expect(host.textContent).toBe('Saved searches'));
    expect(asked).toHaveBeenCalledTimes(1);
  });
});
