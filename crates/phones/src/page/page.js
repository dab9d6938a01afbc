// The page of one seat: follows the desk live, and sends the faces of the seat's dice.
// Everything shown is set as text, never as markup.
"use strict";
(function () {
  const base = location.pathname.endsWith("/") ? location.pathname : location.pathname + "/";
  const taps = new Map();      // "roll:group" -> faces tapped so far
  const sent = new Map();      // "roll:group" -> words of the desk's answer
  let view = null;
  let source = null;
  let heard = Date.now();
  let closed = false;

  const $ = (id) => document.getElementById(id);
  const el = (tag, cls, text) => {
    const e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text !== undefined) e.textContent = text;
    return e;
  };
  const list = (id, box, items) => {
    const ul = $(id);
    ul.replaceChildren(...items.map((t) => el("li", "", t)));
    $(box).hidden = items.length === 0;
  };

  function offline(on, words) {
    const bar = $("offline");
    bar.hidden = !on;
    if (words) bar.textContent = words;
  }

  function connect() {
    if (closed) return;
    if (source) source.close();
    source = new EventSource(base + "live");
    source.addEventListener("view", (e) => {
      heard = Date.now();
      offline(false);
      try { view = JSON.parse(e.data); } catch (_) { return; }
      render();
    });
    source.addEventListener("ping", () => { heard = Date.now(); });
    source.addEventListener("closed", (e) => {
      closed = true;
      source.close();
      offline(true, e.data + " Ask the referee for the link to the table.");
    });
    source.onerror = () => {
      offline(true, "Cannot reach the desk. Trying again…");
      if (source.readyState === EventSource.CLOSED) setTimeout(connect, 3000);
    };
  }

  // A phone that slept, or a Wi-Fi that dropped, may leave a stream that hears nothing: the
  // desk says something every 10 seconds, so silence for 25 means the connection is gone.
  setInterval(() => {
    if (!closed && Date.now() - heard > 25000) {
      offline(true, "Cannot reach the desk. Trying again…");
      heard = Date.now();
      connect();
    }
  }, 5000);
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible" && Date.now() - heard > 12000) connect();
  });

  function render() {
    if (!view) return;
    $("seat").textContent = view.title + " · " + view.scenario;
    $("headline").textContent = view.headline;
    $("score").textContent = view.victory + " · " + view.hot_spots +
      (view.active ? " · Active: " + view.active : "");
    renderRoll(view.roll);
    list("next", "next-box", view.next);
    list("markers", "markers-box", view.markers.map((m) =>
      m.name + " — " + m.at + (m.hides ? " (hides " + m.hides + ")" : "")));
    list("log", "log-box", view.log);
    const sides = $("sides");
    sides.replaceChildren(...view.sides.map((side) => {
      const box = el("div");
      box.append(el("h2", "", side.name));
      if (side.units.length === 0) box.append(el("div", "unit small", "None the table shows."));
      for (const u of side.units) {
        const card = el("div", "unit");
        card.append(el("div", "name", u.name), el("div", "small", u.strength), el("div", "small", u.place));
        const badges = el("div");
        for (const b of u.badges) badges.append(el("span", "badge", b));
        card.append(badges);
        box.append(card);
      }
      return box;
    }));
  }

  function renderRoll(roll) {
    const box = $("roll");
    if (!roll) { box.hidden = true; box.replaceChildren(); return; }
    box.hidden = false;
    box.className = roll.yours ? "" : "theirs";
    box.replaceChildren(el("div", "words", roll.words));
    for (const g of roll.groups) {
      if (!g.yours || g.count === 0) continue;
      const key = roll.number + ":" + g.index;
      const group = el("div", "group");
      group.append(el("div", "", g.label + " — " + g.count + "d" + g.sides));
      if (g.each.length > 0) group.append(el("div", "small", "In order: " + g.each.join(" · ")));
      if (g.received || sent.has(key)) {
        group.append(el("div", "status", g.received ? "Received by the desk." : sent.get(key)));
        box.append(group);
        continue;
      }
      const faces = taps.get(key) || [];
      group.append(el("div", "count", faces.length + " of " + g.count + " dice"));
      group.append(el("div", "tapped", faces.join(" ")));
      const pad = el("div", "pad");
      for (let f = 1; f <= g.sides; f++) {
        const b = el("button", "", String(f));
        b.dataset.face = String(f);
        b.dataset.group = String(g.index);
        b.disabled = faces.length >= g.count;
        b.onclick = () => { taps.set(key, faces.concat([f])); render(); };
        pad.append(b);
      }
      group.append(pad);
      const actions = el("div", "actions");
      const back = el("button", "", "Take back");
      back.disabled = faces.length === 0;
      back.onclick = () => { taps.set(key, faces.slice(0, -1)); render(); };
      const send = el("button", "main", "Send " + faces.length + " of " + g.count);
      send.dataset.send = String(g.index);
      send.disabled = faces.length !== g.count;
      send.onclick = () => answer(roll.number, g.index, { faces: faces });
      const app = el("button", "", "Let the app roll");
      app.dataset.app = String(g.index);
      app.onclick = () => answer(roll.number, g.index, { app_rolls: true });
      actions.append(back, send, app);
      group.append(actions);
      const status = el("div", "status");
      status.id = "status-" + g.index;
      group.append(status);
      box.append(group);
    }
  }

  async function answer(number, group, what) {
    const key = number + ":" + group;
    const body = Object.assign({ roll: number, group: group }, what);
    let words;
    let ok = false;
    try {
      const reply = await fetch(base + "dice", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify(body),
      });
      const json = await reply.json();
      words = json.words;
      ok = reply.ok;
    } catch (_) {
      words = "Cannot reach the desk: nothing was sent. Try again.";
    }
    if (ok) { sent.set(key, words); taps.delete(key); render(); return; }
    const status = document.getElementById("status-" + group);
    if (status) { status.textContent = words; status.className = "status bad"; }
  }

  connect();
})();
