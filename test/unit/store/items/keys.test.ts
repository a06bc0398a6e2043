import { describe, expect, it } from 'vitest';
import { KEYS, nameOf, PREFIXES } from '../../../../src/store/items/keys';

describe('stored keys', () => {
  const items = Object.values(KEYS);

  it('every key is named once', () => {
    expect(new Set(items).size).toBe(items.length);
  });

  it('no single item falls under a family of keys', () => {
    for (const key of items) {
      const [area] = key.split(':');
      for (const family of Object.values(PREFIXES)) {
        if (family.area === area)
          expect(family.idOf(nameOf(key)), `${key} under ${family.prefix}`).toBeNull();
      }
    }
  });

  it('a family names its keys and reads their ids back', () => {
    expect(PREFIXES.tab.key(3)).toBe('session:tab:3');
    expect(PREFIXES.tab.idOf('tab:3')).toBe('3');
    expect(PREFIXES.tab.idOf('tabs')).toBeNull();
  });
});
