// The catalog filter (CatalogFilter.astro): rows stay in the page and are only hidden, so the
// table, its anchors and copy buttons are the same with or without a filter.
export function startCatalogFilter(): void {
  const box = document.querySelector<HTMLElement>('[data-catalog-filter]');
  const table = document.querySelector<HTMLTableElement>('table[data-catalog]');
  if (!box || !table) return;
  const words = box.querySelector<HTMLInputElement>('input')!;
  const distance = box.querySelector<HTMLSelectElement>('select')!;
  const count = box.querySelector<HTMLElement>('[role="status"]')!;
  const rows = [...table.tBodies[0]!.rows].map((row) => ({ row, text: row.textContent!.toLowerCase(), distance: row.dataset['distance'] ?? '' }));

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
  box.hidden = false;
  apply();
}
