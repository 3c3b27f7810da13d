// prompts 2.4.2 multiselect (checkboxes), autocomplete and
// autocompleteMultiselect, with silent work between them.
import prompts from 'prompts';
import { ask, sleep } from './truth.mjs';

const one = async (kind, q) => (await ask(kind, () => prompts({ name: 'v', ...q }))).v;
const colours = [{ title: 'Red', value: 'red' }, { title: 'Green', value: 'green' }, { title: 'Blue', value: 'blue' }, { title: 'Cyan', value: 'cyan' }];
await one('question', { type: 'multiselect', message: 'Pick colours', choices: colours, hint: '- Space to select. Return to submit' });
await sleep(700);
await one('question', { type: 'autocomplete', message: 'Pick a country', choices: [{ title: 'Austria' }, { title: 'Belgium' }, { title: 'Chile' }, { title: 'Denmark' }] });
await one('question', { type: 'autocompleteMultiselect', message: 'Pick toppings', choices: [{ title: 'cheese' }, { title: 'ham' }, { title: 'olives' }] });
console.log('thanks');
