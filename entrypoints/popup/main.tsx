import { render } from 'preact';
import '@/src/ui/styles.css';
import '@/src/ui/popup/popup.css';
import { App } from '@/src/ui/popup/App';

render(<App />, document.getElementById('app')!);
