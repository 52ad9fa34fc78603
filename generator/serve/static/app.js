// Deckwright preview: shows /api/state, follows /events, opens a card's data from /api/card.
// Every value from the game is set as text (never as HTML).
"use strict";

const $ = (id) => document.getElementById(id);
let state = null;
let selected = null;  // the id of the card whose data the panel shows
let selectedKey = null;  // and who that card is (deck, name, which of that name): kept across saves
let pointed = [];     // ids the chosen problem points at
let lost = false;     // the event stream broke (the server stopped or restarted)

function el(tag, props = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(props)) {
    if (key === "class") node.className = value;
    else if (key.startsWith("data-") || key.startsWith("aria-")) node.setAttribute(key, value);
    else node[key] = value;
  }
  for (const child of children) if (child != null) node.append(child);
  return node;
}

function place(where, open) {
  // a file:line:column, as a link that opens it in the designer's editor when there is one
  return open ? el("a", {href: open, class: "open mono", title: `open ${where} in your editor`}, where)
    : el("span", {class: "mono"}, where);
}

function picture(p, alt, cls) {
  return el("img", {src: p.url, width: p.w, height: p.h, alt, class: cls, decoding: "async"});
}

function outlined(card, side, image) {
  // a face with the boxes whose text does not fit outlined over it (set through the CSSOM)
  const boxes = (card.overflow || []).filter((o) => o.side === side);
  if (!boxes.length) return image;
  const frame = el("span", {class: "outlined"}, image);
  for (const o of boxes) {
    const box = el("span", {class: "overflow-box", title: "this text does not fit"});
    const [left, top, width, height] = o.box;
    box.style.left = `${left * 100}%`;
    box.style.top = `${top * 100}%`;
    box.style.width = `${width * 100}%`;
    box.style.height = `${height * 100}%`;
    frame.append(box);
  }
  return frame;
}

async function load() {
  const response = await fetch("/api/state", {cache: "no-store"});
  if (!response.ok) return;
  const next = await response.json();
  // answers may arrive out of order: never show an older state of the same server over a newer one
  if (state && next.boot === state.boot && next.version <= state.version) return;
  keyCards(next);
  const before = state;
  state = next;
  if (before && before.boot !== next.boot && !next.cards.length && !next.pages.length &&
      (before.cards.length || before.pages.length)) {
    // a restarted server's first build: keep the last pictures until new ones arrive
    for (const key of ["decks", "cards", "pages", "guide", "files"]) state[key] = before[key];
    if (!next.problems.length) state.problems = before.problems;
    state.line = `${next.line} (the server restarted: the pictures shown are from before, until its first build is done)`;
    state.stale = true;
    state.boot = before.boot;  // the pictures are still the old server's: its next state replaces them
    state.version = -1;
    renderStatus();  // the pictures on the page stay as they are (the new server has none yet)
    return;
  }
  render();
}

function renderStatus() {
  const status = $("status");
  status.className = `status ${state.status}`;
  status.textContent = state.line + (state.proofing ? " (proofreading...)" : "");
}

function keyCards(next) {
  // each card's identity: its deck, name and which card of that name (ids are places in the deck)
  const seen = new Map();
  for (const card of next.cards) {
    const base = `${card.deck}\u0000${card.name}`;
    const n = (seen.get(base) || 0) + 1;
    seen.set(base, n);
    card.key = `${base}\u0000${n}`;
  }
}

let known = new Set();  // the card keys of the state shown before this one

function idOf(key, place, before) {
  // the id a card has now, found by who it is; else, for a card renamed where it stood (a new
  // name at its old place), that place; else null (it was removed)
  const found = state.cards.find((c) => c.key === key);
  if (found) return found.id;
  const there = state.cards.find((c) => c.id === place);
  return there && !before.has(there.key) ? there.id : null;
}

