// enquirer: a select (cursor hidden), then "Thinking…" and two seconds of
// silent work under it, then a text input, then a toggle.
import enquirer from 'enquirer';
import { ask, sleep } from './truth.mjs';

const { Select, Input, Toggle } = enquirer;
await ask('question', () => new Select({ name: 'color', message: 'Pick a flavour', choices: ['vanilla', 'chocolate', 'strawberry'] }).run());
process.stdout.write('Thinking…\n');
await sleep(2000);
process.stdout.write('Done thinking.\n');
await ask('text', () => new Input({ message: 'Your name' }).run());
await ask('question', () => new Toggle({ message: 'Subscribe?', enabled: 'Yes', disabled: 'No' }).run());
console.log('bye');
