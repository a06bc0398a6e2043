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
const next = new MessageChannel();
next.port1.onmessage = () => {
  render(<App m={m} />, document.getElementById('app')!);
  findWindow();
};
next.port2.postMessage(null);
