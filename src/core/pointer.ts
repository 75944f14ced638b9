/** The exact text a pointer document carries (spec section 4). */
export function pointerText(uri: string): string {
  return `At hand, not carried here. Read it when it is needed: soul-vault read ${uri}`;
}

/** The command that prints a note: what a pointer tells the reader to run. */
export function readCommand(uri: string): string {
  return `soul-vault read ${uri}`;
}
