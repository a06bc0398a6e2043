import { defineContentScript } from 'wxt/utils/define-content-script';

export default defineContentScript({
  matches: ['https://*.linkedin.com/*'],
  main() {},
});
