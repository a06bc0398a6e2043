/**
 * A team's webhook send cut off after the receiver took it (its answer lost) and made again: the second delivery
 * carries the first one's delivery id, so the receiver drops the repeat instead of taking a second person, as the
 * extension's own webhook sends do (`src/send/outcome.ts`). On PGlite and on PostgreSQL.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { authenticate } from '../../gateway/members';
import { setDestination, teamSend } from '../../gateway/sends';
import { startWebhookReceiver, type WebhookReceiver } from '../../sim/destinations/webhook-receiver';
import { generateWebhookSecret } from '../../src/send/destinations/webhook';
import { httpsFetch } from '../unit/send/helpers';
import { ADA, DATABASES, SEALER, useTeam } from './harness';

describe.each(DATABASES)('a team webhook send cut off and made again on %s', (_name, open, skip) => {
  const used = useTeam(open);
  let receiver: WebhookReceiver | undefined;
  afterAll(async () => {
    await receiver?.close();
  });

  it.skipIf(skip)('is the same delivery: the receiver can drop the repeat', async () => {
    await used.team.post('/v1/lookup', used.alice, { social_url: ADA, reveal_personal_email: true });
    const secret = generateWebhookSecret();
    receiver = await startWebhookReceiver(secret);
    const reach = httpsFetch(receiver.cert);
    let answerLost = false;
    const transport = {
      // The delivery reaches the receiver; its answer is lost on the way back while `answerLost`.
      fetch: (async (input, init) => {
        const answer = await reach(input, init);
        if (answerLost) throw new TypeError('fetch failed');
        return answer;
      }) as typeof fetch,
      retries: 0,
      sleep: async () => undefined,
    };
    await setDestination(used.db, { kind: 'webhook', url: receiver.url, secret }, SEALER, transport);
    const checks = receiver.accepted.length;
    const alice = (await authenticate(used.db, used.alice))!;

    answerLost = true;
    await expect(
      teamSend({ db: used.db, sealer: SEALER }, alice, 'webhook', { socialUrl: ADA }, transport),
    ).rejects.toThrow();
    answerLost = false;
    const again = await teamSend(
      { db: used.db, sealer: SEALER },
      alice,
      'webhook',
      { socialUrl: ADA },
      transport,
    );

    const ids = receiver.accepted.slice(checks).map((d) => d.headers['x-candidate-lens-delivery']);
    expect(ids).toHaveLength(2);
    expect(ids[1]).toBe(ids[0]);
    expect(again.sent).toMatchObject({ record_id: ids[0] });
    // The webhook's address is the team's secret: no member is told it, in the send's answer or in what was sent.
    expect(again.sent).not.toHaveProperty('link');
    // Nor when its address is kept with the send, as the webhook client's record link (its address) would be.
    await used.db.query(`update sends set link = $1 where destination = 'webhook'`, [receiver.url]);
    const sent = await used.team.post('/v1/team/sent', used.bob, { people: [{ social_url: ADA }] });
    expect(sent.body.people[0].sends).toEqual([
      expect.objectContaining({ destination: 'webhook', label: 'Webhook' }),
    ]);
    expect(sent.text).not.toContain(receiver.url);
  });
});
