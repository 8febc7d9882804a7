// Stylesheets imported by components mean nothing when the components render in Node (scripts/first-paint.tsx):
// the page gets its styles from the built CSS instead.
import { register } from 'node:module';

register(
  `data:text/javascript,${encodeURIComponent(
    "export async function load(url, context, next) { return url.endsWith('.css') ? { format: 'module', source: '', shortCircuit: true } : next(url, context); }",
  )}`,
);
