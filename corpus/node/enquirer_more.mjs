// enquirer 2.4.1's other prompts: MultiSelect, Confirm ("(y/N)"),
// AutoComplete and NumberPrompt, with silent work between.
import enquirer from 'enquirer';
import { ask, sleep } from './truth.mjs';

const { MultiSelect, Confirm, AutoComplete, NumberPrompt } = enquirer;
await ask('question', () => new MultiSelect({ name: 'pkgs', message: 'Packages to update', choices: ['react', 'react-dom', 'typescript', 'vite'] }).run());
await ask('question', () => new Confirm({ name: 'ok', message: 'Update 2 packages?' }).run());
process.stdout.write('Resolving versions…\n');
await sleep(900);
await ask('question', () => new AutoComplete({ name: 'tag', message: 'Release channel', limit: 4, choices: ['latest', 'next', 'beta', 'canary'] }).run());
await ask('text', () => new NumberPrompt({ name: 'n', message: 'How many retries?' }).run());
console.log('updated');
