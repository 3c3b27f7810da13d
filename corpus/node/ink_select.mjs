// A task runner's menu on ink with ink-select-input 6.2.0: "❯ item"
// choices (the cursor hidden), a task that runs 0.8 s with a fixed
// "Running build…" line and no animation, then the menu again; Quit
// leaves.
import React, { useState } from 'react';
import { render, Box, Text, useApp } from 'ink';
import SelectInput from 'ink-select-input';
import { arm, log } from './truth.mjs';

const h = React.createElement;
const items = ['build', 'test', 'lint', 'Quit'].map((t) => ({ label: t, value: t }));

function App() {
  const { exit } = useApp();
  const [running, setRunning] = useState('');
  const [done, setDone] = useState([]);
  const select = ({ value }) => {
    log('busy', '', value);
    if (value === 'Quit') { exit(); return; }
    setRunning(value);
    setTimeout(() => {
      arm('question'); // the next frame is the menu, back
      setDone((d) => [...d, `✔ ${value} finished`]);
      setRunning('');
    }, 800);
  };
  return h(Box, { flexDirection: 'column' },
    ...done.map((l, i) => h(Text, { key: i, color: 'green' }, l)),
    running
      ? h(Text, null, `Running ${running}…`)
      : h(Box, { flexDirection: 'column' }, h(Text, { bold: true }, 'What do you want to run?'), h(SelectInput, { items, onSelect: select })));
}

arm('question');
await render(h(App)).waitUntilExit();
