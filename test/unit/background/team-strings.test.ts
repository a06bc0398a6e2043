/** Strings from a team gateway are data: its links kept only on the destination's own app, its messages quoted. */
import { describe, expect, it } from 'vitest';
import { gatewaySaid, teamLink } from '../../../src/background/team/team-send';

describe("a gateway's link beside a contact", () => {
  it.each([
    ['lever', 'https://hire.lever.co/candidates/opp-7', 'https://hire.lever.co/candidates/opp-7'],
    ['ashby', 'https://app.ashbyhq.com/candidates/c-1', 'https://app.ashbyhq.com/candidates/c-1'],
    [
      'hubspot',
      'https://app.hubspot.com/contacts/7/record/0-1/9',
      'https://app.hubspot.com/contacts/7/record/0-1/9',
    ],
  ] as const)('is kept on %s own app over https', (kind, link, kept) => {
    expect(teamLink(kind, link)).toBe(kept);
  });

  it.each([
    ['lever', 'http://hire.lever.co/candidates/opp-7'],
    ['lever', 'https://hire.lever.co.evil.example/candidates/opp-7'],
    ['lever', 'https://app.ashbyhq.com/candidates/c-1'],
    ['lever', 'javascript:alert(1)'],
    ['lever', 'data:text/html,hi'],
    ['webhook', 'https://hooks.zapier.com/hooks/catch/1/abc'],
    ['ashby', 'not a url'],
  ] as const)('is dropped for %s when it is %s', (kind, link) => {
    expect(teamLink(kind, link)).toBeUndefined();
  });
});

describe("a gateway's message", () => {
  it('is shown as its words, quoted on one line and cut short', () => {
    expect(gatewaySaid('Lever refused it:\n  Try again later')).toBe(
      'Your team\'s gateway said: "Lever refused it: Try again later"',
    );
    expect(gatewaySaid('x'.repeat(400))).toMatch(/^Your team's gateway said: "x{299}…"$/);
  });
});
