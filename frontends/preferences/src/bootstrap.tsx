import '@shopify/polaris/build/esm/styles.css';
import { mountStandalone } from '@belegfluss/frontend-kit/standalone';
import App from './App';

// Only when this remote is opened on its own; inside the shell, `./App` is mounted instead.
mountStandalone(App, '/preferences');
