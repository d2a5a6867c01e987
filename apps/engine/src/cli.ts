import 'reflect-metadata';
import { runOperatorCli } from './cli/run-operator-cli';

runOperatorCli(process.argv.slice(2), process.env, {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
}).then((exitCode) => {
  process.exitCode = exitCode;
});
