// Dialogs of blessed 0.1.81 as programs ask with them: a Question ("Delete
// branch feature/login?" with Okay and Cancel buttons), silent work, a
// Prompt (a text field with Okay and Cancel), then another Question.
import blessed from 'blessed';
import { ask, sleep } from './truth.mjs';

const screen = blessed.screen({ smartCSR: true });
blessed.box({ parent: screen, top: 0, height: 1, width: '100%', content: ' branches: main, feature/login, fix/typo' });
const dialog = (type) => blessed[type]({
  parent: screen, border: 'line', height: 'shrink', width: 'half', top: 'center', left: 'center',
  label: ' {blue-fg}confirm{/blue-fg} ', tags: true, keys: true, vi: true,
});
const question = (text) => new Promise((res) => dialog('question').ask(text, (_err, ok) => res(ok)));
const input = (text) => new Promise((res) => dialog('prompt').input(text, '', (_err, v) => res(v)));

await ask('question', () => question('Delete branch feature/login?'));
await sleep(700); // git branch -D
await ask('text', () => input('Name of the new branch?'));
await sleep(500);
await ask('question', () => question('Push it to origin?'));
screen.destroy();
console.log('done');
process.exit(0);