function render() {
  const active = document.activeElement;
  const focusedKey = active && active.dataset.key;
  const focusedPlace = active && active.dataset.id;
  const before = known;
  known = new Set(state.cards.map((c) => c.key));
  if (selected) {
    selected = idOf(selectedKey, selected, before);
    if (selected) selectedKey = state.cards.find((c) => c.id === selected).key;
  }
  document.title = `${state.title} - Deckwright preview`;
  $("title").textContent = state.title;
  $("printing").textContent = `${state.paper.toUpperCase()}, ${state.layout}`;
  $("printing").title = "the paper and layout of the kit's pages (serve --paper, --layout)";
  renderStatus();
  fillSelect($("deck"), state.decks.map((d) => [d.name, `${d.title} (${d.cards})`]), "all decks");
  fillSelect($("type"), [...new Set(state.cards.map((c) => c.type))].map((t) => [t, t]), "all types");
  renderProblems();
  renderCards();
  renderPages();
  renderGuide();
  if (viewing) showViewer();
  const focused = focusedKey ? idOf(focusedKey, focusedPlace, before) : focusedPlace;
  if (focused) {
    const again = document.querySelector(`[data-id="${CSS.escape(focused)}"]`);
    if (again) again.focus({preventScroll: true});
  }
  if (!selected && !$("panel").hidden) closePanel();
  else if (selected) openCard(selected, false);
}

function fillSelect(select, options, all) {
  const keep = select.value;
  select.replaceChildren(el("option", {value: ""}, all), ...options.map(([v, t]) => el("option", {value: v}, t)));
  select.value = options.some(([v]) => v === keep) ? keep : "";
}

function problemsOf(id) {
  return state.problems.filter((p) => p.targets.includes(id));
}

function renderProblems() {
  const list = $("problems");
  $("error").hidden = !state.error;
  $("error").textContent = state.error;
  const errors = state.problems.filter((p) => p.severity === "error").length;
  $("problems-title").textContent =
    `Problems (${errors} error${errors === 1 ? "" : "s"}, ${state.problems.length - errors} other)`;
  const items = state.problems.map((p, i) => {
    const button = el("button", {type: "button", "data-problem": String(i)},
      el("span", {class: "where"}, p.where), p.text.slice(p.where.length + 2));
    button.addEventListener("click", () => point(p));
    const open = p.open ? el("a", {href: p.open, class: "open", title: `open ${p.where} in your editor`},
      "edit") : null;
    return el("li", {class: p.severity}, button, open);
  });
  if (!items.length && state.status !== "building") items.push(el("li", {class: "none"}, "No problems found."));
  if (state.skipped) {
    items.push(el("li", {class: "warning"}, `${state.skipped} named check(s) in the constraints run the game's ` +
      "own Python and are not run here: run 'deckwright check' for them."));
  }
  list.replaceChildren(...items);
}

function point(problem) {
  pointed = problem.targets;
  document.querySelectorAll(".pointed").forEach((n) => n.classList.remove("pointed"));
  const index = String(state.problems.indexOf(problem));
  document.querySelectorAll(".region").forEach((n) => n.classList.toggle("hot", n.dataset.problem === index));
  let first = null;
  for (const id of pointed) {
    const node = document.querySelector(`[data-id="${CSS.escape(id)}"]`);
    if (node) { node.classList.add("pointed"); first = first || node; }
  }
  if (first) {
    first.scrollIntoView({block: "center"});
    first.focus({preventScroll: true});
    if (first.classList.contains("card")) openCard(first.dataset.id, false);
  }
}

function visible(card) {
  const text = $("text").value.trim().toLowerCase();
  return (!$("troubled").checked || problemsOf(card.id).length > 0) &&
    (!$("deck").value || card.deck === $("deck").value) &&
    (!$("type").value || card.type === $("type").value) &&
    (!text || text.split(/\s+/).every((word) => card.text.includes(word)));
}

function renderCards() {
  const faces = $("faces").value;
  const shown = state.cards.filter(visible);
  const decks = state.decks.map((deck) => {
    const tiles = shown.filter((c) => c.deck === deck.name).map((c) => tile(c, faces));
    if (!tiles.length) return null;
    return el("section", {class: "deck"}, el("h3", {}, `${deck.title} (${deck.name}): ${deck.cards} cards`),
      el("div", {class: "grid"}, ...tiles));
  });
  $("decks").replaceChildren(...decks.filter(Boolean));
  const designs = state.cards.length;
  $("shown").textContent = `${shown.length} of ${designs} designs shown`;
}

