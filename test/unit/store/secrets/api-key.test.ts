import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { getApiKey, maskKey, removeApiKey, setApiKey } from '../../../../src/store/secrets/api-key';

describe('the API key in custody', () => {
  it('is kept, replaced and removed; none reads as null', async () => {
    await removeApiKey();
    expect(await getApiKey()).toBeNull();
    await setApiKey('key-one-1234');
    expect(await getApiKey()).toBe('key-one-1234');
    await setApiKey('key-two-5678');
    expect(await getApiKey()).toBe('key-two-5678');
    await removeApiKey();
    expect(await getApiKey()).toBeNull();
  });

  it('is shown by its last four characters only (none of a short one)', () => {
    expect(maskKey('abcdefghijkl')).toBe('••••••••ijkl');
    expect(maskKey('short')).toBe('••••••••');
  });
});
