/**
 * The platform's floor for `npm run bench`'s popup: a minimal MV3 extension, written to a temporary folder, whose
 * popup asks its service worker once (as the real popup asks for its tab's person) and then draws one button. Loaded
 * beside the real extension in the same browser and opened the same way in the same run, it says how much of the
 * popup's time is Chromium's (starting a page and a worker, one message) and how much is the popup's own.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** The floor's name in its manifest, by which its worker is told from the extension's. */
export const FLOOR_NAME = 'Popup floor';

/** What the floor's popup shows when it is interactive: the button drawn after the worker's answer. */
export const FLOOR_READY = `document.querySelector('button[data-ready]')`;

/** Writes the minimal extension and returns its folder. */
export function writeFloorExtension(): string {
  const dir = mkdtempSync(join(tmpdir(), 'candidate-lens-floor-'));
  writeFileSync(
    join(dir, 'manifest.json'),
    JSON.stringify({
      manifest_version: 3,
      name: FLOOR_NAME,
      version: '1.0.0',
      background: { service_worker: 'background.js' },
      action: { default_popup: 'popup.html' },
    }),
  );
  writeFileSync(
    join(dir, 'background.js'),
    `chrome.runtime.onMessage.addListener((message, _sender, reply) => {
  reply({ name: 'Bench Subject', email: 'subject@example.org' });
});
`,
  );
  writeFileSync(
    join(dir, 'popup.html'),
    `<!doctype html><html><head><meta charset="utf-8"><title>Floor</title></head><body><main></main><script src="popup.js"></script></body></html>`,
  );
  writeFileSync(
    join(dir, 'popup.js'),
    `chrome.runtime.sendMessage({ type: 'subject' }).then((answer) => {
  const button = document.createElement('button');
  button.dataset.ready = '';
  button.textContent = 'Copy ' + answer.email;
  document.querySelector('main').append(button);
});
`,
  );
  return dir;
}
