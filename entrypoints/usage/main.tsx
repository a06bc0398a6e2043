import { render } from 'preact';
import '@/src/ui/styles.css';
import { App } from '@/src/ui/usage/App';

render(<App />, document.getElementById('app')!);
