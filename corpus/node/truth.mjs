// Ground truth for the corpus: the scenario announces, in the side log named
// by TTYRIG_FIXTURE_LOG (the fixtures' convention), the moment the library has
// rendered a prompt and awaits input ("ready") and the moment input was
// accepted and work started ("busy"). The readiness engine never reads it.
//
// ready is armed before a prompt starts and fires after the library's first
// write of visible text once the current turn of the event loop has finished
// (setImmediate), so the whole first render is on the terminal and Node is
// back in its event loop waiting for keys.
import fs from 'node:fs';

const path = process.env.TTYRIG_FIXTURE_LOG;
const fd = path ? fs.openSync(path, 'a') : -1;
const name = process.argv[1].replace(/.*\//, '').replace(/\.mjs$/, '');

function now() {
  // Wall-clock nanoseconds, the same clock the harness stamps the PTY with.
  return BigInt(Math.round((performance.timeOrigin + performance.now()) * 1000)) * 1000n;
}

export function log(event, prompt = '', text = '') {
  if (fd < 0) return;
  const rec = { event, t: 0, fixture: name };
  if (prompt) rec.prompt = prompt;
  if (text) rec.text = text;
  const line = JSON.stringify(rec).replace('"t":0', '"t":' + now().toString());
  fs.writeSync(fd, line + '\n');
}

// visible: the chunk draws a printable, non-space character outside escape
// sequences (a cursor hide or a mode switch alone is not the prompt).
const visible = (chunk) => String(chunk)
  .replace(/\x1b\[[0-?]*[ -\/]*[@-~]/g, '')
  .replace(/\x1b[\]P][^\x07\x1b]*(\x07|\x1b\\)?/g, '')
  .replace(/\x1b./g, '')
  .replace(/[\s\x00-\x1f\x7f]/g, '') !== '';

let armed = null;
const write = process.stdout.write.bind(process.stdout);
process.stdout.write = (chunk, ...rest) => {
  const r = write(chunk, ...rest);
  if (armed !== null && visible(chunk)) {
    const prompt = armed;
    armed = null;
    setImmediate(() => log('ready', prompt));
  }
  return r;
};

// arm makes the next visible write log ready with the prompt kind, for
// programs that render on their own schedule (ink).
export function arm(kind) { armed = kind; }

// ask runs one prompt: ready after its first render, busy when it resolves.
export async function ask(kind, start) {
  armed = kind;
  const answer = await start();
  armed = null;
  log('busy', '', typeof answer === 'string' ? answer : JSON.stringify(answer ?? null));
  return answer;
}

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

log('start');
process.on('exit', () => log('exit'));
