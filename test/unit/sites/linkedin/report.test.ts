import { afterEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { reportProfile } from '@/src/sites/linkedin/report';
import { onMessage, type ProfileDetection, removeAllListeners } from '../../../../src/protocol/messages';

afterEach(() => {
  removeAllListeners();
  fakeBrowser.reset();
});

describe('reportProfile', () => {
  it("speaks @webext-core/messaging's wire format: the real onMessage receives the detection", async () => {
    const received: ProfileDetection[] = [];
    onMessage('profileSeen', ({ data }) => {
      received.push(data);
    });
    const detection = {
      socialUrl: 'https://www.linkedin.com/in/alice',
      nameHint: 'Alice',
      headlineHint: 'Recruiter',
    };
    await reportProfile(detection);
    await reportProfile({ socialUrl: null });
    expect(received).toEqual([detection, { socialUrl: null }]);
  });

  it('rejects when nothing listens, so the content script can tell and stay quiet', async () => {
    await expect(reportProfile({ socialUrl: null })).rejects.toThrow();
  });
});
