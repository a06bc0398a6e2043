import { render } from 'preact';

render(<h1>Candidate Lens</h1>, document.getElementById('app')!);
