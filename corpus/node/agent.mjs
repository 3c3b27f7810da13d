// An agent-like chat loop on Node's readline: an input box ("> ") and, while
// a turn runs, a status line above the box with the cursor resting in the
// box, as agent CLIs draw it. Odd turns: a spinner whose first repaint gap is
// the longest (480 ms, then 80 ms). Even turns: "Thinking…" and then 2 s of
// silence. Then the answer and the box again.
import readline from 'node:readline';
import { log, sleep } from './truth.mjs';

const rl = readline.createInterface({ input: process.stdin, output: process.stdout, terminal: true });
const box = () => new Promise((res) => {
  rl.setPrompt('> ');
  rl.prompt();
  setImmediate(() => log('ready', 'main'));
  rl.once('line', (l) => { log('busy', '', l); res(l); });
});
// status redraws the line above the box and puts the cursor back in the box.
const status = (s) => process.stdout.write(`\x1b[1A\r${s}\x1b[K\x1b[1B\r> `);

let turn = 0;
for (;;) {
  const line = await box();
  if (line === 'exit') break;
  turn++;
  process.stdout.write('\n> ');
  if (turn % 2 === 1) {
    const frames = ['⠋', '⠙', '⠹', '⠸', '⠼', '⠴', '⠦', '⠧', '⠇', '⠏'];
    const end = Date.now() + 1800;
    for (let i = 0; Date.now() < end; i++) {
      status(`${frames[i % frames.length]} Working`);
      await sleep(i === 0 ? 480 : 80);
    }
  } else {
    status('Thinking…');
    await sleep(2000);
  }
  process.stdout.write(`\x1b[1A\ranswer ${turn}: ${line.length} characters\x1b[K\n\r\x1b[K`);
}
rl.close();
