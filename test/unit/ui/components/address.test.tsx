import { parseHTML } from 'linkedom';
import { render } from 'preact';
import { describe, expect, it } from 'vitest';
import { Address } from '../../../../src/ui/components/address';

/** The address as a narrow line may break it: each place a `<wbr>` allows is a "|". */
function breaks(value: string): string {
  return shown(value).innerHTML.replaceAll('<wbr>', '|');
}

function shown(value: string): HTMLElement {
  const { document } = parseHTML('<!doctype html><html><body><p id="host"></p></body></html>');
  const host = document.getElementById('host') as unknown as HTMLElement;
  render(<Address value={value} />, host);
  return host;
}

describe('an address shown where a line may be narrow', () => {
  it('may break before the "@" and the dots of the name, never inside the domain', () => {
    expect(breaks('wei.chen.demo@example.com')).toBe('wei|.chen|.demo|@example.com');
    expect(breaks('ana@mail.example.co.uk')).toBe('ana|@mail.example.co.uk');
  });

  it('reads as the address itself, and a number or a name without "@" as given', () => {
    expect(shown('wei.chen.demo@example.com').textContent).toBe('wei.chen.demo@example.com');
    expect(breaks('+1 415 555 0100')).toBe('+1 415 555 0100');
    expect(breaks('"odd@name"@example.com')).toBe('"odd@name"|@example.com');
  });
});
