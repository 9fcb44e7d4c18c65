// The story of a game on the table page: events in the log, breakdowns, the match table and each
// deal's summary, from the events and deals of the seat's view (table.js hands over its state and
// its names in CR.table).
"use strict";

(() => {
  const { w, tr, el, chip } = CR;

  function eventNode(e) {
    const { T, seatName, player, actionLabel, zoneLabel, parts, typed, namesCards, namedValue } = CR.table;
    const li = el("li", { class: `ev ev-${e.kind}` });
    if (e.kind === "action" || e.kind === "claim") {
      const toldIn = (T.rs.actions[e.action] || {}).told || {};
      let told = tr(toldIn); // how the story tells the move, where the ruleset says
      // written for any seat ("takes the skat"): to this seat, in English, "You: take the skat"
      const english = CR.state.lang === "en" || (!(CR.state.lang in toldIn) && "en" in toldIn);
      if (told && e.seat === T.seat && english) told = CR.table.youAgree(" " + told)[0].slice(1);
      const what = el("span", {}, told || actionLabel(e.action));
      if (e.value) for (const x of String(e.value).split(" ")) what.append(" ", namedValue(e.action, x) ?? (T.rs.cards.some((c) => c.id === x) ? chip(x) : x));
      for (const c of e.cards || []) what.append(" ", chip(c));
      if (e.kind === "claim") li.append(w("claimed", { who: player(e.seat), what: "" }), what);
      else li.append(el("span", { class: "who" }, player(e.seat)), ": ", what);
      return li;
    }
    if (e.kind === "reveal") {
      // whose cards: named once when one seat's (a hand turned up), else before each card
      const by = e.by || [];
      const one = by.length && by.every((b) => b === by[0]) && by[0] >= 0 ? by[0] : null;
      const who = one !== null ? one : e.seat !== undefined && !by.some((b) => b >= 0) ? e.seat : null;
      if (who !== null) li.append(el("span", { class: "who" }, player(who)), ": ");
      li.append(w("turned_up", { zone: zoneLabel(e.zone || "") }), " ");
      (e.cards || []).forEach((c, i) => li.append(one === null && by[i] >= 0 ? el("span", { class: "who" }, seatName(by[i]) + " ") : "", chip(c), " "));
      return li;
    }
    if (e.text) li.append(parts(e.text));
    if (e.cards && e.cards.length && (e.by || !namesCards(e.text))) {
      const cards = el("div", { class: "ev-cards" });
      e.cards.forEach((c, i) => cards.append(e.by && e.by[i] >= 0 ? el("span", { class: "who" }, seatName(e.by[i])) : "", chip(c)));
      li.append(cards);
    }
    if (e.rows && e.rows.length) li.append(rowsTable(e.rows));
    return li;
  }

  // The claim applied is the seat's own claim-window answer, told already when it was made: not told
  // again (as at the prompt, text/story.py `told_again`).
  function toldAgain(events, i) {
    const e = events[i];
    if (e.kind !== "claim" || e.seat !== CR.table.T.seat) return false;
    for (let k = i - 1; k >= 0; k--) {
      const b = events[k];
      if (b.kind === "claim") return false; // (an answer of an earlier window)
      if (b.kind === "action" && Array.isArray(b.to) && b.to.length === 1 && b.to[0] === e.seat) return b.action === e.action;
    }
    return false;
  }

  function heads(n) {
    const { T, seatName, player, actionLabel, zoneLabel, parts, typed, namesCards } = CR.table;
    if (T.rs.teams.length && n === T.rs.teams.length) return T.rs.teams.map((t) => tr(t.name));
    return Array.from({ length: n }, (_, s) => seatName(s));
  }

  function rowsTable(rows) {
    const { T, seatName, player, actionLabel, zoneLabel, parts, typed, namesCards } = CR.table;
    const table = el("table", { class: "rows" });
    const width = Math.max(0, ...rows.map((r) => (r.value && r.value.list ? r.value.list.length : 0)));
    if (width > 1) table.append(el("tr", {}, el("th", {}), ...heads(width).map((h) => el("th", { scope: "col" }, h))));
    for (const r of rows) {
      let list = r.value && r.value.list;
      // one value beside columns of teams or seats is no column's: "label: value", as the prompt writes it
      const scalar = width > 1 && !list && r.value;
      const label = scalar ? [parts(r.label), ": ", typed(r.value)] : [parts(r.label)];
      const tr_ = el("tr", { class: scalar ? "scalar" : null }, el("th", { scope: "row" }, ...label, ...(r.cards || []).map((c) => chip(c))));
      if (scalar) {
        tr_.append(el("td", { colspan: String(width) }));
        table.append(tr_);
        continue;
      }
      // one value per team in a table of seats: each seat shows its team's value
      const ofSeat = T.rs.team_of_seat || [];
      if (list && width === ofSeat.length && list.length !== width && list.length === T.rs.teams.length) list = ofSeat.map((t) => list[t]);
      if (list && width > 1) for (const x of list) tr_.append(el("td", {}, typed(x)));
      else tr_.append(el("td", { colspan: width > 1 ? String(width) : null }, r.value ? typed(r.value) : ""));
      table.append(tr_);
    }
    return table;
  }

  function renderLog() {
    const { T, seatName, player, actionLabel, zoneLabel, parts, typed, namesCards } = CR.table;
    const list = document.getElementById("log");
    const shown = Number(list.dataset.count || 0);
    if (shown > T.events.length || list.dataset.lang !== CR.state.lang || list.dataset.first !== JSON.stringify(T.events[0] || null)) {
      list.replaceChildren();
      list.dataset.count = "0";
    }
    const from = Number(list.dataset.count || 0);
    for (let i = from; i < T.events.length; i++) if (!toldAgain(T.events, i)) list.append(eventNode(T.events[i]));
    list.dataset.count = String(T.events.length);
    list.dataset.lang = CR.state.lang;
    list.dataset.first = JSON.stringify(T.events[0] || null);
    if (T.events.length > from) list.scrollTop = list.scrollHeight;
  }

  function renderMatch() {
    const { T, seatName, player, actionLabel, zoneLabel, parts, typed, namesCards } = CR.table;
    const deals = T.view.deals || [];
    const box = document.getElementById("match");
    box.replaceChildren();
    if (!deals.length) {
      box.append(el("p", { class: "muted" }, w("nothing")));
      return;
    }
    const n = deals[0].scores.length;
    const table = el("table", { class: "scores" });
    table.append(el("tr", {}, el("th", { scope: "col" }, tr(T.rs.deal_word) || w("deal")), ...heads(n).map((h) => el("th", { scope: "col" }, h))));
    let number = 0; // a row with a label is no deal (a bonus): named, not numbered
    deals.forEach((d) => {
      if (!d.label) number += 1;
      table.append(el("tr", {}, el("th", { scope: "row" }, d.label ? tr(d.label) : String(number)), ...d.scores.map((x) => el("td", {}, String(x)))));
    });
    const last = deals[deals.length - 1];
    table.append(el("tr", { class: "totals" }, el("th", { scope: "row" }, w("total")), ...last.totals.map((x) => el("td", {}, String(x)))));
    box.append(table);
  }

  function showDealEnd(initial) {
    const { T, seatName, player, actionLabel, zoneLabel, parts, typed, namesCards } = CR.table;
    const ends = T.events.filter((e) => e.kind === "deal_end");
    if (initial || T.seenDeals < 0) {
      T.seenDeals = ends.length;
      return;
    }
    if (ends.length > T.seenDeals) {
      T.seenDeals = ends.length;
      const e = ends[ends.length - 1];
      const content = el("div", {}, e.text ? el("p", {}, parts(e.text)) : null, e.rows && e.rows.length ? rowsTable(e.rows) : null);
      CR.dialog("deal-summary", w("summary", { deal: tr(T.rs.deal_word) || w("deal"), number: ends.length }), content);
    } else T.seenDeals = ends.length;
  }

  CR.story = { eventNode, rowsTable, renderLog, renderMatch, showDealEnd };
})();