function tile(card, faces) {
  const found = problemsOf(card.id);
  const errors = found.filter((p) => p.severity === "error").length;
  const cls = ["card", errors ? "flagged" : found.length ? "warned" : "", card.change ? "changed" : "",
    pointed.includes(card.id) ? "pointed" : "", selected === card.id ? "selected" : ""].join(" ");
  const images = el("span", {class: "faces"});
  if (faces !== "back" && card.front) images.append(outlined(card, "front", picture(card.front, `${card.name}, front`, "front")));
  if (faces !== "front" && card.back) images.append(outlined(card, "back", picture(card.back, `${card.name}, back`, "back")));
  const label = card.count > 1 ? `${card.name} ×${card.count}` : card.name;
  const button = el("button", {type: "button", class: cls, "data-id": card.id, "data-key": card.key,
    title: `${card.name} (${card.type}), ${card.where}`}, images, el("span", {class: "name"}, label));
  if (found.length) button.append(el("span", {class: "badge", title: `${found.length} problem(s)`}, String(found.length)));
  if (card.change) {
    button.append(el("span", {class: "change", title: card.change === "new" ? "new since the last redraw" :
      "its picture changed with the last redraw (compare it in its data)"}, card.change));
  }
  button.addEventListener("click", () => openCard(card.id, true));
  return button;
}

function renderPages() {
  const deckOrType = $("deck").value || $("type").value;
  const text = $("text").value.trim().toLowerCase();
  const troubled = $("troubled").checked;
  const pages = state.pages.filter((p) => !deckOrType && (!text || `${p.kind} ${p.file}`.toLowerCase().includes(text)) &&
    (!troubled || problemsOf(p.id).length > 0));
  $("pages-section").hidden = !pages.length;
  $("pages").replaceChildren(...pages.map((p) => {
    const flagged = problemsOf(p.id).length ? " flagged" : "";
    const cls = `page${flagged}${pointed.includes(p.id) ? " pointed" : ""}`;
    const link = el("a", {href: `/kit/${encodeURIComponent(p.file)}`, "data-id": p.id, title: `open ${p.file}`},
      picture(p, `${p.kind}: ${p.file}, page ${p.number}`, ""), ...regions(p.id));
    const zoom = el("button", {type: "button", "aria-label": `zoom ${p.file}, page ${p.number}`}, "zoom");
    zoom.addEventListener("click", () => openViewer({kind: "sheet", file: p.file, page: p.number}));
    return el("figure", {class: cls}, link, el("figcaption", {}, `${p.kind}: ${p.file}, page ${p.number}`, zoom));
  }));
}

function regions(pageId) {
  // the proofreader's findings on this page: an outline where each prints (set through the
  // CSSOM: the page's policy allows no inline style)
  const found = [];
  state.problems.forEach((problem, i) => {
    for (const r of problem.regions || []) {
      if (r.page !== pageId) continue;
      const box = el("span", {class: `region ${problem.severity}`, "data-problem": String(i),
        title: problem.text});
      const [left, top, width, height] = r.box;
      box.style.left = `${left * 100}%`;
      box.style.top = `${top * 100}%`;
      box.style.width = `${width * 100}%`;
      box.style.height = `${height * 100}%`;
      found.push(box);
    }
  });
  return found;
}

