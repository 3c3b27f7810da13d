// The @inquirer/prompts questions the first scenario leaves out: checkbox
// (space toggles), expand (a key per answer), rawlist (numbered), number
// and search (filtering as one types), with silent work between them.
import { checkbox, expand, rawlist, number, search } from '@inquirer/prompts';
import { ask, sleep } from './truth.mjs';

await ask('question', () => checkbox({
  message: 'Which linters?',
  choices: [{ name: 'eslint', value: 'eslint' }, { name: 'prettier', value: 'prettier' }, { name: 'stylelint', value: 'stylelint' }],
}));
await ask('question', () => expand({
  message: 'Conflict on package.json:',
  default: 'y',
  choices: [{ key: 'y', name: 'Overwrite', value: 'overwrite' }, { key: 'n', name: 'Skip', value: 'skip' }, { key: 'd', name: 'Show diff', value: 'diff' }],
}));
process.stdout.write('Resolving…\n');
await sleep(1200);
await ask('question', () => rawlist({
  message: 'Package manager',
  choices: [{ name: 'npm', value: 'npm' }, { name: 'pnpm', value: 'pnpm' }, { name: 'yarn', value: 'yarn' }],
}));
await ask('text', () => number({ message: 'Port?', default: 3000 }));
const licences = ['MIT', 'Apache-2.0', 'BSD-3-Clause', 'GPL-3.0', 'MPL-2.0'];
await ask('question', () => search({
  message: 'Licence',
  source: async (term) => licences.filter((l) => !term || l.toLowerCase().includes(term.toLowerCase())).map((l) => ({ name: l, value: l })),
}));
console.log('ok');
