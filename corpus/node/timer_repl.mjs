// A database console on node:readline whose event loop always has a timer
// due: a 250 ms housekeeping interval (connection keep-alive, metrics)
// that draws nothing, as servers' consoles keep. Queries run 1 s of
// asynchronous work, then print their rows.
import readline from 'node:readline';
import { log, sleep } from './truth.mjs';

let ticks = 0;
const keepAlive = setInterval(() => { ticks++; }, 250);
const rl = readline.createInterface({ input: process.stdin, output: process.stdout, terminal: true });
rl.setPrompt('db> ');
const prompt = () => { rl.prompt(); setImmediate(() => log('ready', 'main')); };
rl.on('line', async (line) => {
  log('busy', '', line);
  if (line.trim() === '.exit') { clearInterval(keepAlive); rl.close(); return; }
  rl.pause();
  await sleep(1000);
  console.log(`(${(line.length % 4) + 1} rows, ${ticks} keep-alives)`);
  rl.resume();
  prompt();
});
console.log('connected to corpus.db');
prompt();
