import { describe, expect, it } from 'vitest';
import { KEYS, LEGACY_KEYS, nameOf, PREFIXES } from '../../../src/store/keys';

describe('stored keys', () => {
  const items = [...Object.values(KEYS), ...Object.values(LEGACY_KEYS)];

  it('every key is named once', () => {
    expect(new Set(items).size).toBe(items.length);
  });

  it('no single item falls under a family of keys it does not belong to', () => {
    const beside: unknown[] = [PREFIXES.ledger];
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
  });

  it('a family names its keys and reads their ids back', () => {
    expect(PREFIXES.ledgerDay.key('2026-01-02')).toBe('local:ledger:day:2026-01-02');
    expect(PREFIXES.ledgerDay.idOf('ledger:day:2026-01-02')).toBe('2026-01-02');
    expect(PREFIXES.ledgerDay.idOf('ledger:meta')).toBeNull();
    expect(PREFIXES.tab.key(3)).toBe('session:tab:3');
  });
});
