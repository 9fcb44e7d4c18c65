// What the lobby and the table share: the words of the page, the settings, cards drawn as SVG.
"use strict";

const CR = (() => {
  const store = {
    get(key, fallback) {
      try {
        const v = localStorage.getItem("cardrules." + key);
        return v === null ? fallback : JSON.parse(v);
      } catch (e) {
        return fallback;
      }
    },
    set(key, value) {
      try {
        localStorage.setItem("cardrules." + key, JSON.stringify(value));
      } catch (e) {
        /* private mode: settings last as long as the page */
      }
    },
  };

  function preferredLang() {
    const saved = store.get("lang", null);
    if (saved) return saved;
    const nav = (navigator.language || "en").slice(0, 2).toLowerCase();
    return ["en", "ja", "ms", "fa", "hu"].includes(nav) ? nav : "en";
  }

  const state = { lang: preferredLang(), words: {} };

  async function loadWords(lang) {
    const get = (code) => fetch("/api/words?lang=" + encodeURIComponent(code)).then((r) => r.json());
    // (and the English words: a text a ruleset has only in English names its seats in English too)
    const [words, english] = await Promise.all([get(lang), lang === "en" ? null : get("en")]);
    state.words = words;
    state.english = english || words;
    state.lang = lang;
    document.documentElement.lang = lang;
    document.documentElement.dir = state.words._dir || "ltr";
    return state.words;
  }

  // a word of the page with its {placeholders} filled in
  function w(key, values) {
    let text = state.words[key] || key;
    if (values) {
      for (const [k, v] of Object.entries(values)) text = text.split("{" + k + "}").join(String(v));
    }
    return text;
  }

  // a game's text ({lang: text}) in the page's language, else English, else any
  function tr(map) {
    if (map === null || map === undefined) return "";
    if (typeof map === "string") return map;
    return map[state.lang] || map.en || Object.values(map)[0] || "";
  }

  function el(tag, attrs, ...children) {
    const node = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs || {})) {
      if (v === null || v === undefined || v === false) continue;
      if (k === "class") node.className = v;
      else if (k === "text") node.textContent = v;
      else if (k.startsWith("on")) node.addEventListener(k.slice(2), v);
      else node.setAttribute(k, v === true ? "" : v);
    }
    for (const c of children.flat()) {
      if (c === null || c === undefined || c === false) continue;
      node.append(c instanceof Node ? c : document.createTextNode(String(c)));
    }
    return node;
  }

  // ----- settings: contrast, grain, colour temperature (50 by default), remembered -------------
  const SETTINGS = ["contrast", "grain", "warmth"];

  function applySettings() {
    const root = document.documentElement;
    for (const key of SETTINGS) root.style.setProperty("--" + key, String(store.get(key, 50) / 100));
    const warmth = store.get("warmth", 50);
    const tint = warmth >= 50 ? "255, 150, 40" : "60, 140, 255";
    root.style.setProperty("--tint", `rgba(${tint}, ${(Math.abs(warmth - 50) / 50) * 0.22})`);
  }

  function settingsPanel(onLang) {
    const body = el("div", { class: "settings-body" });
    const langSelect = el("select", { id: "set-lang", "aria-label": w("language") });
    for (const code of ["en", "ja", "ms", "fa", "hu"]) {
      const names = { en: "English", ja: "日本語", ms: "Bahasa Melayu", fa: "فارسی", hu: "magyar" };
      langSelect.append(el("option", { value: code, selected: code === state.lang }, names[code]));
    }
    langSelect.addEventListener("change", () => {
      store.set("lang", langSelect.value);
      onLang(langSelect.value);
    });
    body.append(el("label", { class: "setting" }, el("span", { text: w("language") }), langSelect));
    for (const key of SETTINGS) {
      const input = el("input", {
        type: "range",
        min: "0",
        max: "100",
        value: String(store.get(key, 50)),
        id: "set-" + key,
        "aria-label": w(key),
      });
      const out = el("output", { for: "set-" + key, text: store.get(key, 50) + "%" });
      input.addEventListener("input", () => {
        store.set(key, Number(input.value));
        out.textContent = input.value + "%";
        applySettings();
      });
      body.append(el("label", { class: "setting" }, el("span", { text: w(key) }), input, out));
    }
    // the person's only legal move plays itself (table.js), as at the prompt, unless this is off
    const forced = el("input", { type: "checkbox", id: "set-forced", checked: store.get("forced", true) });
    forced.addEventListener("change", () => store.set("forced", forced.checked));
    body.append(el("label", { class: "setting" }, el("span", { text: w("play_forced") }), forced));
    body.append(
      el("button", {
        type: "button",
        class: "quiet",
        text: w("reset"),
        onclick: () => {
          for (const key of SETTINGS) {
            store.set(key, 50);
            document.getElementById("set-" + key).value = "50";
            body.querySelector(`output[for=set-${key}]`).textContent = "50%";
          }
          applySettings();
        },
      })
    );
    return body;
  }

  function dialog(id, title, content, buttons) {
    let d = document.getElementById(id);
    if (d) d.remove();
    d = el("dialog", { id, class: "panel", "aria-labelledby": id + "-title" });
    d.append(el("h2", { id: id + "-title", text: title }), content);
    const row = el("div", { class: "dialog-buttons" });
    for (const b of buttons || []) row.append(b);
    row.append(el("button", { type: "button", class: "quiet", text: w("close"), onclick: () => d.close() }));
    d.append(row);
    document.body.append(d);
    d.showModal();
    return d;
  }

  // ----- cards ----------------------------------------------------------------------------------
  const COLOURS = {
    red: "#b3261e",
    green: "#1f7a3a",
    blue: "#1d4f91",
    yellow: "#a86d00",
    magenta: "#8a2d7c",
    cyan: "#0f6f7c",
    black: "#1d1d1f",
    white: "#5a5a5a",
    default: "#1d1d1f",
  };

  // the shortest prefix of each rank's name that no other rank's name shares (Ace A, Knave Kna)
  function shortRanks(ranks, lang) {
    const names = ranks.map((r) => tr(r.name) || r.id);
    return names.map((name, i) => {
      if (name.length <= 3) return name;
      for (let n = 1; n <= name.length; n++) {
        const p = name.slice(0, n).toLowerCase();
        if (!names.some((o, j) => j !== i && o.toLowerCase().startsWith(p))) return name.slice(0, n);
      }
      return name.slice(0, 3);
    });
  }

  let deck = null; // the ruleset's cards by id, and its suits and ranks

  function setDeck(ruleset) {
    const byId = {};
    ruleset.cards.forEach((c, i) => (byId[c.id] = { ...c, face: i }));
    deck = { byId, suits: ruleset.suits, ranks: ruleset.ranks, short: shortRanks(ruleset.ranks), back: ruleset.back_image || null };
  }

  function cardName(id) {
    if (id === null || id === undefined) return w("card_back");
    const c = deck && deck.byId[id];
    return c ? tr(c.name) || id : id;
  }

  function suitOf(id) {
    const c = deck && deck.byId[id];
    return c && c.suit >= 0 ? deck.suits[c.suit] : null;
  }

  function colourOf(id) {
    const s = suitOf(id);
    return COLOURS[(s && s.color) || "default"] || COLOURS.default;
  }

  const SVG = "http://www.w3.org/2000/svg";

  function svg(tag, attrs, text) {
    const n = document.createElementNS(SVG, tag);
    for (const [k, v] of Object.entries(attrs || {})) n.setAttribute(k, String(v));
    if (text !== undefined) n.textContent = text;
    return n;
  }

  // a card face (or its back for null) as an SVG picture, 60 x 88 units: the ruleset's image of it
  // (display.images) when it names one, else drawn from the deck's data
  function cardSVG(id) {
    const pic = svg("svg", { viewBox: "0 0 60 88", class: "card-svg", "aria-hidden": "true", focusable: "false" });
    const hidden = id === null || id === undefined;
    const image = hidden ? deck && deck.back : deck && deck.byId[id] && deck.byId[id].image;
    if (image) {
      pic.classList.add("card-image");
      pic.append(svg("image", { href: image, x: 0, y: 0, width: 60, height: 88, preserveAspectRatio: "xMidYMid meet" }));
      return pic;
    }
    if (hidden) {
      pic.append(svg("rect", { x: 1, y: 1, width: 58, height: 86, rx: 6, class: "back" }));
      pic.append(svg("rect", { x: 5, y: 5, width: 50, height: 78, rx: 4, class: "back-inner" }));
      pic.append(svg("path", { d: "M30 22 L44 44 L30 66 L16 44 Z", class: "back-mark" }));
      pic.append(svg("circle", { cx: 30, cy: 44, r: 5, class: "back-dot" }));
      return pic;
    }
    const c = deck && deck.byId[id];
    const colour = colourOf(id);
    const suit = suitOf(id);
    pic.append(svg("rect", { x: 1, y: 1, width: 58, height: 86, rx: 6, class: "face" }));
    pic.append(svg("rect", { x: 4, y: 4, width: 52, height: 80, rx: 4, class: "face-line", stroke: colour }));
    const rank = c && c.rank >= 0 ? deck.short[c.rank] : "";
    const symbol = suit ? suit.symbol : "";
    if (rank || symbol) {
      pic.append(svg("text", { x: 8, y: 18, class: "corner", fill: colour }, rank));
      pic.append(svg("text", { x: 8, y: 30, class: "corner-suit", fill: colour }, symbol));
      const turned = svg("g", { transform: "rotate(180 30 44)" });
      turned.append(svg("text", { x: 8, y: 18, class: "corner", fill: colour }, rank));
      turned.append(svg("text", { x: 8, y: 30, class: "corner-suit", fill: colour }, symbol));
      pic.append(turned);
    }
    if (symbol && rank) {
      pic.append(svg("circle", { cx: 30, cy: 44, r: 15, class: "pip-ring", stroke: colour }));
      pic.append(svg("text", { x: 30, y: 51, class: "pip", fill: colour }, symbol));
    } else {
      // a card without a suit (an honour), or of a suit but no rank (two such cards of one suit would
      // look the same): its name in the middle, a word a line
      const words = cardName(id).split(/\s+/).slice(0, 3);
      words.forEach((word, i) =>
        pic.append(svg("text", { x: 30, y: 44 + (i - (words.length - 1) / 2) * 12, class: "honour", fill: colour }, word))
      );
    }
    return pic;
  }

  // a card as a small inline chip for the log and messages; `short`: its suit's symbol and its rank's
  // short name only, as a card's corner writes them (another seat's melds), the whole name on hover
  function chip(id, short) {
    if (id === null || id === undefined) return el("span", { class: "chip hidden-chip", title: w("card_back") }, "▮");
    const s = suitOf(id);
    const c = deck && deck.byId[id];
    const brief = short && c && c.rank >= 0 ? deck.short[c.rank] : null;
    const named = brief ? { role: "img", "aria-label": cardName(id), title: cardName(id) } : {};
    return el(
      "span",
      { class: brief ? "chip short" : "chip", style: `--suit:${colourOf(id)}`, ...named },
      s ? el("span", { class: "chip-suit", "aria-hidden": "true" }, s.symbol) : null,
      brief ? el("span", { "aria-hidden": "true" }, brief) : cardName(id)
    );
  }

  return { store, state, loadWords, w, tr, el, applySettings, settingsPanel, dialog, setDeck, cardName, cardSVG, chip, colourOf };
})();
