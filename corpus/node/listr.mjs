// A release CLI: an @inquirer/prompts input, then listr2 tasks with its
// default renderer (spinners per task, one task silent for 1.2 s, a subtask
// list), then a confirm, then a second run of tasks and a last input.
import { input, confirm } from '@inquirer/prompts';
import { Listr } from 'listr2';
import { ask, sleep } from './truth.mjs';

const version = await ask('text', () => input({ message: 'Version to release?', default: '1.0.1' }));
const tasks = (v) => new Listr([
  { title: 'Checking the working tree', task: () => sleep(400) },
  { title: `Bumping to ${v}`, task: () => sleep(1200) },
  {
    title: 'Building',
    task: (_, t) => t.newListr([
      { title: 'esm', task: () => sleep(500) },
      { title: 'cjs', task: () => sleep(700) },
    ], { concurrent: true }),
  },
]);
await tasks(version).run();
await ask('question', () => confirm({ message: 'Publish to the registry?' }));
await new Listr([
  { title: 'Publishing', task: () => sleep(1500) },
  { title: 'Tagging', task: () => sleep(300) },
]).run();
await ask('text', () => input({ message: 'Release notes title?' }));
console.log('released');
