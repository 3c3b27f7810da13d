// @clack/prompts the way create-* CLIs use it: intro, text, select, a
// spinner over slow work, confirm, outro.
import * as p from '@clack/prompts';
import { ask, sleep } from './truth.mjs';

p.intro('create-app');
await ask('text', () => p.text({ message: 'Where should we create your project?', placeholder: './my-app' }));
await ask('question', () => p.select({
  message: 'Pick a framework',
  options: [{ value: 'svelte', label: 'Svelte' }, { value: 'react', label: 'React' }, { value: 'vue', label: 'Vue' }],
}));
const s = p.spinner();
s.start('Copying files');
await sleep(1800);
s.stop('Copied 23 files');
await ask('question', () => p.confirm({ message: 'Initialise a git repository?' }));
p.outro('You are all set');
