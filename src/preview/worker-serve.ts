// The worker side of a preview, for both previews: every request is answered with its id, and a
// failure (a bug, or a snapshot that would not load) as `{ error }` the page shows, never a dead promise.

/** Answer each request with `handle`'s reply, or its failure's message. */
export function serve<Request extends { id: number }, Reply>(handle: (request: Request) => Promise<Reply>): void {
  self.onmessage = async (event: MessageEvent<Request>): Promise<void> => {
    const { id } = event.data;
    let reply: ({ id: number } & Reply) | { id: number; error: string };
    try {
      reply = { ...(await handle(event.data)), id };
    } catch (error) {
      reply = { id, error: error instanceof Error ? error.message : String(error) };
    }
    self.postMessage(reply);
  };
}

/** A preview's snapshot, fetched from the page's URL for it. */
export async function fetchSnapshot<T>(url: string): Promise<T> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`the snapshot answered ${response.status}`);
  return (await response.json()) as T;
}
