// prompts (terkelg/prompts): text, toggle, select and number questions,
// with silent work between them.
import prompts from 'prompts';
import { ask, sleep } from './truth.mjs';

const one = async (kind, q) => (await ask(kind, () => prompts({ name: 'v', ...q }))).v;
await one('text', { type: 'text', message: 'What is your name?' });
await one('question', { type: 'toggle', message: 'Can you confirm?', initial: false, active: 'yes', inactive: 'no' });
await sleep(800);
await one('question', { type: 'select', message: 'Pick a colour', choices: [{ title: 'Red', value: 'red' }, { title: 'Green', value: 'green' }, { title: 'Blue', value: 'blue' }] });
await one('text', { type: 'number', message: 'How old are you?' });
console.log('thanks');
