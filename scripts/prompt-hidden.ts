import readline from 'node:readline';

/** Read one line from the terminal without echoing it (a password); piped input is read as it is. */
export function promptHidden(question: string): Promise<string> {
  const rl = readline.createInterface({ input: process.stdin, output: process.stdout, terminal: process.stdin.isTTY });
  const out = rl as unknown as { _writeToOutput: (s: string) => void };
  return new Promise((resolve) => {
    rl.question(question, (answer) => {
      rl.close();
      process.stdout.write('\n');
      resolve(answer);
    });
    // After the question is shown, echo nothing of what is typed.
    out._writeToOutput = () => undefined;
  });
}
