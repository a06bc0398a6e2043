import { render } from 'preact';
import '@/src/ui/styles.css';
import '@/src/ui/popup/popup.css';
import { App } from '@/src/ui/popup/App';
import { createPopupModel } from '@/src/ui/popup/model';
import { findWindow } from '@/src/ui/popup/open-pages';
import { holdLazyLoads } from '@/src/ui/sidepanel/lazy';

// The model's asks go out before the first render, which then runs in a task of its own: drawn first, the page's
// header and empty parts would hold the one message for the tab's person back by a render. A posted message, not a
// timer: a page out of sight has its timers held back to once a second.
const m = createPopupModel();
void m.init();
// The parts loaded when first shown (the card's privacy, send and flag forms, the saved searches) wait for the
// frame that draws the first screen: loading one is a file, its style sheet and its evaluation on the page's one
// thread, between the person's answer and that frame.
holdLazyLoads(m.drawn);
// The first render waits for the storage reads its screen shows (settings, key hint, balance: they answer with the
// script), so it draws the form once rather than empty then again as each lands; a read that hangs holds it 300 ms
// at most.
const next = new MessageChannel();
next.port1.onmessage = () => {
  render(<App m={m} />, document.getElementById('app')!);
  findWindow();
};
let posted = false;
const post = () => {
  if (posted) return;
  posted = true;
  next.port2.postMessage(null);
};
void m.firstReads.then(post);
setTimeout(post, 300);
