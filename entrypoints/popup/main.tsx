import { render } from 'preact';

render(<main>Bridge Companion</main>, document.getElementById('app')!);
