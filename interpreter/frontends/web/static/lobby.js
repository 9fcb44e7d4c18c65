// The lobby: the games, a new table (your seat, the others, AI level, options, seed), saved games.
"use strict";

(() => {
  const { w, tr, el } = CR;
  let lobby = null;

  function toast(text) {
    const t = document.getElementById("toast");
    t.className = "toast show error";
    t.textContent = text;
    setTimeout(() => (t.className = "toast"), 6000);
  }

  function optionInput(o) {
    const id = "opt-" + o.name;
    let input;
    if (o.type === "bool") input = el("input", { type: "checkbox", id, checked: !!o.default, "data-opt": o.name, "data-type": "bool" });
    else if (o.choices) {
      input = el("select", { id, "data-opt": o.name, "data-type": o.type });
      for (const c of o.choices) input.append(el("option", { value: String(c), selected: c === o.default }, String(c)));
    } else
      input = el("input", {
        type: o.type === "int" ? "number" : "text",
        id,
        value: String(o.default),
        min: o.min === null ? null : String(o.min),
        max: o.max === null ? null : String(o.max),
        "data-opt": o.name,
        "data-type": o.type,
      });
    // the ruleset's label in the page's language (else the option's name), the name itself as a tooltip
    const name = el("span", { class: "opt-name", title: o.name }, tr(o.label) || o.name);
    return el("label", { class: "option", for: id }, name, input, el("small", {}, tr(o.description)));
  }

  function seatLabel(g, s) {
    const team = g.teams.find((t) => t.seats.includes(s));
    const name = (g.seat_names && g.seat_names[s] && tr(g.seat_names[s])) || w("seat", { seat: s }); // North, ...
    return team ? w("with_team", { name, team: tr(team.name) || team.id }) : name;
  }

  function newTableForm(g, box) {
    const form = el("form", { class: "new-table" });
    let count = g.players; // a ruleset with choices: the number chosen below
    const mySeat = el("select", { name: "seat", id: `seat-${g.key}` });
    const others = el("fieldset", { class: "others" }, el("legend", {}, w("others")));
    let who = [];
    const levelRow = el("label", { class: "option" }, el("span", {}, w("level")));
    const syncSeats = () => {
      for (const label of others.querySelectorAll(".seat-choice")) label.hidden = label.dataset.seat === mySeat.value;
      levelRow.hidden = others.hidden = count < 2; // a game for one: nobody else to seat, no AI to choose
    };
    const layoutSeats = () => {
      const mine = Math.min(Number(mySeat.value || 0), count - 1);
      mySeat.replaceChildren();
      for (let s = 0; s < count; s++) mySeat.append(el("option", { value: String(s), selected: s === mine }, seatLabel(g, s)));
      for (const label of others.querySelectorAll(".seat-choice")) label.remove();
      who = [];
      for (let s = 0; s < count; s++) {
        const sel = el("select", { "data-seat": String(s), "aria-label": seatLabel(g, s) }, el("option", { value: "ai" }, w("ai")), el("option", { value: "person" }, w("friend")));
        who.push(sel);
        others.append(el("label", { class: "seat-choice", "data-seat": String(s) }, el("span", {}, seatLabel(g, s)), sel));
      }
      syncSeats();
    };
    if (g.choices) {
      const players = el("select", { name: "players", id: `players-${g.key}` });
      for (const n of g.choices) players.append(el("option", { value: String(n), selected: n === g.players }, String(n)));
      players.addEventListener("change", () => {
        count = Number(players.value);
        layoutSeats();
      });
      form.append(el("label", { class: "option" }, el("span", {}, w("player_count")), players));
    }
    form.append(el("label", { class: "option" }, el("span", {}, w("your_seat")), mySeat));
    mySeat.addEventListener("change", syncSeats);
    layoutSeats();
    form.append(others);
    const level = el("select", { name: "level" });
    for (const l of lobby.levels) level.append(el("option", { value: l, selected: l === (["normal", "easy", "random"].find((d) => lobby.levels.includes(d)) || lobby.levels[0]) }, w(l)));
    levelRow.append(level);
    form.append(levelRow);
    if (g.options.length) {
      const opts = el("fieldset", { class: "options" }, el("legend", {}, w("options")));
      for (const o of g.options) opts.append(optionInput(o));
      form.append(opts);
    }
    const seed = el("input", { type: "number", min: "0", name: "seed", inputmode: "numeric" });
    form.append(el("label", { class: "option" }, el("span", {}, w("seed")), seed));
    form.append(el("button", { type: "submit", class: "primary", text: w("start") }));
    form.addEventListener("submit", async (e) => {
      e.preventDefault();
      const seats = who.map((sel, s) => (String(s) === mySeat.value ? "me" : sel.value));
      const options = {};
      for (const input of form.querySelectorAll("[data-opt]")) {
        const t = input.dataset.type;
        const value = t === "bool" ? input.checked : t === "int" ? Number(input.value) : input.value;
        if (t === "int" && !Number.isInteger(value)) continue;
        options[input.dataset.opt] = value;
      }
      const body = { ruleset: g.key, seats, level: level.value, options, seed: seed.value === "" ? null : Number(seed.value) };
      const r = await fetch(`/api/tables?lang=${CR.state.lang}`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
      const data = await r.json();
      if (!r.ok) return toast(data.message || data.error);
      const mine = data.links[mySeat.value];
      const friends = Object.entries(data.links).filter(([s]) => s !== mySeat.value);
      if (!friends.length) {
        location.href = mine;
        return;
      }
      const list = el("ul", { class: "plain links" });
      for (const [s, link] of friends) {
        const url = location.origin + link;
        list.append(el("li", {}, el("span", {}, seatLabel(g, Number(s)) + ": "), el("input", { readonly: true, value: url, class: "link", "aria-label": seatLabel(g, Number(s)) }), el("button", { type: "button", class: "quiet", text: w("copy"), onclick: () => navigator.clipboard && navigator.clipboard.writeText(url) })));
      }
      box.replaceChildren(el("p", {}, w("links")), list, el("a", { class: "button primary", href: mine, id: "take-seat" }, w("open_mine")));
    });
    return form;
  }

  function renderGames() {
    const box = document.getElementById("games");
    box.replaceChildren();
    for (const g of lobby.games) {
      const formBox = el("div", { class: "form-box" });
      const card = el(
        "article",
        { class: "game", "data-game": g.key },
        el("h3", {}, tr(g.name)),
        el("p", { class: "players" }, g.choices ? w("player_choices", { list: g.choices.join(", ") }) : g.players === 1 ? w("one_player") : w("players", { n: g.players })),
        el("p", { class: "description" }, tr(g.description)),
        el(
          "div",
          { class: "game-buttons" },
          el("button", {
            type: "button",
            class: "primary new",
            text: w("new_table"),
            onclick: () => {
              formBox.replaceChildren(newTableForm(g, formBox));
              formBox.querySelector("select").focus();
            },
          }),
          el("a", { class: "button quiet rules-link", href: `/rules/${encodeURIComponent(g.key)}?lang=${CR.state.lang}`, target: "_blank", rel: "noopener" }, w("rules"))
        ),
        formBox
      );
      box.append(card);
    }
  }

  function renderTables() {
    const mine = CR.store.get("tables", []);
    document.getElementById("my-tables").hidden = !mine.length;
    const list = document.getElementById("table-list");
    list.replaceChildren();
    for (const t of mine) {
      list.append(
        el(
          "li",
          {},
          el("a", { href: t.link }, new Date(t.when).toLocaleString(CR.state.lang)),
          " ",
          el("button", {
            type: "button",
            class: "quiet",
            text: w("forget"),
            onclick: () => {
              CR.store.set("tables", CR.store.get("tables", []).filter((x) => x.link !== t.link));
              renderTables();
            },
          })
        )
      );
    }
  }

  function renderSaves() {
    document.getElementById("saves-block").hidden = !lobby.saves.length;
    const list = document.getElementById("saves");
    list.replaceChildren();
    for (const s of lobby.saves) {
      list.append(
        el(
          "li",
          {},
          el("span", {}, `${s.game} · ${s.date} `),
          el("button", {
            type: "button",
            class: "quiet",
            text: w("resume"),
            onclick: async () => {
              const r = await fetch(`/api/resume?lang=${CR.state.lang}`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ save: s.name }) });
              const data = await r.json();
              if (!r.ok) return toast(data.message || data.error);
              location.href = data.link;
            },
          })
        )
      );
    }
  }

  function labelPage() {
    for (const node of document.querySelectorAll("[data-w]")) node.textContent = w(node.dataset.w);
  }

  async function render(lang) {
    await CR.loadWords(lang);
    labelPage();
    renderTables();
    renderGames();
    renderSaves();
  }

  async function start() {
    CR.applySettings();
    // the first look at the games compiles them (a second or two): the list says it is coming
    const games = document.getElementById("games");
    games.setAttribute("aria-busy", "true");
    games.append(CR.el("p", { class: "muted loading" }, "…"));
    const r = await fetch("/api/lobby");
    lobby = await r.json();
    games.removeAttribute("aria-busy");
    await render(CR.state.lang);
    document.getElementById("settings").addEventListener("click", () => CR.dialog("settings-dialog", w("settings"), CR.settingsPanel(render)));
  }
  start();
})();
