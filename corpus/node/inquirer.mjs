// @inquirer/prompts the way a scaffolding CLI uses it: a text input, a
// select list (cursor hidden), a masked password, a confirm, then an ora
// spinner while it "installs", and a last text input.
import { input, select, password, confirm } from '@inquirer/prompts';
import ora from 'ora';
import { ask, log, sleep } from './truth.mjs';

await ask('text', () => input({ message: 'Project name?', default: 'demo' }));
await ask('question', () => select({
  message: 'Pick a template',
  choices: [{ name: 'minimal', value: 'minimal' }, { name: 'full', value: 'full' }, { name: 'library', value: 'library' }],
}));
await ask('password', () => password({ message: 'Registry token', mask: '*' }));
await ask('question', () => confirm({ message: 'Install dependencies?' }));
const spin = ora('Installing dependencies').start();
await sleep(1500);
spin.succeed('Installed 42 packages');
await ask('text', () => input({ message: 'Commit message?' }));
console.log('done');
