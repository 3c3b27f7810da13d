// A deploy dashboard on blessed 0.1.81, full screen: a header, a list of
// environments (the selected one highlighted, no glyph), a log and one
// status line at the bottom. Enter deploys: the status line says
// "checking production…", with no animation, while the program works
// silently for about a second; then the log gets the result and the status
// line says so. q quits.
import blessed from 'blessed';
import { arm, log, sleep } from './truth.mjs';

const screen = blessed.screen({ smartCSR: true, title: 'deployer' });
blessed.box({ parent: screen, top: 0, height: 1, width: '100%', content: ' deployer · 3 environments', style: { bg: 'blue' } });
const list = blessed.list({
  parent: screen, top: 1, height: 5, width: '100%', keys: true, border: 'line',
  items: ['production', 'staging', 'preview'], style: { selected: { inverse: true } },
});
const out = blessed.log({ parent: screen, top: 6, bottom: 1, width: '100%', content: 'last deploy: yesterday' });
const status = blessed.box({ parent: screen, bottom: 0, height: 1, width: '100%', content: 'ready' });
let working = false;
list.on('select', async (item) => {
  if (working) return;
  const env = item.getText();
  log('busy', '', env);
  working = true;
  status.setContent(`checking ${env}…`);
  screen.render();
  await sleep(1000); // health checks, nothing drawn
  out.log(`${env}: 3 services healthy, deployed v1.4.2`);
  status.setContent(`${env} deployed`);
  working = false;
  arm('question');
  screen.render();
});
screen.key(['q', 'C-c'], () => { log('busy', '', 'q'); screen.destroy(); process.exit(0); });
list.focus();
arm('question');
screen.render();
