// @clack/prompts 1.9.0's other questions as create-* CLIs ask them:
// multiselect (◻/◼ boxes), password, a spinner over slow work, and
// groupMultiselect.
import * as p from '@clack/prompts';
import { ask, sleep } from './truth.mjs';

p.intro('create-service');
await ask('question', () => p.multiselect({
  message: 'Select additional tools',
  options: [{ value: 'eslint', label: 'ESLint' }, { value: 'prettier', label: 'Prettier' }, { value: 'vitest', label: 'Vitest' }],
  required: false,
}));
await ask('password', () => p.password({ message: 'Registry token' }));
const s = p.spinner();
s.start('Checking the token');
await sleep(1200);
s.stop('Token valid');
await ask('question', () => p.groupMultiselect({
  message: 'Pick the deployment targets',
  options: { cloud: [{ value: 'eu', label: 'eu-west' }, { value: 'us', label: 'us-east' }], edge: [{ value: 'cdn', label: 'CDN' }] },
}));
p.outro('Done');
