// The one reader of `git cat-file` output: the git store reads notes and link targets through it,
// the history reads trees through it, and the history's `--batch-check` lines are its headers.
// Node-only.
import { spawn } from 'node:child_process';
import type { ChildProcessWithoutNullStreams } from 'node:child_process';

/** A `cat-file --batch` or `--batch-check` header: `<oid> <type> <size>`, or why the name named no object. */
export type BatchHeader = { oid: string; type: string; size: number } | { problem: string };

/** One object as `cat-file --batch` gives it. */
export interface BatchObject {
  type: string;
  bytes: Uint8Array;
}

/** One header line, without its line break. */
export function batchHeader(line: string): BatchHeader {
  // `<oid> <type> <size>`, or `<name> missing` (a name may hold spaces, so read from the end).
  const words = line.split(' ');
  const size = Number(words.at(-1));
  if (words.length < 3 || !Number.isInteger(size)) return { problem: `object ${words.slice(0, -1).join(' ')} is ${words.at(-1)}` };
  return { oid: words[0]!, type: words.at(-2)!, size };
}

/**
 * One `git cat-file --batch`: object names in on stdin, `<oid> <type> <size>\n<bytes>\n` out, in
 * order. The process is referenced only while a read waits, so a store left open never keeps
 * the program from exiting, and one in use is never cut short.
 */
export class Batch {
  private readonly child: ChildProcessWithoutNullStreams;
  private readonly waiting: Array<{ resolve: (object: BatchObject) => void; reject: (error: Error) => void }> = [];
  private chunks: Buffer[] = [];
  private buffered = 0;
  /** Bytes the object at the head of the output needs before it can be taken (0: not known yet). */
  private need = 0;
  private failed: Error | null = null;
  private referenced = true;

  constructor(cwd: string) {
    this.child = spawn('git', ['cat-file', '--batch'], { cwd, stdio: ['pipe', 'pipe', 'pipe'] });
    this.child.stdout.on('data', (chunk: Buffer) => this.take(chunk));
    this.child.stderr.resume();
    this.child.stdin.on('error', () => {});
    const fail = (error: Error): void => {
      this.failed = error;
      for (const w of this.waiting.splice(0)) w.reject(error);
      this.unref();
    };
    this.child.on('error', (error) => fail(new Error(`git cannot be run: ${error.message}`)));
    this.child.on('close', (code) => fail(new Error(`git cat-file exited${code === null ? '' : ` with ${code}`}`)));
    this.unref();
  }

  /** The object `name` names (an id, or `<commit>:<path>`); rejected when it names none. */
  read(name: string): Promise<BatchObject> {
    if (this.failed) return Promise.reject(this.failed);
    return new Promise((resolve, reject) => {
      this.waiting.push({ resolve, reject });
      this.ref();
      this.child.stdin.write(`${name}\n`);
    });
  }

  close(): void {
    this.child.stdin.end();
    this.unref();
  }

  private ref(): void {
    if (this.referenced) return;
    this.referenced = true;
    this.child.ref();
    (this.child.stdout as unknown as { ref(): void }).ref();
  }

  private unref(): void {
    if (!this.referenced) return;
    this.referenced = false;
    this.child.unref();
    // The pipes hold the event loop too.
    (this.child.stdout as unknown as { unref(): void }).unref();
    (this.child.stdin as unknown as { unref(): void }).unref();
    (this.child.stderr as unknown as { unref(): void }).unref();
  }

  private take(chunk: Buffer): void {
    this.chunks.push(chunk);
    this.buffered += chunk.length;
    for (;;) {
      // A large object arrives in many chunks: join them once it is all there, not on every chunk.
      if (this.waiting.length === 0 || this.buffered === 0 || this.buffered < this.need) break;
      const data = this.chunks.length === 1 ? this.chunks[0]! : Buffer.concat(this.chunks);
      this.chunks = [data];
      const newline = data.indexOf(10);
      if (newline < 0) break;
      const header = batchHeader(data.subarray(0, newline).toString('latin1'));
      if ('problem' in header) {
        this.consume(data, newline + 1);
        this.waiting.shift()!.reject(new Error(header.problem));
        continue;
      }
      this.need = newline + 1 + header.size + 1;
      if (data.length < this.need) break;
      this.need = 0;
      // A copy: the chunk it came from may be large and is dropped.
      const bytes = new Uint8Array(data.subarray(newline + 1, newline + 1 + header.size));
      this.consume(data, newline + 1 + header.size + 1);
      this.waiting.shift()!.resolve({ type: header.type, bytes });
    }
    if (this.waiting.length === 0) this.unref();
  }

  private consume(data: Buffer, n: number): void {
    const rest = data.subarray(n);
    this.chunks = rest.length > 0 ? [rest] : [];
    this.buffered = rest.length;
  }
}
