import { describe, expect, it } from 'vitest';
import {
  emailFieldFromMailto,
  emailFromMailto,
  emailFromText,
  isEmailAddress,
} from '../../../src/find/email';

describe('email addresses from a selection', () => {
  it.each([
    ['jane@acme.com', 'jane@acme.com'],
    ['  jane.doe+jobs@Mail.ACME.co.uk. ', 'jane.doe+jobs@mail.acme.co.uk'],
    ['Jane Doe <jane@acme.com>', 'jane@acme.com'],
    ['(jane@acme.com)', 'jane@acme.com'],
    ['"jane@acme.com",', 'jane@acme.com'],
    ['mailto:jane@acme.com', 'jane@acme.com'],
    ['O.Brien@xn--bcher-kva.example', 'O.Brien@xn--bcher-kva.example'],
  ])('reads %j as %s', (selected, email) => {
    expect(emailFromText(selected)).toEqual({ ok: true, value: email });
  });

  it.each([
    ['', /Type or select an email address/],
    ['Jane Doe', /"Jane Doe" is not an email address/],
    ['jane@acme', /not an email address/],
    ['jane@@acme.com', /not an email address/],
    ['jane..doe@acme.com', /not an email address/],
    ['.jane@acme.com', /not an email address/],
    ['jane@-acme.com', /not an email address/],
    ['jane@acme.123', /not an email address/],
    ['jane@[10.0.0.1]', /not an email address/],
    ['call jane@acme.com today', /not an email address/],
    ['jane@acme.com, joe@acme.com', /more than one email address/],
    [`${'a'.repeat(250)}@acme.com`, /at most 254 characters/],
  ])('refuses %j', (selected, problem) => {
    const parsed = emailFromText(selected);
    expect(parsed.ok).toBe(false);
    expect(parsed.ok ? '' : parsed.problem).toMatch(problem);
  });

  it('limits the local part to 64 characters', () => {
    expect(isEmailAddress(`${'a'.repeat(64)}@acme.com`)).toBe(true);
    expect(isEmailAddress(`${'a'.repeat(65)}@acme.com`)).toBe(false);
  });
});

describe('email addresses from a mailto: link', () => {
  it.each([
    ['mailto:jane@acme.com', 'jane@acme.com'],
    ['MAILTO:jane@ACME.com?subject=Hello&body=Hi', 'jane@acme.com'],
    ['mailto:jane%40acme.com', 'jane@acme.com'],
    ['mailto:%20jane@acme.com%20', 'jane@acme.com'],
  ])('reads %s as %s', (href, email) => {
    expect(emailFromMailto(href)).toEqual({ ok: true, value: email });
    expect(emailFieldFromMailto(href)).toBe(email);
  });

  it('refuses a link with several recipients, and keeps them in the field to be corrected', () => {
    const href = 'mailto:jane@acme.com,joe@acme.com?cc=x@acme.com';
    expect(emailFromMailto(href)).toEqual({ ok: false, problem: expect.stringMatching(/more than one/) });
    expect(emailFieldFromMailto(href)).toBe('jane@acme.com,joe@acme.com');
  });

  it('refuses a link with no address, or one that is not mailto:', () => {
    expect(emailFromMailto('mailto:')).toMatchObject({ ok: false });
    expect(emailFromMailto('https://acme.com')).toMatchObject({ ok: false });
    expect(emailFieldFromMailto('mailto:%E0%A4%A')).toBe('%E0%A4%A');
  });
});
