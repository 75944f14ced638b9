// A few tasks at a time: enough to overlap one task's waiting with another's work, few enough that
// what they hold is not all held at once.

/** `work` over every item, at most `limit` at a time; results in the items' order. */
export async function mapPooled<T, R>(items: readonly T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < items.length) {
      const i = next++;
      results[i] = await work(items[i]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}
