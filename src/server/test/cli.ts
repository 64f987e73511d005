import { execFile, spawn } from 'node:child_process';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** Node's arguments for one of the owner's commands, `src/server/cli/<name>.ts`, run from its source. */
const commandArgs = (name: string, args: string[]) => ['--import', 'tsx', `src/server/cli/${name}.ts`, ...args];

/**
 * Runs one of the owner's commands with `env` over this process's environment. Rejects with its exit
 * `code`, `stdout` and `stderr` when it fails, as `execFile` does.
 */
export function runCli(name: string, args: string[], env: Record<string, string>) {
  return run(process.execPath, commandArgs(name, args), { env: { ...process.env, ...env } });
}

/** Runs one of the owner's commands with `input` on its standard input, which then ends (as a pipe does). */
export function runCliWithInput(
  name: string,
  args: string[],
  env: Record<string, string>,
  input = '',
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, commandArgs(name, args), { env: { ...process.env, ...env } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => {
      stdout += chunk;
    });
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
    });
    child.on('close', (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(input);
  });
}
