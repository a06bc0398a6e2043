import { signal } from '@preact/signals';
import { describe, expect, it } from 'vitest';
import type { ApiErrorJSON } from '../../../../src/api/errors';
import type { SearchSession } from '../../../../src/store/database/search';
import { createActivity } from '../../../../src/ui/sidepanel/activity';

const dropped = { message: 'The connection dropped before an answer came.' } as ApiErrorJSON;

describe("the panel's action error", () => {
  it('is not said twice when the stored search is read after the call answered, showing the same failure', async () => {
    const session = signal<SearchSession | null>({ status: 'running' } as SearchSession);
    const activity = createActivity(session);
    await activity.run(async () => ({ ok: false, error: dropped }) as never);
    expect(activity.error.value).toEqual(dropped);
    session.value = { status: 'failed', error: dropped } as SearchSession;
    expect(activity.error.value).toBeNull();
  });

  it('is said when the stored search shows another failure, and cleared by the next action', async () => {
    const session = signal<SearchSession | null>({
      status: 'failed',
      error: { message: 'Something else.' },
    } as SearchSession);
    const activity = createActivity(session);
    await activity.run(async () => ({ ok: false, error: dropped }) as never);
    expect(activity.error.value).toEqual(dropped);
    await activity.run(async () => ({ ok: true, value: null }) as never);
    expect(activity.error.value).toBeNull();
  });
});
