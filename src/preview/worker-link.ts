// The page side of a preview's worker, for both previews (souls and agents): each request gets an id
// and its reply resolves the request's promise; replies can overtake one another (the worker runs
// each request as it comes), so `latest` says whether a reply is the newest one drawn so far.

/** A request as the page writes it: the link adds the id. */
export type Unnumbered<R> = R extends { id: number } ? Omit<R, 'id'> : never;

export interface WorkerLink<Request, Reply> {
  ask(request: Unnumbered<Request>): Promise<Reply>;
  /** True for a reply no later-asked reply has been drawn before, and marks it drawn: a slower earlier run must not draw over a later one. */
  latest(reply: { id: number }): boolean;
}

export function linkWorker<Request extends { id: number }, Reply extends { id: number }>(worker: Worker): WorkerLink<Request, Reply> {
  const waiting = new Map<number, (reply: Reply) => void>();
  let next = 0;
  let shown = 0;
  worker.onmessage = (event: MessageEvent<Reply>) => {
    waiting.get(event.data.id)?.(event.data);
    waiting.delete(event.data.id);
  };
  return {
    ask: (request) =>
      new Promise((resolve) => {
        const id = ++next;
        waiting.set(id, resolve);
        worker.postMessage({ ...request, id });
      }),
    latest: (reply) => {
      if (reply.id < shown) return false;
      shown = reply.id;
      return true;
    },
  };
}
