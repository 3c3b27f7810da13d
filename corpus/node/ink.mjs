// An agent-like chat on ink (React for the terminal) with ink-text-input
// (it hides the terminal's cursor and draws its own) and ink-spinner: each
// turn shows a spinner and "Thinking" for 1.6 s, then the answer and the
// input again. "exit" quits.
import React, { useState } from 'react';
import { render, Box, Text, useApp } from 'ink';
import TextInput from 'ink-text-input';
import Spinner from 'ink-spinner';
import { arm, log } from './truth.mjs';

const h = React.createElement;

function App() {
  const { exit } = useApp();
  const [value, setValue] = useState('');
  const [busy, setBusy] = useState(false);
  const [history, setHistory] = useState([]);
  const submit = (line) => {
    log('busy', '', line);
    if (line === 'exit') { exit(); return; }
    setValue('');
    setHistory((hs) => [...hs, '> ' + line]);
    setBusy(true);
    setTimeout(() => {
      arm('main'); // the next frame ink writes is the input, back
      setHistory((hs) => [...hs, `answer: ${line.length} characters`]);
      setBusy(false);
    }, 1600);
  };
  return h(Box, { flexDirection: 'column' },
    ...history.map((l, i) => h(Text, { key: i }, l)),
    busy
      ? h(Text, null, h(Text, { color: 'green' }, h(Spinner, { type: 'dots' })), ' Thinking')
      : h(Box, { borderStyle: 'round', paddingX: 1 }, h(Text, null, '› '), h(TextInput, { value, onChange: setValue, onSubmit: submit })),
    h(Text, { dimColor: true }, 'enter to send · ctrl+c to quit'));
}

arm('main');
await render(h(App)).waitUntilExit();
