// A prompt built with @inquirer/select, as a Node CLI would ask it.
import select from '@inquirer/select';

const answer = await select({
  message: 'Pick a colour',
  choices: [
    { name: 'Red', value: 'red' },
    { name: 'Green', value: 'green' },
    { name: 'Blue', value: 'blue' },
  ],
});
console.log(`answer: ${answer}`);
