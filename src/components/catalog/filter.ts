// The catalog filter (CatalogFilter.astro): rows stay in the page and are only hidden or moved, so
// the table, its anchors and copy buttons are the same with or without a filter.
export function startCatalogFilter(): void {
  const box = document.querySelector<HTMLElement>('[data-catalog-filter]');
  const table = document.querySelector<HTMLTableElement>('table[data-catalog]');
  if (!box || !table) return;
  const words = box.querySelector<HTMLInputElement>('input')!;
  const distance = box.querySelector<HTMLSelectElement>('[data-filter-distance]')!;
  const order = box.querySelector<HTMLSelectElement>('[data-filter-order]')!;
  const count = box.querySelector<HTMLElement>('[role="status"]')!;
  const body = table.tBodies[0]!;
  const rows = [...body.rows].map((row) => ({ row, text: row.textContent!.toLowerCase(), distance: row.dataset['distance'] ?? '', cost: Number(row.dataset['editCost'] ?? 0) }));
  // By edit cost, most first; a stable sort keeps the table's own order among equal costs.
  const byCost = [...rows].sort((a, b) => b.cost - a.cost);

  const sort = (): void => {
    for (const r of order.value === 'edit-cost' ? byCost : rows) body.append(r.row);
  };

  const apply = (): void => {
    const terms = words.value.toLowerCase().split(/\s+/).filter(Boolean);
    let shown = 0;
    for (const r of rows) {
      const visible = (distance.value === '' || r.distance === distance.value) && terms.every((t) => r.text.includes(t));
      r.row.hidden = !visible;
      if (visible) shown++;
    }
    count.textContent = shown === rows.length ? `${rows.length} notes` : `${shown} of ${rows.length} notes`;
  };
  words.addEventListener('input', apply);
  distance.addEventListener('change', apply);
  order.addEventListener('change', sort);
  box.hidden = false;
  // A form the browser restored (going back to the page) is applied as it shows.
  sort();
  apply();
}
