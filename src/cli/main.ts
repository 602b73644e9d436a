// The `lendsight` command: runs one command on the service's database and exits with its code.
import { runCli } from './run.js';

const code = await runCli(process.argv.slice(2), process.env, {
  out: (text) => process.stdout.write(text),
  err: (text) => process.stderr.write(text),
});
process.exit(code);
