import { render } from 'preact';
import '@/src/ui/styles.css';
import '@/src/ui/sidepanel/sidepanel.css';
import { App } from '@/src/ui/sidepanel/App';

render(<App />, document.getElementById('app')!);
