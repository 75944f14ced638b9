import { AstroError } from 'astro/errors';

/** A lesson embed that names nothing in the vault: the build stops with this message, no stack trace. */
export class EmbedError extends AstroError {
  constructor(message: string) {
    super(
      `Soulpress: ${message}`,
      'Lessons may only embed souls, presets and notes of this vault root, and agents of this agents root. The lessons in content/lessons teach the sample family: to publish your own vault, set SOULPRESS_LESSONS to your own lessons folder (an empty folder publishes none).',
    );
    this.name = 'LessonError';
    this.stack = '';
  }

  // Astro reads the words "document" or "window" in toString() as a browser API misuse.
  override toString(): string {
    return 'LessonError';
  }
}
