// Small builders for the page's tables, shared by the views.

/** A header row of column headings. */
export function headRow(labels) {
  const tr = document.createElement('tr');
  for (const h of labels) {
    const th = document.createElement('th');
    th.scope = 'col';
    th.textContent = h;
    tr.appendChild(th);
  }
  return tr;
}

/** Appends a cell (`td`, or `th` as a row heading) with text to a row. */
export function cell(row, text, cls, tag = 'td') {
  const c = document.createElement(tag);
  c.textContent = text;
  if (cls) c.className = cls;
  if (tag === 'th') c.scope = 'row';
  row.appendChild(c);
  return c;
}
