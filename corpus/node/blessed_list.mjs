// A branch switcher on blessed 0.1.81: a bordered list of branches with a
// label, vi keys and mouse, the selected branch highlighted (no glyph).
// Enter checks the branch out (0.6 s of silent work, then a message in the
// status box) and the list takes keys again; q quits.
import blessed from 'blessed';
import { arm, log, sleep } from './truth.mjs';

const screen = blessed.screen({ smartCSR: true });
const list = blessed.list({
  parent: screen, label: ' branches ', top: 'center', left: 'center', width: 40, height: 10,
  border: 'line', keys: true, vi: true, mouse: true,
  items: ['main', 'feature/login', 'feature/search', 'fix/typo', 'release/1.4'],
  style: { selected: { bg: 'blue', fg: 'white' }, border: { fg: 'cyan' } },
});
const status = blessed.box({ parent: screen, bottom: 0, height: 1, width: '100%', content: 'on main' });
list.on('select', async (item) => {
  const b = item.getText();
  log('busy', '', b);
  await sleep(600); // git checkout
  status.setContent(`switched to ${b}`);
  arm('question');
  screen.render();
});
screen.key(['q', 'C-c'], () => { log('busy', '', 'q'); screen.destroy(); process.exit(0); });
list.focus();
arm('question');
screen.render();
