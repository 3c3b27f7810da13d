// terminal-kit 3.1.4 the way its documentation's examples ask: a yes/no
// question written as "[Y|n]" and read with yesOrNo, an inputField with
// history and auto-completion, a singleColumnMenu (the highlighted item
// drawn in inverse, no glyph) after silent work, and a singleLineMenu.
import termkit from 'terminal-kit';
import { ask, sleep } from './truth.mjs';

const term = termkit.terminal;
term.grabInput();
await ask('question', () => { term('Do you like javascript? [Y|n]\n'); return term.yesOrNo({ yes: ['y', 'ENTER'], no: ['n'] }).promise; });
await ask('text', () => { term('Please enter your name: '); return term.inputField({ history: ['Ada'], autoComplete: ['Ada', 'Alan'], autoCompleteMenu: true }).promise; });
term('\nLooking for templates…\n');
await sleep(900);
await ask('question', () => term.singleColumnMenu(['minimal', 'web server', 'command-line tool', 'library']).promise);
await ask('question', () => { term('\nLicense: '); return term.singleLineMenu(['MIT', 'Apache-2.0', 'GPL-3.0'], { selectedStyle: term.dim.blue.bgGreen }).promise; });
term('\nbye\n');
term.grabInput(false);
process.exit(0);
