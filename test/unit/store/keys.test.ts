import { describe, expect, it } from 'vitest';
import { KEYS, LEGACY_KEYS, nameOf, PREFIXES } from '../../../src/store/keys';

describe('stored keys', () => {
  const items = [...Object.values(KEYS), ...Object.values(LEGACY_KEYS)];

  it('every key is named once', () => {
    expect(new Set(items).size).toBe(items.length);
  });

  it('no single item falls under a family of keys it does not belong to', () => {
    const beside: unknown[] = [PREFIXES.ledger, PREFIXES.contactsIndex];
    const families = Object.values(PREFIXES).filter((family) => !beside.includes(family));
    for (const key of items) {
      const [area] = key.split(':');
      for (const family of families) {
        if (family.area === area)
          expect(family.idOf(nameOf(key)), `${key} under ${family.prefix}`).toBeNull();
      }
    }
    // The ledger's bookkeeping sits beside its days, so one watch of `ledger:` sees every write.
    expect(PREFIXES.ledger.idOf(nameOf(KEYS.ledgerMeta))).toBe('meta');
    // So do the library index's first page, oldest changes and built mark, beside its shards.
    expect(PREFIXES.contactsIndex.idOf(nameOf(KEYS.contactsIndexFirst))).toBe('first');
    expect(PREFIXES.contactsIndex.idOf(nameOf(KEYS.contactsIndexOldest))).toBe('oldest');
    expect(PREFIXES.contactsIndex.idOf(nameOf(KEYS.contactsIndexBuilt))).toBe('built');
  });

  it('a family names its keys and reads their ids back', () => {
    expect(PREFIXES.contact.key('https://www.linkedin.com/in/ada')).toBe(
      'local:contact:https://www.linkedin.com/in/ada',
    );
    expect(PREFIXES.contact.idOf('contact:id:7')).toBe('id:7');
    expect(PREFIXES.contact.idOf('contacts-index:1')).toBeNull();
    expect(PREFIXES.tab.key(3)).toBe('session:tab:3');
  });
});
