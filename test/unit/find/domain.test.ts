import { describe, expect, it } from 'vitest';
import { normalizeDomain, offeredDomain, parseCompanyDomain } from '../../../src/find/domain';

describe('the company domain of a name search', () => {
  it.each([
    ['acme.com', 'acme.com'],
    ['  https://www.Acme.com:8443/team?x=1#a ', 'acme.com'],
    ['careers.acme.co.uk', 'careers.acme.co.uk'],
    ['jobs@acme.com', 'acme.com'],
    ['acme.com.', 'acme.com'],
    ['xn--bcher-kva.example', 'xn--bcher-kva.example'],
  ])('reads %j as %s', (typed, domain) => {
    expect(parseCompanyDomain(typed)).toEqual({ ok: true, value: domain });
  });

  it('an empty field is no company filter', () => {
    expect(parseCompanyDomain('   ')).toEqual({ ok: true, value: null });
  });

  it.each([
    ['192.168.1.10', /is an IP address/],
    ['http://10.0.0.1:8080/team', /is an IP address/],
    ['[::1]', /is an IP address/],
    ['fe80::1', /is an IP address/],
    ['gmail.com', /gmail.com is a public email provider, not a company/],
    ['https://www.outlook.com/', /outlook.com is a public email provider/],
    ['localhost', /is not a website domain/],
    ['acme', /is not a website domain/],
    ['acme.c0m', /is not a website domain/],
    ['ac me.com', /is not a website domain/],
    ['-acme.com', /is not a website domain/],
  ])('refuses %j', (typed, problem) => {
    const parsed = parseCompanyDomain(typed);
    expect(parsed.ok).toBe(false);
    expect(parsed.ok ? '' : parsed.problem).toMatch(problem);
  });

  it('normalises what people paste', () => {
    expect(normalizeDomain('HTTP://WWW.ACME.COM/')).toBe('acme.com');
  });
});

describe('the domain offered from the page a name was selected on', () => {
  it.each([
    ['https://www.analyticalengines.io/team', 'analyticalengines.io'],
    ['http://careers.acme.com/people?x', 'careers.acme.com'],
    ['https://github.com/octocat', null],
    ['https://www.linkedin.com/in/jane', null],
    ['https://uk.linkedin.com/company/acme', null],
    ['https://mail.google.com/mail/u/0', null],
    ['https://gmail.com', null],
    ['http://127.0.0.1:8787/', null],
    ['http://localhost:3000/', null],
    ['file:///home/me/team.html', null],
    ['chrome://extensions', null],
    ['not a url', null],
    [undefined, null],
  ])('offers %s as %s', (pageUrl, offered) => {
    expect(offeredDomain(pageUrl)).toBe(offered);
  });
});
