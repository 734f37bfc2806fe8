// The page's fonts, made into faces as early as the page can (a classic
// script: deferred in the served desk, whose head preloads the files, so
// that it holds up no parsing; inline in the static desk, before its first
// layout, with the bytes at hand). A face left to the style sheet is
// only fetched and decoded once a layout needs it: that first layout
// looked up a fallback for every Chinese character (slow, and empty boxes
// on a machine without CJK fonts), and the page waited for its text font
// before writing its words (js/main.js). The faces are made from desk.css's
// own @font-face rules, so the rules stay the one place that names them:
// from the bytes when a rule carries them (the static desk's data: URLs,
// decoded at once), else the rule's own face is loaded now, from the file
// the head preloads. A rule with a
// unicode-range is left to the browser, which loads it only when a text
// needs one of its characters (the larger names font).
(() => {
  if (!document.fonts || typeof FontFace !== 'function') return;
  const decode = (b64) => (Uint8Array.fromBase64 ? Uint8Array.fromBase64(b64) : Uint8Array.from(atob(b64), (c) => c.charCodeAt(0)));
  for (const sheet of document.styleSheets) {
    let rules;
    try { rules = sheet.cssRules; } catch (_) { continue; }
    for (const r of rules) {
      if (!(r instanceof CSSFontFaceRule)) continue;
      // U+0: a static desk's rule, kept only for the exports to read.
      const range = r.style.getPropertyValue('unicode-range');
      if (range && !/^U\+0$/i.test(range.trim())) continue;
      const src = r.style.getPropertyValue('src');
      const family = r.style.getPropertyValue('font-family').replace(/["']/g, '');
      const descriptors = { weight: r.style.getPropertyValue('font-weight'), display: r.style.getPropertyValue('font-display') };
      const bytes = /base64,([^"')]+)/.exec(src);
      const file = !bytes && /url\(["']?([^"')]+)["']?\)/.exec(src);
      if (!bytes && !file) continue;
      if (!bytes) {
        // The rule's own face, loaded now: it is given the bytes the head
        // preloads (a face made here from the URL fetched the file a second
        // time, which the page then waited for).
        for (const f of document.fonts) {
          if (f.family.replace(/["']/g, '') === family && f.status === 'unloaded') f.load().catch(() => {});
        }
        continue;
      }
      document.fonts.add(new FontFace(family, decode(bytes[1]), descriptors));
    }
  }
})();
