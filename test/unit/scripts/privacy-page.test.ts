import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { renderPrivacyPage } from '../../../scripts/privacy-page';

const POLICY = readFileSync(resolve(import.meta.dirname, '../../../PRIVACY.md'), 'utf8');

describe('the privacy policy as a page of the extension', () => {
  const page = renderPrivacyPage(POLICY, '1.2.3');

  it('is PRIVACY.md, as HTML, stamped with the version', () => {
    expect(page).toContain('<h1>Candidate Lens privacy policy</h1>');
    expect(page).toContain('<h2>How to erase everything</h2>');
    expect(page).toMatch(/<table>[\s\S]*<th>How long<\/th>/);
    expect(page).toContain('ships with Candidate Lens 1.2.3');
    expect(page).toMatch(/^<!doctype html>\n<html lang="en">/);
  });

  it('runs nothing and loads nothing', () => {
    expect(page).not.toMatch(/<script|<link|<img|<iframe|\son\w+=/i);
  });

  it('escapes the version it is stamped with', () => {
    expect(renderPrivacyPage('# P', '<b>')).toContain('Candidate Lens &lt;b&gt;');
  });
});