function renderGuide() {
  // the guide's Markdown: headings, "- " items and paragraphs; a wrapped line continues its block
  const blocks = [];
  let list = null;
  let last = null;
  for (const line of state.guide.split("\n")) {
    if (!line.trim()) { last = null; list = null; continue; }
    if (line.startsWith("- ")) {
      if (!list) { list = el("ul"); blocks.push(list); }
      last = el("li", {}, line.slice(2));
      list.append(last);
    } else if (line.startsWith("#")) {
      list = null;
      last = null;
      blocks.push(el("h3", {}, line.replace(/^#+\s*/, "")));  // under the guide's h2
    } else if (last) {
      last.append(" " + line.trim());
    } else {
      list = null;
      last = el("p", {}, line);
      blocks.push(last);
    }
  }
  $("guide").replaceChildren(...blocks);
  $("files").replaceChildren(...state.files.map((name) => {
    const item = el("li", {}, el("a", {href: `/kit/${encodeURIComponent(name)}`}, name));
    if (state.sheets[name]) {  // any page of a PDF, card sheets too, in the zoom view
      const view = el("button", {type: "button", class: "sheet", "data-file": name,
        "aria-label": `view its ${state.sheets[name]} page(s) of ${name}`}, `view its ${state.sheets[name]} page(s)`);
      view.addEventListener("click", () => openViewer({kind: "sheet", file: name, page: 1}));
      item.append(" ", view);
    }
    return item;
  }));
}

async function openCard(id, focusPanel) {
  selected = id;
  selectedKey = (state.cards.find((c) => c.id === id) || {}).key || null;
  document.querySelectorAll(".card.selected").forEach((n) => n.classList.remove("selected"));
  const node = document.querySelector(`.card[data-id="${CSS.escape(id)}"]`);
  if (node) node.classList.add("selected");
  const response = await fetch(`/api/card?id=${encodeURIComponent(id)}`, {cache: "no-store"});
  if (!response.ok || selected !== id) return;
  const card = await response.json();
  if (selected !== id || card.name !== (state.cards.find((c) => c.id === id) || {}).name) return;  // a newer state
  showCard(card);
  if (focusPanel) $("close").focus();
}

function showCard(card) {
  const summary = state.cards.find((c) => c.id === card.id);
  $("panel").hidden = false;
  $("panel-title").textContent = card.name;
  const faces = el("div", {class: "panel-faces"});
  const zooms = el("div", {class: "zoom-buttons"});
  for (const side of ["front", "back"]) {
    if (!summary || !summary[side]) continue;
    faces.append(outlined(summary, side, picture(summary[side], `${card.name}, ${side}`, "")));
    const button = el("button", {type: "button", class: "zoom"}, `zoom the ${side}`);
    button.addEventListener("click", () => openViewer({kind: "card", id: card.id, side}));
    zooms.append(button);
  }
  const fields = el("dl", {class: "fields"});
  for (const [k, v] of [["type", card.type], ["deck", card.deck], ["count", String(card.count)]]) {
    fields.append(el("dt", {}, k), el("dd", {}, v));
  }
  for (const f of card.fields) {
    const value = typeof f.value === "string" ? f.value : JSON.stringify(f.value);
    const from = el("span", {class: "from"}, "(", f.from === "default" ? "default, " : "", place(f.where, f.open), ")");
    fields.append(el("dt", {}, f.name), el("dd", {}, value, " ", from));
  }
  const templates = card.templates.map((t) => el("div", {},
    el("h4", {}, `${t.side}: ${t.name}`), el("p", {}, place(t.where, t.open)),
    el("p", {}, t.rules.length ? `style rules applied: ${t.rules.join(", then ")}` : "no style rules"),
    el("dl", {class: "fields"}, ...Object.entries(t.style).flatMap(([k, v]) => [el("dt", {}, k), el("dd", {}, v)]))));
  const issues = problemsOf(card.id).map((p) => el("li", {class: p.severity}, p.text));
  $("panel-body").replaceChildren(...[faces, zooms, compare(summary),
    el("p", {}, place(card.where, card.open)),
    el("h3", {}, "Fields (after the deck's defaults)"), fields,
    el("h3", {}, "Templates"), ...templates,
    el("h3", {}, `Copies (${card.copies.length})`), el("p", {class: "mono"}, card.copies.join(", ")),
    issues.length ? el("h3", {}, "Problems") : null, issues.length ? el("ul", {}, ...issues) : null,
  ].filter(Boolean));  // replaceChildren would write a null as the text "null"
}

// the zoom view: a card with its bleed (trim, bleed and safe-zone lines over it) or a page of a
// kit file, at its printed size and up to 400 %
let viewing = null;  // {kind: "card", id, side} or {kind: "sheet", file, page, pages}
let viewerOpener = null;

function openViewer(what) {
  viewerOpener = document.activeElement;
  viewing = what;
  if (!$("viewer-img")) $("viewer-frame").prepend(el("img", {id: "viewer-img", alt: ""}));  // gone when closed
  $("viewer").hidden = false;
  showViewer();
  $("viewer-close").focus();
}

function showViewer() {
  const img = $("viewer-img");
  let url, title;
  if (viewing.kind === "card") {
    const card = state.cards.find((c) => c.id === viewing.id);
    if (!card) { closeViewer(); return; }
    const picture = card[viewing.side];
    url = `/api/zoom?id=${encodeURIComponent(card.id)}&side=${viewing.side}&v=${picture ? picture.url.slice(5, -4) : ""}`;
    title = `${card.name}, ${viewing.side}: ${card.size[0]} x ${card.size[1]} mm, with ${state.bleed_mm} mm bleed`;
  } else {
    viewing.pages = state.sheets[viewing.file] || 0;
    viewing.page = Math.min(Math.max(1, viewing.page), Math.max(1, viewing.pages));
    url = `/api/sheet?file=${encodeURIComponent(viewing.file)}&page=${viewing.page}&v=${state.version}`;
    title = `${viewing.file}, page ${viewing.page} of ${viewing.pages}`;
  }
  $("viewer-title").textContent = title;
  $("viewer-lines").hidden = viewing.kind !== "card";
  $("viewer-pages").hidden = viewing.kind !== "sheet";
  $("viewer-page").textContent = viewing.kind === "sheet" ? `${viewing.page} / ${viewing.pages}` : "";
  img.alt = title;
  if (img.getAttribute("src") !== url) {
    img.onload = sizeViewer;
    img.src = url;
  } else sizeViewer();
}

function sizeViewer() {
  // 100 %: the printed size, 96 CSS pixels to the inch (a card from its millimetres and bleed; a
  // page from its picture, drawn at 192 dots to the inch)
  const img = $("viewer-img");
  const frame = $("viewer-frame");
  let width, height;
  if (viewing.kind === "card") {
    const card = state.cards.find((c) => c.id === viewing.id);
    const bleed = state.bleed_mm;
    [width, height] = [card.size[0] + 2 * bleed, card.size[1] + 2 * bleed].map((v) => v / 25.4 * 96);
    const lines = {trim: bleed, safe: bleed + state.safe_mm};
    for (const [name, inset] of Object.entries(lines)) {
      const line = $(`line-${name}`);
      line.style.left = line.style.right = `${inset / (card.size[0] + 2 * bleed) * 100}%`;
      line.style.top = line.style.bottom = `${inset / (card.size[1] + 2 * bleed) * 100}%`;
    }
  } else {
    if (!img.naturalWidth) return;
    [width, height] = [img.naturalWidth / 2, img.naturalHeight / 2];
  }
  for (const name of ["bleed", "trim", "safe"]) $(`line-${name}`).hidden = viewing.kind !== "card" || !$(`show-${name}`).checked;
  let scale = Number($("zoom").value);
  if ($("zoom").value === "fit") {
    const stage = $("viewer-stage");
    scale = Math.min((stage.clientWidth - 40) / width, (stage.clientHeight - 40) / height);
  }
  frame.style.width = `${width * scale}px`;
  frame.style.height = `${height * scale}px`;
}

function closeViewer() {
  viewing = null;
  if ($("viewer-img")) $("viewer-img").remove();
  $("viewer").hidden = true;
  if (viewerOpener && document.contains(viewerOpener)) viewerOpener.focus();
}

let blinking = null;  // the timer of the blinking comparison
let blinkFor = null;  // the card (by identity) whose comparison blinks: it goes on through new states

function compare(card) {
  // a card whose picture the last save changed: before and now side by side, or blinking in place
  clearInterval(blinking);
  if (!card || !card.before) return null;
  const sides = ["front", "back"].filter((side, i) => card.before[i] && card[side] &&
    card.before[i].url !== card[side].url);
  const pairs = sides.map((side) => {
    const old = card.before[side === "front" ? 0 : 1];
    return el("div", {class: "compare-pair", "data-side": side},
      el("figure", {}, picture(old, `${card.name}, ${side}, before the last redraw`, "before"), el("figcaption", {}, `${side} before`)),
      el("figure", {}, picture(card[side], `${card.name}, ${side}, now`, "now"), el("figcaption", {}, `${side} now`)));
  });
  const blink = el("button", {type: "button", class: "blink", "aria-pressed": "false"}, "blink before / now");
  const set = (on) => {
    blink.setAttribute("aria-pressed", String(on));
    blinkFor = on ? card.key : null;
    clearInterval(blinking);
    for (const pair of pairs) pair.classList.toggle("blinking", on);
    if (on) blinking = setInterval(() => { for (const pair of pairs) pair.classList.toggle("showing-before"); }, 700);
  };
  blink.addEventListener("click", () => set(blink.getAttribute("aria-pressed") !== "true"));
  if (blinkFor === card.key) set(true);
  return el("section", {class: "compare", "aria-label": "what the last save changed"},
    el("h3", {}, "Changed by the last redraw"), blink, ...pairs);
}

function closePanel() {
  const id = selected;
  selected = null;
  $("panel").hidden = true;
  document.querySelectorAll(".card.selected").forEach((n) => n.classList.remove("selected"));
  const node = id && document.querySelector(`.card[data-id="${CSS.escape(id)}"]`);
  if (node) node.focus();
}

function move(event) {
  // left and right: the card before or after; up and down: the card in the row above or below
  // (across decks too) nearest the same column, as the eye sees them
  const cards = [...document.querySelectorAll(".card")];
  const at = cards.indexOf(document.activeElement);
  if (at < 0) return;
  event.preventDefault();
  if (event.key === "ArrowRight" || event.key === "ArrowLeft") {
    const next = cards[Math.min(cards.length - 1, Math.max(0, at + (event.key === "ArrowRight" ? 1 : -1)))];
    next.focus();
    return;
  }
  const boxes = cards.map((n) => n.getBoundingClientRect());
  const here = boxes[at];
  const middle = (b) => (b.left + b.right) / 2;
  const down = event.key === "ArrowDown";
  const beyond = boxes.map((b, i) => [b, i]).filter(([b]) => down ? b.top > here.bottom - 4 : b.bottom < here.top + 4);
  if (!beyond.length) return;
  const rowTop = down ? Math.min(...beyond.map(([b]) => b.top)) : Math.max(...beyond.map(([b]) => b.top));
  const row = beyond.filter(([b]) => Math.abs(b.top - rowTop) < 4);
  row.sort(([a], [b]) => Math.abs(middle(a) - middle(here)) - Math.abs(middle(b) - middle(here)));
  cards[row[0][1]].focus();
  cards[row[0][1]].scrollIntoView({block: "nearest"});
}

function theme() {
  const order = ["auto", "light", "dark"];
  const next = order[(order.indexOf(localStorage.getItem("theme") || "auto") + 1) % 3];
  localStorage.setItem("theme", next);
  applyTheme();
}

function applyTheme() {
  const chosen = localStorage.getItem("theme") || "auto";
  if (chosen === "auto") delete document.documentElement.dataset.theme;
  else document.documentElement.dataset.theme = chosen;
  $("theme").textContent = `theme: ${chosen}`;
}

function start() {
  applyTheme();
  $("theme").addEventListener("click", theme);
  $("close").addEventListener("click", closePanel);
  for (const id of ["text", "deck", "type", "faces", "troubled"]) {
    $(id).addEventListener("input", () => { if (state) { renderCards(); renderPages(); } });
  }
  $("viewer-close").addEventListener("click", closeViewer);
  for (const id of ["zoom", "show-trim", "show-bleed", "show-safe"]) $(id).addEventListener("input", sizeViewer);
  $("viewer-prev").addEventListener("click", () => { viewing.page -= 1; showViewer(); });
  $("viewer-next").addEventListener("click", () => { viewing.page += 1; showViewer(); });
  window.addEventListener("resize", () => { if (viewing) sizeViewer(); });  // fit the window again
  document.addEventListener("keydown", (event) => {
    if (viewing) {
      if (event.key === "Escape") closeViewer();
      else if (event.key === "Tab") {  // a modal view: Tab goes round its own controls
        const controls = [...$("viewer").querySelectorAll("button, select, input")].filter((n) => n.offsetParent);
        const at = controls.indexOf(document.activeElement);
        const next = controls[(at + (event.shiftKey ? -1 : 1) + controls.length) % controls.length];
        event.preventDefault();
        next.focus();
      }
      return;
    }
    if (event.key === "Escape" && selected) closePanel();
    else if (event.key === "/" && document.activeElement.tagName !== "INPUT") { event.preventDefault(); $("text").focus(); }
    else if (event.key.startsWith("Arrow") && document.activeElement.classList.contains("card")) move(event);
  });
  const events = new EventSource("/events");
  events.addEventListener("version", (event) => { if (!state || String(state.version) !== event.data) load(); });
  events.addEventListener("open", () => { if (lost) { lost = false; load(); } });  // back: maybe a new server
  events.addEventListener("error", () => {
    lost = true;
    $("status").className = "status failed";
    $("status").textContent = "the preview server is not answering (stopped?); this page reconnects when it is back";
  });
  load();
}

start();
