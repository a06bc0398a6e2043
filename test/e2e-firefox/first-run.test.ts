/** First run and the connection: the options page opens on install, Save checks the key and keeps it safe. */
import { EXTENSION_ORIGIN, expect, test } from './fixtures';

test('the options page opens on install; Save reaches the service and shows the balance', async ({
  firstRunUrl,
  connect,
  ff,
  sim,
}) => {
  expect(firstRunUrl).toBe(`${EXTENSION_ORIGIN}/options.html`);
  await connect();
  expect(await ff.text('[data-testid=connected]')).toContain('10,000 credits');
  expect((await sim.requests()).map((r) => `${r.method} ${r.path} ${r.status}`)).toEqual([
    'GET /v1/account 200',
  ]);
});
