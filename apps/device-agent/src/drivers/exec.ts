import { execFile } from 'node:child_process';

export type ExecResult = { stdout: string; stderr: string };
export type ExecOptions = { stdin?: string; timeoutMs?: number };
/** Runs a program with an argument list (never a shell). Rejects with `ExecError`. */
export type Runner = (file: string, args: readonly string[], options?: ExecOptions) => Promise<ExecResult>;

export type ExecFailureKind = 'not-found' | 'not-permitted' | 'timeout' | 'exit';

export class ExecError extends Error {
  override name = 'ExecError';

  constructor(
    readonly kind: ExecFailureKind,
    readonly file: string,
    readonly exitCode: number | null,
    readonly stdout: string,
    readonly stderr: string,
  ) {
    super(`${file}: ${kind}${exitCode === null ? '' : ` (exit ${exitCode})`} ${stderr.trim()}`.trim());
  }
}

export const runCommand: Runner = (file, args, options = {}) =>
  new Promise((resolve, reject) => {
    const child = execFile(
      file,
      [...args],
      { timeout: options.timeoutMs ?? 60_000, maxBuffer: 32 * 1024 * 1024, encoding: 'utf8' },
      (err, stdout, stderr) => {
        if (!err) return resolve({ stdout, stderr });
        const code = (err as NodeJS.ErrnoException).code;
        const kind: ExecFailureKind =
          code === 'ENOENT'
            ? 'not-found'
            : code === 'EACCES'
              ? 'not-permitted'
              : err.killed
                ? 'timeout'
                : 'exit';
        const exitCode = typeof err.code === 'number' ? err.code : null;
        reject(new ExecError(kind, file, exitCode, stdout ?? '', stderr ?? ''));
      },
    );
    // Some tools wait for stdin when given no text argument; always close it.
    child.stdin?.on('error', () => undefined);
    child.stdin?.end(options.stdin ?? '');
  });
