// The questions npm and npx ask, on npm's own `read` package (4.1.0, the
// one npm ships): npm init's "package name: (demo)" and "version:
// (1.0.0)", a silent write, "Is this OK? (yes)", then npx's "Ok to
// proceed? (y)".
import { read } from 'read';
import { ask, sleep } from './truth.mjs';

const q = (kind, prompt, def) => ask(kind, () => read({ prompt, default: def }));
await q('text', 'package name:', 'demo');
await q('text', 'version:', '1.0.0');
console.log('About to write to ./package.json:\n\n{\n  "name": "demo",\n  "version": "1.0.0"\n}\n');
await sleep(600);
await q('question', 'Is this OK?', 'yes');
console.log('Need to install the following packages:\ncowsay@1.6.0');
await q('question', 'Ok to proceed?', 'y');
await sleep(400);
console.log('installed');
