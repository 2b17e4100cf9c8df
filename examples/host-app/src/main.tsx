import { render } from 'preact';
import { App } from './app.tsx';
import './app.css';

render(<App />, document.querySelector('#app')!);
