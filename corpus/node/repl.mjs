// Node's own REPL (node:repl, as `node` runs it: preview of results as one
// types, top-level await) with ground truth from its displayPrompt: ready
// once the prompt is written and the event loop turns, busy on each line.
import repl from 'node:repl';
import { log } from './truth.mjs';

const r = repl.start({ prompt: '> ', useGlobal: true });
const display = r.displayPrompt.bind(r);
r.displayPrompt = (...a) => {
  display(...a);
  setImmediate(() => log('ready', 'main'));
};
r.on('line', (l) => log('busy', '', l));
setImmediate(() => log('ready', 'main')); // start wrote the first prompt
