// The page of one seat: follows the desk live, and sends the faces of the seat's dice.
// Everything shown is set as text, never as markup.
//
// When the stream breaks, the page asks the desk whether its link still opens a seat: yes, it
// follows again (the desk came back, the same game on the same port); no (403), the game is
// gone and the page says so; no answer, it asks again a few seconds later, as long as it is
// open. The desk keeps a game's links until the game is closed, so a desk restarted with the
// same game brings every page back by itself.
"use strict";
(function () {
  const base = location.pathname.endsWith("/") ? location.pathname : location.pathname + "/";
  const taps = new Map();      // "roll:group" -> faces tapped so far
  const sent = new Map();      // "roll:group" -> { faces, app } the desk took from this page
  let view = null;
  let source = null;
  let heard = Date.now();
  let state = "connecting";    // connecting, live, lost, closed, gone
  let probing = null;

  const LOST = "Cannot reach the desk. Trying again…";
  const CLOSED = "The referee closed the table. This page comes back by itself when it opens again.";
  const GONE = "This table is closed: the game this link was for is no longer open on the desk. Ask the referee for the new code.";

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

  // What the page says about the desk, and whether what it shows is still the game now.
  function say(now, words) {
    state = now;
    const bar = $("offline");
    bar.hidden = now === "live" || now === "connecting";
    bar.textContent = words || "";
    bar.className = now === "gone" ? "offline gone" : "offline";
    document.body.classList.toggle("stale", now !== "live" && now !== "connecting");
    $("main").hidden = now === "gone";
    if (now === "gone") $("headline").textContent = "This table is closed";
  }

  function connect() {
    if (state === "gone") return;
    if (source) source.close();
    source = new EventSource(base + "live");
    source.addEventListener("view", (e) => {
      heard = Date.now();
      try { view = JSON.parse(e.data); } catch (_) { return; }
      say("live");
      render();
    });
    source.addEventListener("ping", () => { heard = Date.now(); });
    source.addEventListener("closed", () => {
      source.close();
      say("closed", CLOSED);
      render();
      probe(3000);
    });
    source.onerror = () => {
      // The page retries itself, asking first whether its link still opens a seat.
      source.close();
      if (state === "live" || state === "connecting") say("lost", LOST);
      render();
      probe(2000);
    };
  }

  function probe(after) {
    if (probing || state === "gone") return;
    probing = setTimeout(async () => {
      probing = null;
      try {
        const reply = await fetch(base + "view", { cache: "no-store" });
        if (reply.status === 403) { say("gone", GONE); return; }
        if (reply.ok) { connect(); return; }
      } catch (_) {
        // No answer: the desk is away (restarting, or the Wi-Fi dropped).
      }
      probe(3000);
    }, after);
  }

  // A phone that slept, or a Wi-Fi that dropped, may leave a stream that hears nothing: the
  // desk says something every 10 seconds, so silence for 25 means the connection is gone.
  setInterval(() => {
    if (state === "live" && Date.now() - heard > 25000) {
      say("lost", LOST);
      if (source) source.close();
      probe(0);
    }
  }, 5000);
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible" && state === "live" && Date.now() - heard > 12000) {
      say("lost", LOST);
      probe(0);
    }
  });

  function render() {
    if (!view) return;
    $("seat").textContent = view.title + " · " + view.scenario;
    $("headline").textContent = view.headline;
    $("score").textContent = view.victory + " · " + view.hot_spots +
      (view.active ? " · Active: " + view.active : "");
    // A roll cannot be answered while the desk is away.
    renderRoll(state === "live" ? view.roll : null);
    $("latest").textContent = view.log.length > 0 ? view.log[0] : "";
    $("latest-box").hidden = view.log.length === 0;
    list("notes", "notes-box", view.notes);
    list("next", "next-box", view.next);
    list("markers", "markers-box", view.markers.map((m) =>
      m.name + " — " + m.at + (m.hides ? " (hides " + m.hides + ")" : "")));
    list("log", "log-box", view.log.slice(1));
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
      if (g.count === 0) continue;
      const key = roll.number + ":" + g.index;
      const group = el("div", "group");
      const head = g.label + " — " + g.count + "d" + g.sides;
      if (!g.yours) {
        // Another seat's dice, or the referee's, or the app's: what came, and from whom.
        const line = el("div", "other");
        line.append(el("span", "", head + " · " + g.whose + ": "));
        if (g.received) {
          line.append(el("span", "in", g.faces.length > 0 ? g.faces.join(" ") : "in"));
          line.append(el("span", "small", " from " + g.sent_by));
        } else {
          line.append(el("span", "small", "not yet"));
        }
        group.append(line);
        box.append(group);
        continue;
      }
      group.append(el("div", "", head));
      if (g.each.length > 0) group.append(el("div", "small", "In order: " + g.each.join(" · ")));
      const mine = sent.get(key);
      if (g.received || mine) {
        group.append(echo(g, mine));
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

  // This seat's dice once sent: the faces it sent, and whether the desk has them.
  function echo(g, mine) {
    const box = el("div", "echo");
    box.dataset.echo = String(g.index);
    const faces = g.received ? g.faces : (mine && mine.faces) || [];
    const fromHere = mine !== undefined || g.sent_by === "the " + view.title + "'s phone";
    let who = fromHere ? "You sent" : "In from " + g.sent_by;
    if (mine && mine.app) who = "The app rolled for you";
    if (faces.length > 0) box.append(el("div", "small", who + ":"), el("div", "faces", faces.join(" ")));
    else box.append(el("div", "small", who + "."));
    box.append(el("div", "status", g.received ? "Received by the desk." : "Sent: waiting for the desk to take them."));
    return box;
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
    if (ok) {
      sent.set(key, { faces: what.faces || [], app: !!what.app_rolls });
      taps.delete(key);
      render();
      return;
    }
    const status = document.getElementById("status-" + group);
    if (status) { status.textContent = words; status.className = "status bad"; }
  }

  connect();
})();
