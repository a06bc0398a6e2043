import { describe, expect, it } from 'vitest';
import type { ContactRecord } from '../../../../src/store/database/vault/vault-record';
import { toVCard, toVCards, vcardFileName } from '../../../../src/ui/helpers/vcard';

const at = '2026-11-01T10:00:00.000Z';
const ada: ContactRecord = {
  v: 1,
  key: 'https://www.linkedin.com/in/ada',
  socialUrl: 'https://www.linkedin.com/in/ada',
  candidateId: null,
  name: 'Ada King Lovelace',
  currentTitle: 'Analyst; Engines',
  currentEmployer: 'Babbage, Ltd',
  email: { found: true, value: 'ada@example.org', at },
  phone: { found: true, value: '+44 20 7946 0000', at },
  healthcare_profile: { found: false, at },
  updatedAt: at,
};

describe('vCard', () => {
  it('writes name, organisation, title, email, phone and profile URL, escaped, CRLF', () => {
    expect(toVCard(ada)).toBe(
      [
        'BEGIN:VCARD',
        'VERSION:3.0',
        'FN:Ada King Lovelace',
        'N:Lovelace;Ada King;;;',
        'ORG:Babbage\\, Ltd',
        'TITLE:Analyst\\; Engines',
        'EMAIL;TYPE=INTERNET,HOME:ada@example.org',
        'TEL;TYPE=CELL:+44 20 7946 0000',
        'URL:https://www.linkedin.com/in/ada',
        'END:VCARD',
        '',
      ].join('\r\n'),
    );
  });

  it('leaves out what is not held, and uses the fallback name', () => {
    const card = toVCard({ ...ada, name: null, email: { found: false, at }, phone: undefined }, 'Ada');
    expect(card).toContain('FN:Ada\r\nN:;Ada;;;');
    expect(card).not.toMatch(/EMAIL|TEL/);
  });

  it('joins several cards and names the file after the contact', () => {
    expect(toVCards([ada, ada]).match(/BEGIN:VCARD/g)).toHaveLength(2);
    expect(vcardFileName('Zoë Müller')).toBe('zoe-muller.vcf');
    expect(vcardFileName(null)).toBe('contact.vcf');
  });
});
