import { describe, expect, it, vi } from 'vitest';
import { type PageRead, READ_PAGE, replyToRead } from '@/src/sites/linkedin/read-request';

const OWN_ID = 'our-extension-id';
const READ: PageRead = {
  url: 'https://www.linkedin.com/search/results/people/',
  people: [],
  cards: 0,
  report: null,
};

describe('replyToRead', () => {
  it('reads the page when this extension asks, and only then', () => {
    const read = vi.fn(() => READ);
    expect(replyToRead({ type: READ_PAGE }, OWN_ID, OWN_ID, read)).toBe(READ);
    expect(read).toHaveBeenCalledTimes(1);
  });

  it.each([
    ['another extension', { type: READ_PAGE }, 'someone-else'],
    ['no sender id', { type: READ_PAGE }, undefined],
    ['another message', { type: 'profileSeen' }, OWN_ID],
    ['no message', null, OWN_ID],
    ['a string', READ_PAGE, OWN_ID],
  ])('answers nothing to %s, without reading', (_, message, sender) => {
    const read = vi.fn(() => READ);
    expect(replyToRead(message, sender, OWN_ID, read)).toBeUndefined();
    expect(read).not.toHaveBeenCalled();
  });
});
