// Refold devtools: the page. It talks only to the server that served it (see the HTTP
// contract in docs); every request carries the token of the page's URL (`/?token=…`) in an
// X-Refold-Token header. No cookie: a cookie of 127.0.0.1 goes to every port of 127.0.0.1.
(function () {
  "use strict";

  const ROW_HEIGHT = 24;  // must match .event-row's height in devtools.css
  const PAGE_SIZE = 200;  // rows per events request; pages are cached
  const OVERSCAN = 20;    // rows rendered above and below the visible window
  const POLL_MS = 500;
  const DEBOUNCE_MS = 250;

  const $ = (id) => document.getElementById(id);
  const el = {
    banner: $("status-banner"), bannerText: $("status-text"), bannerDismiss: $("status-dismiss"),
    logList: $("log-list"), logListBody: $("log-list-body"), logListEmpty: $("log-list-empty"),
    viewer: $("viewer"), back: $("back-to-logs"), title: $("log-title"),
    pending: $("pending-note"), damage: $("damage-note"), live: $("live-note"),
    filters: $("filters"), fCase: $("filter-case"), fOrigin: $("filter-origin"), fText: $("filter-text"),
    jump: $("jump-seq"),
    timeline: $("timeline"), spacer: $("timeline-spacer"), matchCount: $("match-count"),
    slider: $("slider"), sliderValue: $("slider-value"), track: $("checkpoint-track"),
    followTail: $("follow-tail"),
    stateTitle: $("state-title"), stateFrom: $("state-from"), tree: $("state-tree"), raw: $("state-raw"),
    diffForm: $("diff-form"), diffFrom: $("diff-from"), diffTo: $("diff-to"), diffText: $("diff-text"),
    exportForm: $("export-form"), exportFormat: $("export-format"), exportFrom: $("export-from"),
    exportTo: $("export-to"), exportStatus: $("export-status"),
  };

  // ---- API ----------------------------------------------------------------------------

  class ApiError extends Error {}

  // The token of the URL that opened the page: the page keeps its query, so a reload has it too.
  const TOKEN = new URLSearchParams(location.search).get("token") || "";
  const REQUEST = { credentials: "same-origin", cache: "no-store", headers: { "X-Refold-Token": TOKEN } };

  // Every failure becomes an ApiError with one sentence for the banner; aborts stay AbortError
  // so callers can ignore them.
  async function api(path, signal) {
    let response;
    try {
      response = await fetch(path, { ...REQUEST, signal });
    } catch (e) {
      if (e.name === "AbortError") throw e;
      throw new ApiError(`Cannot reach the devtools server (${path}): is refold devtools still running?`);
    }
    let body = null;
    try { body = await response.json(); } catch (e) { if (e.name === "AbortError") throw e; }
    if (!response.ok || body === null || (body && typeof body.error === "string")) {
      const why = body && typeof body.error === "string" ? body.error : "the answer was not JSON";
      throw new ApiError(`${response.status} from ${path}: ${why}`);
    }
    return body;
  }

  function logPath(name, rest) {
    return `/api/log/${encodeURIComponent(name)}/${rest}`;
  }

  function query(params) {
    const q = new URLSearchParams();
    for (const [k, v] of Object.entries(params)) if (v !== "" && v !== null && v !== undefined) q.set(k, String(v));
    return q.toString();
  }

  // ---- banner --------------------------------------------------------------------------

  let bannerFromPoll = false;

  function showError(err, fromPoll) {
    if (err && err.name === "AbortError") return;
    console.error(err);
    el.bannerText.textContent = err instanceof ApiError ? err.message : `Unexpected error: ${err && err.message || err}`;
    el.banner.hidden = false;
    bannerFromPoll = !!fromPoll;
  }

  function clearPollError() {
    // A failed poll is usually a server restart or a blip: clear its banner once polling works.
    if (bannerFromPoll) { el.banner.hidden = true; bannerFromPoll = false; }
  }

  el.bannerDismiss.addEventListener("click", () => { el.banner.hidden = true; });

  // ---- export --------------------------------------------------------------------------

  // The events after "after seq" up to "to" (the last seq when empty), fetched first so that a
  // refusal (a range too long, a seq past the end) shows in the banner instead of replacing
  // the page, then saved under the name the server gives.
  el.exportForm.addEventListener("submit", async (e) => {
    e.preventDefault();
    if (!app.name || !app.summary) return;
    const from = el.exportFrom.value === "" ? 0 : Number(el.exportFrom.value);
    const to = el.exportTo.value === "" ? app.summary.lastSeq : Number(el.exportTo.value);
    const path = logPath(app.name, `export?${query({ format: el.exportFormat.value, from, to })}`);
    el.exportStatus.textContent = "exporting…";
    try {
      let response;
      try {
        response = await fetch(path, REQUEST);
      } catch (err) {
        throw new ApiError(`Cannot reach the devtools server (${path}): is refold devtools still running?`);
      }
      if (!response.ok) {
        let why = "the answer was not JSON";
        try { const body = await response.json(); if (body && typeof body.error === "string") why = body.error; } catch (_) {}
        throw new ApiError(`${response.status} from ${path}: ${why}`);
      }
      const blob = await response.blob();
      const named = /filename="([^"]+)"/.exec(response.headers.get("Content-Disposition") || "");
      const link = document.createElement("a");
      link.href = URL.createObjectURL(blob);
      link.download = named ? named[1] : "refold-export";
      document.body.appendChild(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(link.href), 60000);
      el.exportStatus.textContent = `saved ${link.download}`;
    } catch (err) {
      el.exportStatus.textContent = "";
      showError(err);
    }
  });

  // ---- formatting ----------------------------------------------------------------------

  const pad = (n, w = 2) => String(n).padStart(w, "0");

  function clockTime(t) {
    const d = new Date(t * 1000);
    return `${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}.${pad(d.getMilliseconds(), 3)}`;
  }

  function dateTime(t) {
    const d = new Date(t * 1000);
    return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${clockTime(t)}`;
  }

  function duration(s) {
    if (s < 1) return `${Math.round(s * 1000)} ms`;
    if (s < 120) return `${s.toFixed(1)} s`;
    if (s < 7200) return `${(s / 60).toFixed(1)} min`;
    return `${(s / 3600).toFixed(1)} h`;
  }

  // The payload under the case path: {"app":{"_0":{"textChanged":{"_0":"1"}}}} with case
  // "app.textChanged" previews as "1", which is what a reader scans the timeline for.
  function payloadPreview(event) {
    let node = event.action;
    for (const seg of String(event.case || "").split(".")) {
      if (!isObject(node)) break;
      if (seg in node) node = node[seg];
      else if (isObject(node._0) && seg in node._0) node = node._0[seg];
      else break;
    }
    if (isObject(node)) {
      const keys = Object.keys(node);
      if (keys.length === 0) return "";
      if (keys.length === 1 && keys[0] === "_0") node = node._0;
    }
    const text = JSON.stringify(node);
    return text === undefined ? "" : text.length > 160 ? text.slice(0, 159) + "…" : text;
  }

  const isObject = (v) => v !== null && typeof v === "object" && !Array.isArray(v);

  // ---- app state -----------------------------------------------------------------------

  const app = {
    logs: null,          // the /api/logs answer
    name: null,          // the open log
    summary: null,
    follow: false,
    selected: 0,         // the selected seq (0 = initial state)
    selectedIndex: null, // its row in the filtered timeline, when known
    view: null,          // the filtered timeline, see newView
    pollTimer: null,
    cursor: 0,           // live: events after this seq are fetched next
  };

  // A filtered timeline: its total and its cached pages. A new filter makes a new view, and
  // answers for an old view are dropped (their `view !== app.view`).
  function newView() {
    return {
      filter: { case: el.fCase.value, origin: el.fOrigin.value, text: el.fText.value.trim() },
      total: 0,
      pages: new Map(),    // page number -> array of events
      loading: new Map(),  // page number -> promise
    };
  }

  const hasFilter = (v) => !!(v.filter.case || v.filter.origin || v.filter.text);

  function loadPage(view, page) {
    if (view.pages.has(page)) return Promise.resolve(view.pages.get(page));
    if (view.loading.has(page)) return view.loading.get(page);
    const q = query({ offset: page * PAGE_SIZE, limit: PAGE_SIZE, ...view.filter });
    const p = api(logPath(app.name, `events?${q}`)).then((body) => {
      view.loading.delete(page);
      if (view !== app.view) return null;
      view.pages.set(page, body.events);
      setTotal(view, body.total);
      renderRows();
      return body.events;
    }, (err) => {
      view.loading.delete(page);
      if (view === app.view) showError(err);
      return null;
    });
    view.loading.set(page, p);
    return p;
  }

  function setTotal(view, total) {
    if (view.total === total) return;
    view.total = total;
    el.spacer.style.height = `${total * ROW_HEIGHT}px`;
    updateMatchCount();
  }

  function updateMatchCount() {
    const all = app.summary ? app.summary.events : 0;
    const v = app.view;
    el.matchCount.textContent = v && hasFilter(v) ? `${v.total} of ${all} events match` : `${all} events`;
  }

  async function eventAt(index) {
    const view = app.view;
    const page = Math.floor(index / PAGE_SIZE);
    const rows = view.pages.get(page) || await loadPage(view, page);
    return rows ? rows[index % PAGE_SIZE] || null : null;
  }

  // ---- log list ------------------------------------------------------------------------

  async function start() {
    try {
      app.logs = await api("/api/logs");
    } catch (err) {
      showError(err);
      el.title.textContent = "(no logs loaded)";
      return;
    }
    app.follow = app.logs.follow === true;
    el.live.hidden = !app.follow;
    el.followTail.parentElement.hidden = !app.follow;
    const wanted = new URLSearchParams(location.hash.slice(1)).get("log");
    if (app.logs.kind === "file" && app.logs.logs.length > 0) {
      openLog(app.logs.logs[0].name);
    } else if (wanted && app.logs.logs.some((l) => l.name === wanted)) {
      openLog(wanted);
    } else {
      showLogList();
    }
  }

  function showLogList() {
    stopPolling();
    app.name = null;
    el.viewer.hidden = true;
    el.back.hidden = true;
    el.pending.hidden = true;
    el.damage.hidden = true;
    el.title.textContent = app.logs.root || "";
    el.logList.hidden = false;
    el.logListBody.textContent = "";
    el.logListEmpty.hidden = app.logs.logs.length > 0;
    for (const log of app.logs.logs) {
      const tr = document.createElement("tr");
      tr.className = "log-entry";
      tr.dataset.name = log.name;
      const open = document.createElement("button");
      open.type = "button";
      open.className = "link";
      open.textContent = log.name;
      open.addEventListener("click", () => openLog(log.name));
      const span = log.firstTime == null ? "—"
        : `${dateTime(log.firstTime)} · ${duration((log.lastTime ?? log.firstTime) - log.firstTime)}`;
      tr.append(cell(open), cell(log.feature ?? "—"), cell(String(log.events ?? "—"), "num"), cell(span),
        cell(badge(log.status, `status-${log.status}`), null, log.detail || ""));
      if (log.detail) tr.lastChild.append(" ", Object.assign(document.createElement("span"), { className: "muted", textContent: log.detail }));
      // The whole row opens the log, the button is there for keyboard users.
      tr.addEventListener("click", (e) => { if (e.target === tr || e.target.tagName === "TD") openLog(log.name); });
      el.logListBody.append(tr);
    }
    if (location.hash) history.replaceState(null, "", location.pathname + location.search);
  }

  function cell(content, cls, title) {
    const td = document.createElement("td");
    if (cls) td.className = cls;
    if (title) td.title = title;
    td.append(content);
    return td;
  }

  function badge(text, cls) {
    const b = document.createElement("span");
    b.className = `badge ${cls}`;
    b.textContent = text;
    return b;
  }

  el.back.addEventListener("click", showLogList);

  // `#log=NAME` names the open log, so a link or the address bar can open one directly.
  window.addEventListener("hashchange", () => {
    if (!app.logs || app.logs.kind !== "folder") return;
    const wanted = new URLSearchParams(location.hash.slice(1)).get("log");
    if (wanted && wanted !== app.name && app.logs.logs.some((l) => l.name === wanted)) openLog(wanted);
    else if (!wanted && app.name) showLogList();
  });

  // ---- opening a log -------------------------------------------------------------------

  async function openLog(name) {
    stopPolling();
    el.banner.hidden = true;  // an error about another log no longer applies
    app.name = name;
    el.logList.hidden = true;
    el.viewer.hidden = false;
    el.back.hidden = app.logs.kind !== "folder";
    el.title.textContent = name;
    if (app.logs.kind === "folder") history.replaceState(null, "", `#${query({ log: name })}`);
    // Forget the previous log at once, so a failure below never shows its rows as this one's.
    app.summary = null;
    app.view = null;
    app.selected = 0;
    el.spacer.replaceChildren();
    el.spacer.style.height = "0px";
    el.pending.hidden = true;
    el.damage.hidden = true;
    el.slider.max = "0";
    el.slider.value = "0";
    el.sliderValue.textContent = "0";
    el.track.textContent = "";
    el.jump.value = "";
    el.matchCount.textContent = "";
    el.stateTitle.textContent = "state";
    el.fCase.value = ""; el.fOrigin.value = ""; el.fText.value = "";
    el.tree.textContent = ""; el.raw.textContent = ""; el.diffText.textContent = "";
    let summary;
    try {
      summary = await api(logPath(name, "summary"));
    } catch (err) {
      showError(err);
      return;
    }
    if (app.name !== name) return;
    applySummary(summary);
    app.cursor = summary.lastSeq;
    app.view = newView();
    el.timeline.scrollTop = 0;
    setTotal(app.view, 0);
    const first = await loadPage(app.view, 0);
    if (first === null) return;
    // Live logs open at their tail, others at their first event.
    el.followTail.checked = app.follow;
    select(app.follow ? summary.lastSeq : Math.min(1, summary.lastSeq), { scroll: true });
    if (app.follow) startPolling();
  }

  function applySummary(s) {
    const old = app.summary;
    app.summary = s;
    el.pending.hidden = !s.pending;
    el.damage.hidden = !s.damage;
    el.damage.textContent = s.damage ? `damaged: ${s.damage}` : "";
    el.slider.max = String(s.lastSeq);
    el.jump.max = String(s.lastSeq);
    if (!old || old.name !== s.name || String(old.cases) !== String(s.cases)) fillCases(s.cases || []);
    if (!old || old.name !== s.name || (old.checkpoints || []).length !== (s.checkpoints || []).length
        || old.lastSeq !== s.lastSeq) {
      app.checkpoints = new Map((s.checkpoints || []).map((c) => [c.seq, c.status]));
      drawCheckpointTrack();
      renderRows();
    }
    updateMatchCount();
  }

  // The case select offers every prefix of every case path ("search" for "search.response"),
  // since the server filters on a prefix.
  function fillCases(cases) {
    const keep = el.fCase.value;
    const all = new Set();
    for (const c of cases) {
      const parts = c.split(".");
      for (let i = 1; i <= parts.length; i++) all.add(parts.slice(0, i).join("."));
    }
    el.fCase.textContent = "";
    el.fCase.append(new Option("all", ""));
    for (const c of [...all].sort()) {
      const depth = c.split(".").length - 1;
      el.fCase.append(new Option(`${"\u00a0\u00a0".repeat(depth)}${c}`, c));
    }
    el.fCase.value = all.has(keep) ? keep : "";
  }

  function drawCheckpointTrack() {
    el.track.textContent = "";
    const last = app.summary ? app.summary.lastSeq : 0;
    if (last <= 0) return;
    for (const [seq, status] of app.checkpoints) {
      if (status === "unchecked" && app.checkpoints.size > 200) continue; // keep the track readable
      const mark = document.createElement("span");
      mark.className = `cp-mark cp-${status}`;
      mark.style.left = `${(seq / last) * 100}%`;
      mark.title = `checkpoint ${seq}: ${status}`;
      el.track.append(mark);
    }
  }

  // ---- the virtualised timeline --------------------------------------------------------

  let renderQueued = false;
  function renderRows() {
    if (renderQueued) return;
    renderQueued = true;
    requestAnimationFrame(() => { renderQueued = false; renderRowsNow(); });
  }

  function renderRowsNow() {
    const view = app.view;
    if (!view || el.viewer.hidden) return;
    const top = el.timeline.scrollTop;
    const height = el.timeline.clientHeight || 400;
    const first = Math.max(0, Math.floor(top / ROW_HEIGHT) - OVERSCAN);
    const last = Math.min(view.total, Math.ceil((top + height) / ROW_HEIGHT) + OVERSCAN);
    // Fetch the pages the window needs (two at most), then draw what is cached.
    for (let p = Math.floor(first / PAGE_SIZE); p <= Math.floor(Math.max(first, last - 1) / PAGE_SIZE); p++) {
      if (!view.pages.has(p) && p * PAGE_SIZE < Math.max(view.total, 1)) loadPage(view, p);
    }
    const frag = document.createDocumentFragment();
    for (let i = first; i < last; i++) {
      const page = view.pages.get(Math.floor(i / PAGE_SIZE));
      const ev = page && page[i % PAGE_SIZE];
      frag.append(ev ? eventRow(ev, i) : placeholderRow(i));
    }
    el.spacer.replaceChildren(frag);
  }

  function eventRow(ev, index) {
    const row = document.createElement("div");
    row.className = "event-row";
    row.setAttribute("role", "option");
    row.dataset.seq = String(ev.seq);
    row.dataset.index = String(index);
    row.dataset.origin = ev.origin;
    row.dataset.case = ev.case;
    row.style.top = `${index * ROW_HEIGHT}px`;
    const selected = ev.seq === app.selected;
    if (selected) row.classList.add("selected");
    row.setAttribute("aria-selected", String(selected));
    const cp = app.checkpoints && app.checkpoints.get(ev.seq);
    const seq = span("c-seq", String(ev.seq));
    if (cp) {
      row.dataset.checkpoint = cp;
      seq.append(badge(cp === "verified" ? "✓" : cp === "diverged" ? "✗" : "•", `cp cp-${cp}`));
      seq.lastChild.title = `checkpoint: ${cp}`;
    }
    const time = span("c-time", clockTime(ev.t));
    time.title = dateTime(ev.t);
    const origin = span("c-origin", "");
    origin.append(badge(ev.origin, `origin-${ev.origin}`));
    const preview = payloadPreview(ev);
    const pv = span("c-preview", preview);
    pv.title = ev.from ? `${preview}\n${siteText(ev.from)}` : preview;
    row.append(seq, time, origin, span("c-case", ev.case), pv);
    return row;
  }

  function placeholderRow(index) {
    const row = document.createElement("div");
    row.className = "event-row placeholder";
    row.style.top = `${index * ROW_HEIGHT}px`;
    row.textContent = "…";
    return row;
  }

  const span = (cls, text) => Object.assign(document.createElement("span"), { className: cls, textContent: text });

  // Following the tail is decided by the selection (at the last seq) or the checkbox, never by
  // the scroll position: reading an old event near the end must not be taken from the user.
  el.timeline.addEventListener("scroll", renderRows, { passive: true });
  window.addEventListener("resize", renderRows);

  el.timeline.addEventListener("click", (e) => {
    const row = e.target.closest(".event-row[data-seq]");
    if (!row) return;
    el.timeline.focus({ preventScroll: true });
    select(Number(row.dataset.seq), { index: Number(row.dataset.index) });
  });

  function scrollToIndex(index) {
    const t = el.timeline;
    const top = index * ROW_HEIGHT;
    if (top < t.scrollTop) t.scrollTop = top;
    else if (top + ROW_HEIGHT > t.scrollTop + t.clientHeight) t.scrollTop = top + ROW_HEIGHT - t.clientHeight;
    renderRows();
  }

  // The row of a seq in the filtered timeline. Unfiltered, seqs run 1, 2, 3… from offset 0;
  // filtered, the matching events after seq−1 are the last `total` rows.
  async function indexOfSeq(seq) {
    const view = app.view;
    if (seq < 1) return null;
    if (!hasFilter(view)) return seq - 1;
    const q = query({ offset: 0, limit: 1, after: seq - 1, ...view.filter });
    const body = await api(logPath(app.name, `events?${q}`));
    if (view !== app.view) return null;
    const index = view.total - body.total;
    return body.events.length > 0 && body.events[0].seq === seq ? index : null;
  }

  // ---- selection and time travel -------------------------------------------------------

  let stateRequest = { id: 0, controller: null };
  let diffRequest = { id: 0, controller: null };
  let activeTab = "tree";

  // Select a seq: highlight its row, move the slider, and show its state. Only the answer to
  // the latest state request is shown; earlier ones are aborted.
  async function select(seq, opts = {}) {
    if (!app.summary) return;
    seq = Math.max(0, Math.min(app.summary.lastSeq, Math.trunc(seq)));
    app.selected = seq;
    el.slider.value = String(seq);
    el.sliderValue.textContent = String(seq);
    el.jump.value = String(seq);
    el.diffFrom.value = String(Math.max(0, seq - 1));
    el.diffTo.value = String(seq);
    for (const row of el.spacer.querySelectorAll(".event-row")) {
      const on = Number(row.dataset.seq) === seq;
      row.classList.toggle("selected", on);
      row.setAttribute("aria-selected", String(on));
    }
    if (app.follow) el.followTail.checked = seq === app.summary.lastSeq;
    loadState(seq);
    if (activeTab === "diff") loadDiff();
    app.selectedIndex = opts.index ?? null;
    if (opts.index != null) {
      scrollToIndex(opts.index);
      return;
    }
    try {
      const index = await indexOfSeq(seq);
      if (app.selected !== seq) return;
      app.selectedIndex = index;
      if (index !== null && opts.scroll !== false) scrollToIndex(index);
    } catch (err) { showError(err); }
  }

  async function loadState(seq) {
    stateRequest.controller?.abort();
    const controller = new AbortController();
    const id = ++stateRequest.id;
    stateRequest.controller = controller;
    el.stateTitle.textContent = seq === 0 ? "state at seq 0 (initial)" : `state at seq ${seq}`;
    el.tree.setAttribute("aria-busy", "true");
    try {
      const body = await api(logPath(app.name, `state?${query({ seq })}`), controller.signal);
      if (id !== stateRequest.id) return;
      renderState(body);
    } catch (err) {
      if (id === stateRequest.id) showError(err);
    } finally {
      if (id === stateRequest.id) el.tree.removeAttribute("aria-busy");
    }
  }

  el.slider.addEventListener("input", () => select(Number(el.slider.value)));

  el.filters.addEventListener("submit", (e) => {
    e.preventDefault();
    if (el.jump.value !== "") select(Number(el.jump.value), { scroll: true });
  });

  // ArrowLeft/Right step through every seq (time travel); ArrowUp/Down step through the rows
  // of the filtered timeline when it has the focus.
  document.addEventListener("keydown", async (e) => {
    if (!app.summary || el.viewer.hidden || e.altKey || e.ctrlKey || e.metaKey) return;
    const t = e.target;
    if (t !== el.timeline && t.closest && t.closest("input, select, textarea")) return;
    if (e.key === "ArrowLeft" || e.key === "ArrowRight") {
      e.preventDefault();
      select(app.selected + (e.key === "ArrowRight" ? 1 : -1));
    } else if ((e.key === "ArrowUp" || e.key === "ArrowDown") && t === el.timeline) {
      e.preventDefault();
      const here = app.selectedIndex;
      const next = here === null ? 0 : here + (e.key === "ArrowDown" ? 1 : -1);
      if (next < 0 || next >= app.view.total) return;
      const ev = await eventAt(next);
      if (ev) select(ev.seq, { index: next });
    }
  });

  // ---- filters -------------------------------------------------------------------------

  let textTimer = null;
  el.fCase.addEventListener("change", applyFilter);
  el.fOrigin.addEventListener("change", applyFilter);
  el.fText.addEventListener("input", () => {
    clearTimeout(textTimer);
    textTimer = setTimeout(applyFilter, DEBOUNCE_MS);
  });

  async function applyFilter() {
    if (!app.name) return;
    app.view = newView();
    app.selectedIndex = null;
    el.timeline.scrollTop = 0;
    el.spacer.replaceChildren();
    setTotal(app.view, 0);
    updateMatchCount();
    const view = app.view;
    const rows = await loadPage(view, 0);
    if (rows === null || view !== app.view) return;
    // Keep the selected event in view when it matches the new filter.
    try {
      const index = await indexOfSeq(app.selected);
      if (view !== app.view) return;
      app.selectedIndex = index;
      if (index !== null) scrollToIndex(index);
    } catch (err) { showError(err); }
  }

  // ---- state tree ----------------------------------------------------------------------

  function renderState(body) {
    const changed = new Set();
    const ancestors = new Set();
    for (const path of body.changed || []) {
      changed.add(JSON.stringify(path));
      for (let i = 0; i < path.length; i++) ancestors.add(JSON.stringify(path.slice(0, i)));
    }
    const ctx = { changed, ancestors };
    el.tree.replaceChildren(treeNode(null, body.state, [], ctx, 0));
    el.raw.textContent = JSON.stringify(body.state, null, 2);
    renderSite(body.from);
  }

  // Where the selected event was sent from, when its store recorded it (the log's "from"):
  // a send's file and line, or the effect's, with a link to the event that started it.
  function siteText(from) {
    const at = `${from.file}:${from.line}`;
    return from.effectOf ? `sent by the effect of #${from.effectOf}, made at ${at}` : `sent from ${at}`;
  }

  function renderSite(from) {
    if (!from) {
      el.stateFrom.hidden = true;
      el.stateFrom.replaceChildren();
      return;
    }
    const code = document.createElement("code");
    code.textContent = `${from.file}:${from.line}`;
    if (from.effectOf) {
      const cause = document.createElement("a");
      cause.textContent = `#${from.effectOf}`;
      cause.href = "#";
      cause.title = `select #${from.effectOf}`;
      cause.addEventListener("click", (e) => { e.preventDefault(); select(from.effectOf, { scroll: true }); });
      el.stateFrom.replaceChildren("sent by the effect of ", cause, ", made at ", code);
    } else {
      el.stateFrom.replaceChildren("sent from ", code);
    }
    el.stateFrom.hidden = false;
  }

  // One node: a <details> for objects and arrays (children built when first opened, so a
  // huge state costs only what is looked at), a line for leaves.
  function treeNode(key, value, path, ctx, depth) {
    const id = JSON.stringify(path);
    const mark = (node) => {
      node.dataset.path = id;
      if (ctx.changed.has(id)) node.classList.add("changed");
      else if (ctx.ancestors.has(id)) node.classList.add("changed-ancestor");
      return node;
    };
    const label = () => {
      const k = document.createElement("span");
      k.className = "key";
      k.textContent = key === null ? "state" : typeof key === "number" ? `[${key}]` : key;
      return k;
    };
    if (value === null || typeof value !== "object") {
      const leaf = mark(document.createElement("div"));
      leaf.classList.add("leaf");
      leaf.append(label(), ": ", span(`json json-${value === null ? "null" : typeof value}`, JSON.stringify(value)));
      return leaf;
    }
    const isArray = Array.isArray(value);
    const entries = isArray ? value.map((v, i) => [i, v]) : Object.entries(value);
    const node = mark(document.createElement("details"));
    node.classList.add("branch");
    const summary = document.createElement("summary");
    summary.append(label(), span("muted", isArray ? ` [${entries.length}]` : ` {${entries.length}}`));
    node.append(summary);
    let built = false;
    const build = () => {
      if (built) return;
      built = true;
      const children = document.createElement("div");
      children.className = "children";
      for (const [k, v] of entries) children.append(treeNode(k, v, [...path, k], ctx, depth + 1));
      node.append(children);
    };
    node.addEventListener("toggle", () => { if (node.open) build(); });
    // Open the top levels and every path leading to a change.
    if (depth < 2 || ctx.ancestors.has(id)) { build(); node.open = true; }
    return node;
  }

  // ---- tabs and diff -------------------------------------------------------------------

  for (const tab of document.querySelectorAll("[role=tab]")) {
    tab.addEventListener("click", () => showTab(tab.dataset.tab));
  }

  function showTab(name) {
    activeTab = name;
    for (const tab of document.querySelectorAll("[role=tab]")) {
      tab.setAttribute("aria-selected", String(tab.dataset.tab === name));
    }
    $("panel-tree").hidden = name !== "tree";
    $("panel-raw").hidden = name !== "raw";
    $("panel-diff").hidden = name !== "diff";
    if (name === "diff") loadDiff();
  }

  el.diffForm.addEventListener("submit", (e) => { e.preventDefault(); loadDiff(); });

  async function loadDiff() {
    if (!app.name || el.diffFrom.value === "" || el.diffTo.value === "") return;
    diffRequest.controller?.abort();
    const controller = new AbortController();
    const id = ++diffRequest.id;
    diffRequest.controller = controller;
    const q = query({ from: el.diffFrom.value, to: el.diffTo.value });
    try {
      const body = await api(logPath(app.name, `diff?${q}`), controller.signal);
      if (id !== diffRequest.id) return;
      renderDiff(body);
    } catch (err) {
      if (id === diffRequest.id) showError(err);
    }
  }

  function renderDiff(body) {
    const frag = document.createDocumentFragment();
    const text = body.text || "";
    if (text === "") frag.append(span("muted", `no difference between seq ${body.from} and seq ${body.to}`));
    for (const line of text === "" ? [] : text.split("\n")) {
      const cls = line.startsWith("+") ? "diff-add" : line.startsWith("-") ? "diff-del" : "diff-ctx";
      frag.append(span(`diff-line ${cls}`, line), "\n");
    }
    el.diffText.dataset.from = String(body.from);
    el.diffText.dataset.to = String(body.to);
    el.diffText.replaceChildren(frag);
  }

  // ---- live ----------------------------------------------------------------------------

  function startPolling() {
    stopPolling();
    const name = app.name;
    const tick = async () => {
      try {
        await poll(name);
        clearPollError();
      } catch (err) {
        if (app.name === name) showError(err, true);
      }
      if (app.name === name) app.pollTimer = setTimeout(tick, POLL_MS);
    };
    app.pollTimer = setTimeout(tick, POLL_MS);
  }

  function stopPolling() {
    clearTimeout(app.pollTimer);
    app.pollTimer = null;
  }

  // The summary first, then the events after the cursor: every event the summary counted is
  // then in the events answer, so the cursor can move to the summary's lastSeq.
  async function poll(name) {
    const view = app.view;
    const summary = await api(logPath(name, "summary"));
    if (app.name !== name) return;
    const q = query({ offset: 0, limit: 1000, after: app.cursor, ...view.filter });
    const body = await api(logPath(name, `events?${q}`));
    if (app.name !== name || view !== app.view) return;
    applySummary(summary);
    const lastShown = lastCachedSeq(view);
    const fresh = body.events.filter((e) => e.seq > lastShown);
    if (body.total > body.events.length) {
      // More than one request's worth arrived: recount instead of appending.
      view.pages.clear();
      await loadPage(view, Math.floor(view.total / PAGE_SIZE));
    } else if (fresh.length > 0) {
      appendEvents(view, fresh);
    }
    app.cursor = Math.max(app.cursor, summary.lastSeq, ...body.events.map((e) => e.seq));
    if (el.followTail.checked && summary.lastSeq !== app.selected) {
      select(summary.lastSeq, { scroll: false });
      el.timeline.scrollTop = el.timeline.scrollHeight;
    }
    renderRows();
  }

  function lastCachedSeq(view) {
    if (view.total === 0) return 0;
    const page = view.pages.get(Math.floor((view.total - 1) / PAGE_SIZE));
    const ev = page && page[(view.total - 1) % PAGE_SIZE];
    return ev ? ev.seq : app.cursor;
  }

  function appendEvents(view, events) {
    let index = view.total;
    for (const ev of events) {
      const p = Math.floor(index / PAGE_SIZE);
      const page = view.pages.get(p);
      if (page && page.length === index % PAGE_SIZE) page.push(ev);
      else if (!page && index % PAGE_SIZE === 0) view.pages.set(p, [ev]);
      index++;
    }
    setTotal(view, index);
  }

  el.followTail.addEventListener("change", () => {
    if (el.followTail.checked && app.summary) {
      select(app.summary.lastSeq, { scroll: false });
      el.timeline.scrollTop = el.timeline.scrollHeight;
    }
  });

  window.addEventListener("unhandledrejection", (e) => showError(e.reason));
  start();
})();
