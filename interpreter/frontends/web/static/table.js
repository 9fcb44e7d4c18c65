// The table: one seat's view of one game, kept up to date over a WebSocket.
"use strict";

(() => {
  const { w, tr, el, chip, cardName, cardSVG } = CR;
  const [, , tableId, token] = location.pathname.split("/");
  const T = {
    ws: null,
    rs: null,
    seat: null,
    view: null,
    version: 0,
    events: [],
    selection: [], // cards chosen for a choice of several
    offer: null, // {offer, complete} for the selection, from the server
    focus: 0, // which card or button the arrow keys are on
    digits: "",
    digitTimer: null,
    seenDeals: -1,
    retry: 0,
    heldBack: false, // since an undo, until the person moves: no move plays itself
    forcedRun: 0, // the person's moves that played themselves in a row
    forcedTimer: null,
  };
  const FORCED_DELAY = 700; // ms an only legal move stays on the table before it plays itself

  // ----- names ------------------------------------------------------------------------------------
  // the seats as the prompt names them (text/render.py), sent by the server in this page's language
  function seatName(s) {
    return T.names && T.names.seat[s] !== undefined ? T.names.seat[s] : s === T.seat ? w("you") : w("seat", { seat: s });
  }
  function teamName(s) {
    return T.names && T.names.team[s] !== undefined ? T.names.team[s] : "";
  }
  function player(s) {
    return T.names && T.names.player[s] !== undefined ? T.names.player[s] : seatName(s);
  }
  function actionLabel(name) {
    const a = T.rs.actions[name];
    const label = a ? tr(a.label) : "";
    return label && label !== name ? label : String(name).replace(/_/g, " ");
  }
  function kindLabel(name) {
    const label = tr((T.rs.kinds || {})[name]);
    return label || String(name || "").replace(/_/g, " ");
  }
  function zoneInfo(name) {
    return T.rs.zones.find((z) => z.name === name);
  }
  function zoneLabel(name) {
    const z = zoneInfo(name);
    return z ? tr(z.label) || name : name;
  }

  // a typed value of an event or a prompt as page content
  function typed(v) {
    if (v === null || typeof v !== "object") return document.createTextNode(v === null ? "" : String(v));
    const [kind, value] = Object.entries(v)[0] || ["", ""];
    if (kind === "card") return chip(value);
    if (kind === "seat") return el("span", { class: "who" }, value === null ? "—" : seatName(value));
    if (kind === "list") {
      const span = el("span", { class: "list" });
      const seats = value.length > 1 && value.every((x) => x && typeof x === "object" && "seat" in x); // who split a pot
      value.forEach((x, i) => {
        if (i) span.append(seats && i === value.length - 1 ? w("and") : ", ");
        const node = typed(x);
        if (i && isMe(x)) lowerFirst(node); // "Seat 0 and you": "You" only leads
        span.append(node);
      });
      return span;
    }
    if (kind === "suit") {
      const s = T.rs.suits.find((x) => x.id === value);
      return el("span", { class: "suit-name", style: `--suit:${s ? CR.colourOf(cardOfSuit(value)) : "inherit"}` }, s ? `${s.symbol} ${tr(s.name)}` : String(value));
    }
    if (kind === "rank") {
      const r = T.rs.ranks.find((x) => x.id === value);
      return document.createTextNode(r ? tr(r.name) : String(value));
    }
    if (kind === "team") {
      const t = T.rs.teams.find((x) => x.id === value);
      return document.createTextNode(t ? tr(t.name) : String(value));
    }
    if (kind === "zone") return document.createTextNode(zoneLabel(value));
    if (kind === "kind") return document.createTextNode(kindLabel(value));
    if (kind === "action") return document.createTextNode(actionLabel(value));
    if (kind === "bool") return document.createTextNode(value ? w("yes") : w("no"));
    return el("bdi", {}, value === null ? "—" : String(value));
  }
  function cardOfSuit(suitId) {
    const i = T.rs.suits.findIndex((s) => s.id === suitId);
    const c = T.rs.cards.find((x) => x.suit === i);
    return c ? c.id : null;
  }
  const RTL = ["fa", "ar", "he", "ur"];
  function parts(text) {
    const lang = text ? (text[CR.state.lang] ? CR.state.lang : text.en ? "en" : Object.keys(text)[0]) : null;
    if (lang === "en" && CR.state.lang !== "en" && CR.state.english && CR.state.words !== CR.state.english) {
      // a text the ruleset has only in English: its seats and values in English words too
      const [own, names] = [CR.state.words, T.names];
      [CR.state.words, T.names] = [CR.state.english, T.namesEn || T.names];
      try {
        return parts(text);
      } finally {
        [CR.state.words, T.names] = [own, names];
      }
    }
    const list = lang ? text[lang] : [];
    // a text the ruleset does not have in the page's language keeps its own direction (English in Persian)
    const other = lang && lang !== CR.state.lang;
    const span = el("span", { class: "said", lang: other ? lang : null, dir: other ? (RTL.includes(lang) ? "rtl" : "ltr") : null });
    let you = false; // the part before was this seat, written "You"
    let subject = false; // the sentence so far has "You" for its subject
    let aside = false; // inside "You (... {value} ...)": the verb after the ")" agrees with "You"
    for (let p of list) {
      if (typeof p === "string") {
        let head = "";
        if (lang === "en" && aside) {
          const close = p.indexOf(")");
          if (close < 0) {
            span.append(p);
            continue;
          }
          [head, p, aside, you] = [p.slice(0, close + 1), p.slice(close + 1), false, true];
        }
        if (lang === "en" && you && OPENS_ASIDE.test(p)) {
          aside = true;
          span.append(p);
          continue;
        }
        if (lang === "en" && you && !p.trim()) {  // "{x:seat} {'bets' if ...}": the verb is a value
          span.append(p);
          continue;
        }
        if (lang === "en" && you) [p, subject] = youAgree(p);
        else if (lang === "en" && subject) p = andAgree(p);
        if (p.includes(".")) subject = false;
        span.append(head + p);
        you = false;
      } else if (lang === "en" && you && typeof p.str === "string") {  // a verb chosen in a placeholder
        const [agreed, leads] = youAgree(" " + p.str);
        [you, subject] = [false, leads];
        span.append(agreed.slice(1));
      } else {
        you = isMe(p);
        const node = typed(p);
        // "You" after the start of a sentence is "you", alone or leading a list ("Re you and Seat 2 win")
        const led = you || (p && typeof p === "object" && Array.isArray(p.list) && isMe(p.list[0]));
        const before = span.textContent.trimEnd();
        if (led && before && !/[.!?]$/.test(before)) lowerFirst(node);
        span.append(node);
      }
    }
    return span;
  }
  function lowerFirst(node) {
    const walker = document.createTreeWalker(node, NodeFilter.SHOW_TEXT);
    const first = node.nodeType === Node.TEXT_NODE ? node : walker.nextNode();
    if (first && first.data) first.data = first.data[0].toLowerCase() + first.data.slice(1);
  }
  // English texts are written once for every seat ("{winner:seat} takes"); after "You" the verb agrees
  // ("You take", "You play Cups 7 and take Clubs 7"), as the prompt writes it (interpreter/text/render.py)
  const YOU_IRREGULAR = { is: "are", was: "were", has: "have", does: "do", goes: "go" };
  const NOT_VERBS = new Set(["always", "as", "its", "his", "hers", "less", "perhaps", "plus", "this", "thus", "unless", "us", "yes"]);
  const AND_VERBS = ["takes", "wins", "draws", "plays", "discards", "passes", "scores", "leads", "captures", "sweeps", "says", "calls", "claims", "puts", "gets", "keeps", "gives", "shows", "turns", "picks", "melds", "bids", "knocks", "folds", "raises", "checks", "bets", "loses", "pays", "has", "is", "goes", "does", "chooses", "holds", "follows", "makes", "needs", "reveals", "declares", "exchanges", "collects", "adds"];
  const FIRST_WORD = /^( +(?:\([^()]*\) +)?)([a-z]+)(?![A-Za-z'-])/; // past an aside: "You (the dealer) take"
  const OPENS_ASIDE = /^ *\([^)]*$/; // "You (" and a value before the ")"
  // a later verb of a list whose subject is "You": "You win, lead and play on", "You won it and lead"
  const LIST_VERB = new RegExp(`(,? and |,? or |, )(${AND_VERBS.join("|")})(?![A-Za-z'-])`, "g");
  const SENTENCE_END = /[.;:!?]/;
  // verbs that stay as they are after "You" and lead the sentence: past verbs without "ed", helping
  // verbs ("You won the trick and lead", "You cannot play and say go"), as render.py
  const PAST_VERBS = new Set(["began", "bid", "came", "can", "cannot", "caught", "chose", "could", "dealt", "did", "drew", "gave", "got", "had", "held", "kept", "laid", "led", "lost", "made", "may", "might", "must", "paid", "said", "shall", "should", "showed", "swept", "threw", "took", "was", "went", "will", "won", "would"]);
  function isMe(p) {
    if (!p || typeof p !== "object") return false;
    if (p.seat === T.seat) return true;
    return Array.isArray(p.list) && p.list.length === 1 && isMe(p.list[0]);
  }
  function youVerb(word) {
    if (word in YOU_IRREGULAR) return YOU_IRREGULAR[word];
    if (word.length <= 2 || NOT_VERBS.has(word) || !word.endsWith("s") || word.endsWith("ss")) return word;
    if (word.endsWith("ies")) return word.slice(0, -3) + "y";
    if (/(sses|shes|ches|xes|zes|oes)$/.test(word)) return word.slice(0, -2);
    return word.slice(0, -1);
  }
  function leadsWithVerb(word) {
    return youVerb(word) !== word || word.endsWith("ed") || PAST_VERBS.has(word);
  }
  function andAgree(text) {
    // the later verbs of the sentence, up to the first "and" one (as render.py's _and_agree)
    const end = SENTENCE_END.exec(text);
    const head = end ? text.slice(0, end.index) : text;
    const tail = end ? text.slice(end.index) : "";
    let out = "";
    let at = 0;
    let ended = ""; // the list ends at its "and" or "or" verb (an "or" one may follow an "and" one)
    for (const m of head.matchAll(LIST_VERB)) {
      if (ended && (!m[1].includes(" or ") || ended === "or")) break;
      out += head.slice(at, m.index) + m[1] + youVerb(m[2]);
      at = m.index + m[0].length;
      ended = m[1].includes(" or ") ? "or" : m[1].includes("and") ? "and" : "";
    }
    return out + head.slice(at) + tail;
  }
  function youAgree(text) {
    if (/^['\u2019]s(?![A-Za-z])/.test(text)) return ["r" + text.slice(2), false]; // "You's trick": "Your trick"
    const m = FIRST_WORD.exec(text);
    if (!m) return [text, false];
    if (!leadsWithVerb(m[2])) return [text, false]; // ("You played X and chooses": a past verb leads too)
    return [m[1] + youVerb(m[2]) + andAgree(text.slice(m[0].length)), true];
  }
  function namesCards(text) {
    const list = text ? Object.values(text)[0] || [] : [];
    return list.some((p) => p && typeof p === "object" && ("card" in p || "none" in p || ("list" in p && (p.list || []).some((x) => x && "card" in x))));
  }

  CR.table = { T, seatName, player, actionLabel, zoneLabel, parts, typed, namesCards, namedValue, youAgree };

  // ----- the connection ---------------------------------------------------------------------------
  function connect() {
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    const ws = new WebSocket(`${scheme}://${location.host}/ws/${tableId}/${token}?lang=${CR.state.lang}`);
    T.ws = ws;
    status(w("connecting"));
    ws.onopen = () => {
      T.retry = 0;
    };
    ws.onmessage = (e) => receive(JSON.parse(e.data));
    ws.onclose = (e) => {
      if (e.code === 4403) {
        location.reload();
        return;
      }
      status(w("lost"));
      T.retry = Math.min(T.retry + 1, 6);
      setTimeout(connect, 300 * T.retry);
    };
  }
  function send(message) {
    if (T.ws && T.ws.readyState === WebSocket.OPEN) T.ws.send(JSON.stringify(message));
  }
  function status(text) {
    document.getElementById("status").textContent = text || "";
  }

  function receive(m) {
    if (m.type === "hello") {
      T.rs = m.ruleset;
      T.seat = m.seat;
      CR.setDeck(m.ruleset);
      document.title = tr(m.ruleset.name);
      document.getElementById("rules-link").href = `/rules/${rulesKey()}?lang=${CR.state.lang}`;
    } else if (m.type === "view") {
      T.version = m.version;
      T.events = m.events_from === 0 ? m.events : T.events.slice(0, m.events_from).concat(m.events);
      const wasChoosing = T.view && T.view.choice;
      T.view = m.view;
      T.names = m.names;
      T.namesEn = m.names_en || m.names;
      if (!T.view.choice || !wasChoosing) {
        T.selection = [];
        T.offer = null;
      }
      status("");
      render();
      announce(m.said || []);
      showDealEnd(false); // (a first view, or the story sent again, shows no summary: T.seenDeals says which deals were seen)
      playForced();
    } else if (m.type === "error") {
      toast(m.message, "error");
    } else if (m.type === "explain") {
      toast(m.message, "rule");
    } else if (m.type === "hint") {
      toast(w("hint_is", { move: moveText(m.action) }), "hint");
      const i = menu().findIndex((x) => x.text === m.action);
      if (i >= 0) focusItem(i);
    } else if (m.type === "offer") {
      T.offer = m;
      render();
    }
  }
  function rulesKey() {
    return encodeURIComponent(document.body.dataset.rules || T.rs.key || T.rs.id);
  }

  // ----- what to show -----------------------------------------------------------------------------
  function render() {
    const v = T.view;
    if (!v || !T.rs) return;
    const body = document.body.dataset;
    body.version = String(T.version);
    body.turn = v.to_act === T.seat && (v.moves || []).length ? "me" : v.terminal ? "over" : "others";
    body.deals = String(T.events.filter((e) => e.kind === "deal_end").length);
    document.getElementById("game-name").textContent = tr(T.rs.name);
    document.getElementById("phase").textContent = tr(v.phase);
    renderSeats();
    renderCenter();
    renderMine();
    renderLog();
    renderMatch();
    fitSeats(); // once the page around the felt is laid out
    document.getElementById("undo").disabled = !T.events.some((e) => e.seat === T.seat && (e.kind === "action" || e.kind === "claim"));
    document.getElementById("hint").disabled = !(v.moves && v.moves.length);
  }

  function renderSeats() {
    const v = T.view;
    const n = T.rs.players;
    const box = document.getElementById("seats");
    box.replaceChildren();
    // The seats sit clockwise by number (seat s+1 on the left of seat s), so play goes round clockwise
    // when seat s is followed by s+1 and counterclockwise when by s-1 ("counterclockwise, to seat - 1":
    // `players.order: decreasing`).  The plates come in the order of play from this seat's (as a phone
    // lines them up, and a screen reader reads them).
    const step = T.rs.order === "decreasing" ? -1 : 1;
    for (let r = 0; r < n; r++) {
      const s = (((T.seat + step * r) % n) + n) % n;
      const angle = Math.PI / 2 + (((s - T.seat + n) % n) * 2 * Math.PI) / n;
      const [cos, sin] = [Math.cos(angle), Math.sin(angle)];
      // each plate hangs inwards from its point near the rim (--ax, --ay: which of its points lies there),
      // so however large it grows it stays on the felt
      const place = `--x:${50 + 47 * cos}%;--y:${50 + 46 * sin}%;--ax:${(1 + cos) / 2};--ay:${(1 + sin) / 2}`;
      const acting = v.to_act === s;
      const thinking = v.thinking === s;
      const counts = [];
      const shown = [];
      for (const z of T.rs.zones) {
        if (z.per !== "seat" || !(z.name in v.zones)) continue;
        const cards = v.zones[z.name][String(s)];
        if (typeof cards === "number") counts.push(`${zoneLabel(z.name)} ${cards}`);
        else if (cards && cards.length && (s !== T.seat || z.visibility === "all")) {
          if (cards.every((c) => c === null)) counts.push(`${zoneLabel(z.name)} ${cards.length}`);
          else if (s !== T.seat) shown.push([z.name, cards]);
        }
      }
      const team = teamName(s);
      const plate = el(
        "div",
        {
          class: `seat${s === T.seat ? " me" : ""}${acting ? " acting" : ""}${thinking ? " thinking" : ""} team-${T.rs.team_of_seat[s]}`,
          style: place,
          role: "group",
          "aria-label": `${player(s)}${counts.length ? ", " + counts.join(", ") : ""}${acting ? ", " + w("turn_of", { who: seatName(s) }) : ""}`,
          "data-seat": s,
        },
        el("div", { class: "seat-name" }, seatName(s), v.people.includes(s) && s !== T.seat ? el("span", { class: "person", title: w("people") }, " ●") : null),
        team ? el("div", { class: "seat-team" }, team) : null,
        el("div", { class: "seat-counts" }, counts.join(" · ")),
        ...((v.seat_lines || {})[String(s)] || []).map((line) => el("div", { class: "seat-line" }, parts(line))),
        thinking ? el("div", { class: "seat-thinking" }, w("thinking")) : null
      );
      if (shown.length) {
        plate.classList.add("shows");
        plate.append(el("div", { class: "seat-shown" }, ...shown.map(([name, cards]) => miniZone(name, cards, s))));
      }
      box.append(plate);
    }
  }

  // The cards a seat shows (its melds) scroll inside its plate, made just short enough that no plate
  // overlaps another, the middle's cards or the felt's edge; the middle keeps clear of the plates at
  // its sides (its cards wrap, or scroll, between them).  On a phone the plates flow, and only what
  // they show is bounded in height.
  function fitSeats() {
    const box = document.getElementById("seats");
    const center = document.getElementById("center");
    const plates = Array.from(box.querySelectorAll(".seat"));
    const shown = (p) => p.querySelector(".seat-shown");
    for (const p of plates) if (shown(p)) shown(p).style.maxHeight = "";
    center.style.left = center.style.right = center.style.top = center.style.bottom = "";
    if (!plates.length || getComputedStyle(plates[0]).position !== "absolute") return;
    const area = box.getBoundingClientRect();
    const meet = (a, b) => Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top); // > 0: rows in common
    const apart = (a, b) => a.left >= b.right || b.left >= a.right || meet(a, b) <= 0;
    const c = center.getBoundingClientRect();
    const [half, level] = [(area.left + area.right) / 2, (area.top + area.bottom) / 2];
    const around = plates.map((p) => p.getBoundingClientRect());
    const across = (r) => r.left < half && r.right > half; // a plate above or below the middle
    let [top, bottom] = [area.top + 0.12 * area.height, area.bottom - 0.12 * area.height];
    for (const r of around.filter(across)) {
      if (r.top < level) top = Math.max(top, r.bottom + 6);
      else bottom = Math.min(bottom, r.top - 6);
    }
    if (bottom - top < 100) [top, bottom] = [c.top, c.bottom];
    let [left, right] = [c.left, c.right];
    for (const r of around) {
      if (across(r) || Math.min(r.bottom, bottom) <= Math.max(r.top, top)) continue;
      if (r.right <= half) left = Math.max(left, r.right + 6);
      else right = Math.min(right, r.left - 6);
    }
    if (right - left < 120) [left, right] = [c.left, c.right];
    Object.assign(center.style, { top: `${top - area.top}px`, bottom: `${area.bottom - bottom}px`, left: `${left - area.left}px`, right: `${area.right - right}px` });
    const middle = Array.from(center.children).map((x) => x.getBoundingClientRect());
    const least = 40; // px of shown cards a plate keeps: a line of them
    const shrink = (p, by) => {
      const s = shown(p);
      const h = s ? s.getBoundingClientRect().height : 0;
      if (!s || h <= least) return false;
      s.style.maxHeight = `${Math.max(least, Math.floor(h - by - 2))}px`;
      return true;
    };
    for (let round = 0; round < 4 * plates.length; round++) {
      const rects = plates.map((p) => p.getBoundingClientRect());
      let changed = false;
      rects.forEach((r, i) => {
        const out = Math.max(area.top - r.top, r.bottom - area.bottom, ...middle.map((m) => (apart(r, m) ? 0 : meet(r, m))));
        if (out > 0) changed = shrink(plates[i], out) || changed;
      });
      for (let i = 0; i < rects.length; i++) {
        for (let j = i + 1; j < rects.length; j++) {
          const [a, b] = [rects[i], rects[j]];
          if (apart(a, b)) continue;
          const [big, small] = a.height >= b.height ? [plates[i], plates[j]] : [plates[j], plates[i]];
          changed = shrink(big, meet(a, b)) || shrink(small, meet(a, b)) || changed;
        }
      }
      if (!changed) break;
    }
  }
  new ResizeObserver(() => T.view && fitSeats()).observe(document.getElementById("seats")); // (the felt's size
  // follows the page's and the panels' beside it)

  function miniZone(name, cards, s) {
    const groups = ((T.view.groups || {})[name] || {})[String(s)];
    const box = el("div", { class: "mini-zone", "aria-label": w("of_seat", { zone: zoneLabel(name), who: seatName(s) }) });
    // a card of another seat's that I may play (a declarer playing the dummy's) is a card to click
    const mine = myCards();
    const shown = (c) => (c !== null && !mine.has(c) && movesOf(c).length ? cardButton(c, { small: true }) : chip(c, true));
    if (groups && groups.length) {
      for (const g of groups) box.append(el("div", { class: "meld" }, el("span", { class: "meld-kind" }, kindLabel(g.kind)), ...g.cards.map(shown)));
    } else box.append(el("div", { class: "meld" }, el("span", { class: "meld-kind" }, zoneLabel(name)), ...cards.map(shown)));
    return box;
  }

  function renderCenter() {
    const v = T.view;
    const center = document.getElementById("center");
    center.replaceChildren();
    for (const z of T.rs.zones) {
      if (z.per !== "shared" || !(z.name in v.zones)) continue;
      const data = v.zones[z.name];
      const label = zoneLabel(z.name);
      if (typeof data === "number" || data.up || data.open) {
        const n = typeof data === "number" ? data : data.count;
        if (n > 0 && z.show === "top" && data.up && data.up.length) {  // a discard pile: its top card on the stack, face up
          const stack = el("div", { class: "pile-stack face-up" }, cardButton(data.up[data.up.length - 1], { small: true }));
          center.append(el("div", { class: "pile", role: "group", "aria-label": `${label}: ${w("cards", { n })}` }, stack, el("div", { class: "zone-label" }, `${label} (${n})`)));
        } else if (n > 0 && data.open) {  // cards lying face up, shown by their number only: no card back
          center.append(el("div", { class: "pile", role: "group", "aria-label": `${label}: ${w("cards", { n })}` }, el("div", { class: "pile-stack open-pile" }, el("span", { class: "pile-count" }, String(n))), el("div", { class: "zone-label" }, label)));
        } else if (n > 0) {
          const pile = el("div", { class: "pile", role: "group", "aria-label": `${label}: ${w("cards", { n })}` }, el("div", { class: "pile-stack" }, cardSVG(null), el("span", { class: "pile-count" }, String(n))), el("div", { class: "zone-label" }, label));
          if (data.up) pile.append(el("div", { class: "pile-up" }, ...data.up.map((c) => cardButton(c, { small: true }))));
          center.append(pile);
        }
        continue;
      }
      const cards = data.cards;
      if (!cards.length) {  // empty: shown only where one of my moves names it (a patience's free column)
        if ((v.moves || []).some((m) => m.value === z.name)) center.append(el("div", { class: "zone empty-zone" }, el("div", { class: "zone-label" }, label), el("div", { class: "zone-row empty-slot" }, w("empty"))));
        continue;
      }
      const groups = (v.groups || {})[z.name];
      if (Array.isArray(groups) && groups.length) {  // melds laid in the middle: each a fan of its own
        // each fan with its kind's name under it (a canasta told from a plain meld, as the prompt tells it)
        const fans = groups.map((g) => el("div", { class: "meld-fan-kind" }, el("div", { class: "zone-row long meld-fan", role: "group", "aria-label": kindLabel(g.kind) }, ...g.cards.map((c, i) => cardButton(c, { small: true, last: i === g.cards.length - 1 }))), el("span", { class: "meld-kind", "aria-hidden": "true" }, kindLabel(g.kind))));
        center.append(el("div", { class: "zone" }, el("div", { class: "zone-label" }, label), el("div", { class: "meld-fans", role: "group", "aria-label": label }, ...fans)));
        continue;
      }
      const long = cards.length > 12;
      const row = el("div", { class: `zone-row${long ? " long" : ""}`, role: "group", "aria-label": label });
      cards.forEach((c, i) => {
        const by = data.by ? data.by[i] : -1;
        const tag = !long && by >= 0 && T.rs.players > 1 ? seatName(by) : null; // (alone at the table: nobody to tell apart)
        row.append(cardButton(c, { small: true, tag, last: long && i === cards.length - 1 }));
      });
      center.append(el("div", { class: "zone" }, el("div", { class: "zone-label" }, label), row));
    }
    if (!center.children.length) center.append(el("div", { class: "zone-empty" }, tr(v.phase) || ""));
  }

  // which move a card is part of: a move naming it, or a pick of a choice
  function movesOf(card) {
    return (T.view.moves || []).filter((m) => m.card === card || m.pick === card);
  }

  function myCards() {
    const mine = new Set();
    for (const z of T.rs.zones) {
      const cards = z.per === "seat" ? (T.view.zones[z.name] || {})[String(T.seat)] : null;
      if (Array.isArray(cards)) for (const c of cards) if (c !== null) mine.add(c);
    }
    return mine;
  }

  function cardButton(c, opts) {
    const v = T.view;
    const choosing = v.choice && v.moves.length;
    const offer = T.offer ? T.offer.offer : v.choice ? v.choice.offer : [];
    const selected = T.selection.includes(c);
    // a move names a card by its id: copies of it in my own zones are the ones it plays
    const elsewhere = !opts.mine && c !== null && myCards().has(c);
    const legal = c !== null && !elsewhere && (choosing ? offer.includes(c) || selected : movesOf(c).length > 0);
    const label = `${cardName(c)}${c === null ? "" : legal ? ", " + w("playable") : v.moves.length && opts.mine ? ", " + w("not_playable") : ""}${selected ? ", " + w("selected") : ""}`;
    const attrs = {
      type: "button",
      class: `card${legal ? " legal" : ""}${selected ? " selected" : ""}${opts.small ? " small" : ""}${opts.last ? " last" : ""}${c === null ? " down" : ""}`,
      "aria-label": label,
      "aria-pressed": choosing && legal ? String(selected) : null,
      "data-card": c === null ? "" : c,
      title: cardName(c),
    };
    if (c === null || !(opts.mine || legal)) {
      attrs.tabindex = "-1";
    }
    const button = el("button", attrs, cardSVG(c));
    if (opts.tag) button.append(el("span", { class: "card-tag" }, opts.tag));
    // a card of mine says why it cannot be played; one on the table that no move names is only looked at
    if (c !== null && (opts.mine || legal)) button.addEventListener("click", () => clickCard(c, legal));
    return button;
  }

  function renderMine() {
    const v = T.view;
    const box = document.getElementById("mine");
    box.replaceChildren();
    box.classList.toggle("has-moves", (v.moves || []).length > 0);
    // what is being decided, and by whom
    const head = el("div", { class: "decision", "aria-live": "polite" });
    if (v.terminal) head.append(w("game_over"));
    else if (v.to_act === T.seat) head.append(el("strong", {}, w("your_turn")), v.decision ? " — " : "", v.decision ? parts(v.decision) : "");
    else if (v.stuck) head.append(el("span", { class: "stuck" }, w("stuck", { who: player(v.to_act), reason: v.stuck })));
    else if (v.thinking === "table") head.append(w("waiting"));
    else if (v.to_act !== null && v.to_act !== undefined) head.append(w("turn_of", { who: player(v.to_act) }), v.decision ? " — " : "", v.decision ? parts(v.decision) : "");
    box.append(head);
    for (const line of v.status || []) box.append(el("div", { class: "status-line" }, parts(line)));
    // my zones
    for (const z of T.rs.zones) {
      if (z.per !== "seat" || !(z.name in v.zones)) continue;
      const cards = v.zones[z.name][String(T.seat)];
      if (typeof cards === "number") {
        if (cards) box.append(el("div", { class: "my-count" }, `${w("your_cards", { zone: zoneLabel(z.name) })}: ${w("cards", { n: cards })}`));
        continue;
      }
      if (!cards || !cards.length) continue;
      const groups = ((v.groups || {})[z.name] || {})[String(T.seat)];
      const row = el("div", { class: "hand", role: "group", "aria-label": w("your_cards", { zone: zoneLabel(z.name) }) });
      if (groups && groups.length) {
        for (const g of groups) row.append(el("div", { class: "meld-group" }, el("div", { class: "meld-kind" }, kindLabel(g.kind)), el("div", { class: "meld-cards" }, ...g.cards.map((c) => cardButton(c, { mine: true, small: true })))));
      } else {
        for (const c of cards) row.append(cardButton(c, { mine: true }));
      }
      box.append(el("section", { class: "my-zone" }, el("h3", { class: "zone-label" }, w("your_cards", { zone: zoneLabel(z.name) })), row));
    }
    // the moves that are not a card: buttons (claims name the card and who discarded it)
    const buttons = el("div", { class: "moves", role: "group", "aria-label": w("moves") });
    if (v.choice && v.moves.length) {
      const c = v.choice;
      const complete = T.offer ? T.offer.complete : c.complete;
      buttons.append(
        el("span", { class: "choice-note" }, `${actionLabel(c.action)}: ${c.min === c.max ? w("choose_n", { n: c.min }) : w("choose", { min: c.min, max: c.max })}`),
        el("button", { type: "button", class: "primary", id: "confirm", disabled: !complete, text: w("confirm"), onclick: confirmChoice }),
        el("button", { type: "button", class: "quiet", text: w("clear"), disabled: !T.selection.length, onclick: () => { T.selection = []; T.offer = null; render(); } })
      );
    }
    // a move naming a card is played by clicking the card; one whose card is shown nowhere gets a button
    const shownCard = (c) => document.querySelector(`.card.legal[data-card="${CSS.escape(c)}"]`) !== null;
    const plain = menu().filter((m) => !(m.card && shownCard(m.card)) && !m.pick && !(v.choice && v.choice.action === m.action));
    const runs = numberRuns(plain);
    for (let k = 0; k < plain.length; k++) {
      const m = plain[k];
      const number = menu().indexOf(m) + 1;
      if (runs[k]) {  // a long run of one action's whole numbers: the amount, then the action's button
        const last = plain[runs[k] - 1];
        buttons.append(numberControl(plain.slice(k, runs[k]), number, menu().indexOf(last) + 1));
        k = runs[k] - 1;
        continue;
      }
      const b = el("button", { type: "button", class: "move", "data-move": m.text, onclick: () => play(m.text) }, el("span", { class: "key" }, String(number)), moveText(m.text));
      const claimed = v.claim_window && m.action !== "pass" ? claimedCard() : null;
      if (claimed) {
        b.classList.add("claim");
        b.append(" ", chip(claimed.card));
        if (claimed.seat >= 0) b.append(" ", el("span", { class: "from" }, w("from_seat", { who: seatName(claimed.seat) })));
      }
      buttons.append(b);
    }
    if (buttons.children.length) box.append(buttons);
    // number the legal cards for the keyboard
    menu().forEach((m, i) => {
      const card = m.card || m.pick;
      if (!card) return;
      const where = `.card.legal[data-card="${CSS.escape(card)}"]:not([data-key])`;
      const b = box.querySelector(where) || document.getElementById("seats").querySelector(where);
      if (b) {
        b.dataset.key = String(i + 1);
        b.append(el("span", { class: "key card-key" }, String(i + 1)));
      }
    });
    if (v.terminal) renderFinal(box);
  }

  // runs of at least 6 moves of one action whose values are whole numbers one apart (raise 4 ...
  // raise 100), as the prompt shows them as one entry: {start index: end index}
  function numberRuns(moves) {
    const runs = {};
    let i = 0;
    while (i < moves.length) {
      let j = i + 1;
      const v = moves[i].value;
      // whole numbers of one action, rising (one apart, or not: the bids of Skat, 18, 20, 22 ...)
      const whole = (x) => x !== undefined && /^-?\d+$/.test(x);
      const amounts = (T.rs.actions[moves[i].action] || {}).param === "int"; // (a rank "2" ... "10" is no amount)
      if (amounts && whole(v)) {
        while (j < moves.length && moves[j].action === moves[i].action && whole(moves[j].value) && Number(moves[j].value) > Number(moves[j - 1].value)) j++;
      }
      if (j - i >= 6) runs[i] = j;
      i = j;
    }
    return runs;
  }
  // one control for such a run: a number field from its first value to its last (a list of the
  // values where they are not one apart), and a button
  function numberControl(run, fromKey, toKey) {
    const [first, last] = [run[0], run[run.length - 1]];
    const lo = Number(first.value), hi = Number(last.value);
    const label = actionLabel(first.action);
    const apart = hi - lo + 1 === run.length;
    const field = apart
      ? el("input", { type: "number", class: "amount", min: String(lo), max: String(hi), step: "1", value: String(lo), "aria-label": `${label} (${lo}–${hi})` })
      : el("select", { class: "amount", "aria-label": `${label} (${lo}–${hi})` }, ...run.map((m) => el("option", { value: m.value }, m.value)));
    const go = () => {
      const n = Number(field.value);
      if (Number.isInteger(n) && run.some((m) => Number(m.value) === n)) play(`${first.action} ${n}`);
      else if (field.reportValidity) field.reportValidity();
    };
    field.addEventListener("keydown", (e) => { if (e.key === "Enter") { e.preventDefault(); go(); } });
    const b = el("button", { type: "button", class: "move", "data-move-run": first.action, onclick: go }, el("span", { class: "key" }, `${fromKey}–${toKey}`), label);
    return el("span", { class: "move-run", role: "group", "aria-label": label }, b, field, el("span", { class: "range" }, `${lo}–${hi}`));
  }

  // what a claim window offers: the card its decision names (else the last card another seat
  // played or discarded), with the seat it came from
  function claimedCard() {
    const named = (T.view.decision_cards || [])[0];
    for (let i = T.events.length - 1; i >= 0; i--) {
      const e = T.events[i];
      if (e.kind === "deal_end") break;
      if (e.kind !== "action" || !(e.cards || []).length) continue;
      if (named === undefined ? e.seat !== T.seat : e.cards.includes(named)) return { card: named === undefined ? e.cards[e.cards.length - 1] : named, seat: e.seat };
    }
    return named === undefined ? null : { card: named, seat: -1 };
  }

  // the moves in the order they are numbered: cards in the order they are shown, then the rest
  function menu() {
    const v = T.view;
    if (!v) return [];
    const order = {};
    let i = 0;
    for (const z of T.rs.zones) {  // my cards first, then the shared zones', then other seats' shown cards
      const cards = z.per === "seat" ? (v.zones[z.name] || {})[String(T.seat)] : (v.zones[z.name] || {}).cards;
      if (Array.isArray(cards)) for (const c of cards) if (c !== null && !(c in order)) order[c] = i++;
    }
    for (let s = 0; s < T.rs.players; s++) {
      for (const z of T.rs.zones) {
        if (s === T.seat) continue;
        const cards = z.per === "seat" ? (v.zones[z.name] || {})[String(s)] : null;
        if (Array.isArray(cards)) for (const c of cards) if (c !== null && !(c in order)) order[c] = i++;
      }
    }
    const moves = (v.moves || []).filter((m) => !(v.choice && v.choice.action === m.action && !m.pick));
    return moves
      .map((m, k) => [m, k])
      .sort((a, b) => {
        const ca = a[0].card || a[0].pick, cb = b[0].card || b[0].pick;
        const oa = ca in order ? order[ca] : 1e6 + a[1], ob = cb in order ? order[cb] : 1e6 + b[1];
        return oa - ob;
      })
      .map((x) => x[0]);
  }

  function namedValue(verb, x) {
    // a suit, a rank, a seat or a zone a move names, by its name (null: the move's value is not one)
    const param = (T.rs.actions[verb] || {}).param;
    if (param === "seat" && /^\d+$/.test(x) && Number(x) < T.rs.players) return seatName(Number(x));
    if (param === "zone" && zoneInfo(x)) return zoneLabel(x);
    const named = param === "suit" ? T.rs.suits : param === "rank" ? T.rs.ranks : null;
    const n = named && named.find((s) => s.id === x);
    return n ? (n.symbol ? n.symbol + " " : "") + tr(n.name) : null;
  }
  function moveText(text) {
    const [verb, ...rest] = String(text).split(" ");
    const word = (x) => {
      const n = namedValue(verb, x);
      if (n !== null) return n;
      return x.startsWith("+") ? "+" + cardName(x.slice(1)) : T.rs.cards.some((c) => c.id === x) ? cardName(x) : x;
    };
    const words = rest.map(word); // (the cards of a choice of several, named in several words: with commas)
    return [actionLabel(verb), words.length > 1 && words.some((x) => x.includes(" ")) ? words.join(", ") : words.join(" ")].filter((x) => x).join(" ");
  }

  function renderFinal(box) {
    const v = T.view;
    const scores = v.returns || [];
    const best = Math.max(...scores);
    const winners = scores.map((x, i) => [x, i]).filter(([x]) => x === best).map(([, i]) => i);
    const table = el("table", { class: "scores final-scores" });
    table.append(el("tr", {}, ...scores.map((_, s) => el("th", { scope: "col" }, seatName(s)))));
    table.append(el("tr", {}, ...scores.map((x, s) => el("td", { class: winners.includes(s) ? "best" : "" }, String(x)))));
    const won = v.winners ? v.winners.includes(T.seat) : winners.includes(T.seat) && winners.length < scores.length; // (result.won)
    box.append(
      el("section", { class: "final" }, el("h3", {}, w("final")), v.summary ? el("p", {}, parts(v.summary)) : null, table, won ? el("p", { class: "won" }, w("you_win")) : null, el("button", { type: "button", class: "primary", id: "next-game", text: w("next_game"), onclick: () => send({ op: "next" }) }))
    );
  }

  // ----- the story (story.js draws it) ------------------------------------------------------------
  const { eventNode, rowsTable, renderLog, renderMatch, showDealEnd } = CR.story;

  // the newest lines of the story for screen readers
  function announce(said) {
    const live = document.getElementById("live");
    const last = said.slice(-3).join(" ");
    if (last) live.textContent = last;
  }

  // ----- doing ----------------------------------------------------------------------------------
  function play(text, forced) {
    if (!forced) [T.heldBack, T.forcedRun] = [false, 0]; // a move the person chose
    hideRefusal(); // what was refused before is not about this move (it stayed up for tricks on end)
    send({ op: "act", action: text, version: T.version });
  }
  function hideRefusal() {
    const t = document.getElementById("toast");
    if (/\b(rule|error)\b/.test(t.className)) {
      clearTimeout(toastTimer);
      t.className = "toast";
    }
  }

  // The person's only legal move plays itself after a moment, as at the prompt: not while the
  // setting is off, nor once undo took moves back (until the person moves again: undo would
  // otherwise take back a move that then plays itself again), nor more than FORCED_RUN in a row.
  const FORCED_RUN = 20;
  function playForced() {
    const v = T.view;
    clearTimeout(T.forcedTimer);
    const moves = v.moves || [];
    if (v.terminal || v.to_act !== T.seat || moves.length !== 1 || v.choice || T.heldBack) return;
    if (!CR.store.get("forced", true)) return;
    const open = document.querySelector("dialog[open]");
    if (open) return open.addEventListener("close", playForced, { once: true }); // (a deal's summary: once read)
    if ((T.forcedRun || 0) >= FORCED_RUN) return toast(w("forced_run", { n: T.forcedRun }), "rule");
    const [version, move] = [T.version, moves[0].text];
    T.forcedTimer = setTimeout(() => {
      if (T.version !== version || document.querySelector("dialog[open]")) return;
      T.forcedRun = (T.forcedRun || 0) + 1;
      toast(w("forced_played", { move: moveText(move) }), "hint");
      play(move, true);
    }, FORCED_DELAY);
  }

  function clickCard(c, legal) {
    const v = T.view;
    const moves = movesOf(c);
    if (v.choice && v.moves.length) {
      // a move of this card alone (a discard) beside the choice of several (a meld): before any card
      // is chosen, a card that both name asks which, and one only the move names plays it
      if (!T.selection.length && moves.some((m) => m.card === c)) return moves.length === 1 ? play(moves[0].text) : chooseMove(moves);
      if (T.selection.includes(c)) T.selection = T.selection.filter((x) => x !== c);
      else if (legal) T.selection = T.selection.concat([c]);
      else return explain(c);
      offerSelection();
      return;
    }
    if (moves.length === 1) return play(moves[0].text);
    if (moves.length > 1) return chooseMove(moves);
    explain(c);
  }
  function offerSelection() {
    if (T.selection.length) send({ op: "offer", action: T.view.choice.action, chosen: T.selection });
    else T.offer = null;
    render();
  }

  function explain(c) {
    const v = T.view;
    if (v.to_act !== T.seat) return toast(w("not_your_turn"), "rule");
    // a choice being made is explained for that choice; else the move of one card this card would
    // make (a discard refused for its own rule, not for a meld's)
    const single = (a) => T.rs.actions[a].param === "card" && !T.rs.actions[a].several;
    const building = v.choice && T.selection.length ? v.choice.action : null;
    const verb = building || (v.moves.find((m) => m.card && single(m.action)) || {}).action || Object.keys(T.rs.actions).find(single) || (v.choice && v.choice.action);
    if (!verb) return toast(`${cardName(c)}: ${w("not_playable")}`, "rule");
    send({ op: "explain", action: `${verb} ${c}` });
  }

  function chooseMove(moves) {
    const go = (m) => {
      d.close();
      if (!m.pick) return play(m.text);
      T.selection = T.selection.concat([m.pick]); // the first card of a choice of several
      offerSelection();
    };
    const content = el("div", { class: "moves" }, ...moves.map((m) => el("button", { type: "button", class: "move", text: moveText(m.text), onclick: () => go(m) })));
    const d = CR.dialog("which-move", w("moves"), content);
  }

  function confirmChoice() {
    const c = T.view.choice;
    const all = (c.chosen || []).concat(T.selection.filter((x) => !(c.chosen || []).includes(x)));
    play([c.action, ...all].join(" "));
  }

  let toastTimer = null;
  function toast(text, kind) {
    const t = document.getElementById("toast");
    t.className = `toast show ${kind || ""}`;
    t.textContent = text;
    clearTimeout(toastTimer);
    toastTimer = setTimeout(() => (t.className = "toast"), 6000);
  }

  // ----- keyboard: numbers pick a move, arrows move between cards and buttons ---------------------
  function focusables() {
    return Array.from(document.querySelectorAll("#mine .card:not([tabindex='-1']), #mine button.move, #mine button.primary, #center .card.legal"));
  }
  function focusItem(i) {
    const items = focusables();
    const m = menu()[i];
    if (!m) return;
    const target = m.card || m.pick ? document.querySelector(`.card.legal[data-card="${CSS.escape(m.card || m.pick)}"]`) : document.querySelector(`button[data-move="${CSS.escape(m.text)}"]`);
    (target || items[0] || document.body).focus();
  }
  document.addEventListener("keydown", (e) => {
    if (e.target && (e.target.tagName === "INPUT" || e.target.tagName === "SELECT") || document.querySelector("dialog[open]")) return;
    if (/^[0-9]$/.test(e.key)) {
      T.digits += e.key;
      clearTimeout(T.digitTimer);
      const n = Number(T.digits);
      const items = menu();
      const pick = () => {
        T.digits = "";
        const m = items[n - 1];
        if (!m) return;
        if ((m.card || m.pick) && T.view.choice) clickCard(m.card || m.pick, true);
        else play(m.text);
      };
      if (n * 10 > items.length) pick();
      else T.digitTimer = setTimeout(pick, 700);
      e.preventDefault();
      return;
    }
    if (["ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown"].includes(e.key)) {
      const items = focusables();
      if (!items.length) return;
      let i = items.indexOf(document.activeElement);
      const rtl = document.documentElement.dir === "rtl";
      const forward = e.key === "ArrowDown" || (e.key === "ArrowRight") !== rtl && e.key !== "ArrowUp";
      i = i < 0 ? 0 : (i + (forward ? 1 : -1) + items.length) % items.length;
      items[i].focus();
      e.preventDefault();
    } else if (e.key === "h" || e.key === "H") send({ op: "hint" });
  });

  // ----- the page -------------------------------------------------------------------------------
  async function setLang(lang) {
    await CR.loadWords(lang);
    labelPage();
    send({ op: "lang", lang });
    document.getElementById("log").dataset.lang = "";
    if (T.rs) document.getElementById("rules-link").href = `/rules/${rulesKey()}?lang=${lang}`;
    render();
  }
  function labelPage() {
    for (const node of document.querySelectorAll("[data-w]")) node.textContent = w(node.dataset.w);
    for (const node of document.querySelectorAll("[data-wl]")) node.setAttribute("aria-label", w(node.dataset.wl));
  }

  async function start() {
    CR.applySettings();
    await CR.loadWords(CR.state.lang);
    labelPage();
    document.getElementById("hint").addEventListener("click", () => send({ op: "hint" }));
    document.getElementById("undo").addEventListener("click", () => {
      T.heldBack = true; // the moves taken back wait for the person, even an only legal one
      clearTimeout(T.forcedTimer);
      send({ op: "undo", version: T.version });
    });
    document.getElementById("settings").addEventListener("click", () => CR.dialog("settings-dialog", w("settings"), CR.settingsPanel(setLang)));
    const mine = CR.store.get("tables", []);
    if (!mine.some((t) => t.link === location.pathname)) {
      mine.unshift({ link: location.pathname, when: Date.now() });
      CR.store.set("tables", mine.slice(0, 30));
    }
    connect();
  }
  start();
})();
