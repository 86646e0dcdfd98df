/* live.js: the whole client side of a live page. The server renders HTML; this file only keeps a
   WebSocket open, sends what the student or teacher taps, and puts the server's HTML in place.
   Protocol: games/live.py (`parts` replace regions, a `patch` sets figures by id). Markup hooks:
     <main data-live="/ws/...">               connect this page (data-version: the version shown)
     <button data-send='{"type":"act",...}'>  send on tap (with a client action id and version)
     <form data-live-form='{"type":"..."}'>    send the form's fields on submit (a submit
                                              button's own data-live-form, if it has one)
     <form data-live-check='{"type":"..."}'>   also send its fields whenever they change
     <textarea data-live-input='{"type":"draft"}' name="...">  send while typing (debounced)
     <button data-key="a">                    a keyboard shortcut for this button
     <span data-countdown="2026-12-02T10:00:00Z">  counts down to that moment (m:ss)
     <span data-elapsed-since="...">             counts up from that moment (m:ss)
     <main data-live-heartbeat="25">          says "heartbeat" every 25 s while visible (presence)
     <main data-live-tick="1000">             says "tick" every second while visible (redraws)
     <div data-vibrate="200,100,200">         vibrates the tablet once when it arrives
     <input data-keep id="...">               keeps what was typed when its part is redrawn */
(function () {
  "use strict";

  var root = document.querySelector("[data-live]");
  var state = { socket: null, version: null, backoff: 500, queue: [], pending: {}, timer: null };

  function newId() {
    if (window.crypto && crypto.randomUUID) return crypto.randomUUID();
    return Date.now().toString(36) + Math.random().toString(36).slice(2, 12);
  }

  function socketUrl(path) {
    var scheme = location.protocol === "https:" ? "wss://" : "ws://";
    return scheme + location.host + path;
  }

  function showStatus(text) {
    var el = document.querySelector("[data-live-status]");
    if (!el) return;
    el.textContent = text || "";
    el.hidden = !text;
  }

  function toast(message, kind) {
    var box = document.getElementById("toasts");
    if (!box || !message) return;
    var el = document.createElement("div");
    el.className = "toast" + (kind ? " toast-" + kind : "");
    el.textContent = message;
    box.appendChild(el);
    setTimeout(function () { el.remove(); }, 6000);
  }

  // A page may open its socket before this file arrives (window.liveEarly: the socket and the
  // messages it received meanwhile); it is adopted once, if it is for this page and still open.
  function adoptEarly(url) {
    var early = window.liveEarly;
    window.liveEarly = null;
    if (!early || early.socket.url.split("?")[0] !== url || early.socket.readyState > WebSocket.OPEN) return null;
    return early;
  }

  function connect() {
    if (!root) return;
    var url = socketUrl(root.getAttribute("data-live"));
    var early = adoptEarly(url);
    var ws = early ? early.socket : new WebSocket(url);
    state.socket = ws;
    ws.onopen = function () {
      state.backoff = 500;
      showStatus("");
      ws.send(JSON.stringify({ type: "sync", version: state.version }));
      var queued = state.queue.splice(0);
      queued.forEach(function (m) { ws.send(JSON.stringify(m)); });
    };
    ws.onmessage = function (event) { receive(JSON.parse(event.data)); };
    ws.onclose = function (event) {
      if (state.socket !== ws) return;
      state.socket = null;
      if (event.code === 4003 || event.code === 4004) {
        showStatus(root.getAttribute("data-live-ended") || "");
        return;
      }
      showStatus(root.getAttribute("data-live-offline") || "…");
      var wait = state.backoff * (0.75 + Math.random() / 2);
      state.backoff = Math.min(state.backoff * 2, 10000);
      clearTimeout(state.timer);
      state.timer = setTimeout(connect, wait);
    };
    if (early) {
      early.messages.forEach(ws.onmessage);
      if (ws.readyState === WebSocket.OPEN) ws.onopen();
    }
  }

  function send(message) {
    var ws = state.socket;
    if (ws && ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify(message));
    else state.queue.push(message);
  }

  function settle(ref) {
    var el = ref && state.pending[ref];
    if (!el) return;
    delete state.pending[ref];
    el.removeAttribute("aria-busy");
    el.disabled = false;
  }

  function receive(msg) {
    if (msg.version !== undefined && msg.version !== null) state.version = msg.version;
    if (msg.type === "parts") {
      if (msg.version !== undefined && msg.version !== null) root.setAttribute("data-version", msg.version);
      Object.keys(msg.parts).forEach(function (id) {
        var el = document.getElementById(id);
        if (el) replace(el, msg.parts[id]);
        var buzz = el && el.querySelector("[data-vibrate]");
        if (buzz && navigator.vibrate) navigator.vibrate(buzz.getAttribute("data-vibrate").split(",").map(Number));
      });
      Object.keys(state.pending).forEach(settle);
      tickClocks();
      document.dispatchEvent(new CustomEvent("live:parts", { detail: msg }));
    } else if (msg.type === "patch") {
      patch(msg);
    } else if (msg.type === "ack") {
      settle(msg.ref);
      document.dispatchEvent(new CustomEvent("live:ack", { detail: msg }));
    } else if (msg.type === "error") {
      settle(msg.ref);
      toast(msg.message, "error");
    } else if (msg.type === "notice") {
      toast(msg.message);
    } else if (msg.type === "redirect") {
      location.assign(msg.url);
    }
  }

  // A patch sets a few figures where they are shown, without drawing their part again.
  function patch(msg) {
    each(msg.text, function (el, text) { el.textContent = text; });
    each(msg.classes, function (el, classes) {
      Object.keys(classes).forEach(function (name) { el.classList.toggle(name, classes[name]); });
    });
    each(msg.attrs, function (el, attrs) {
      Object.keys(attrs).forEach(function (name) { el.setAttribute(name, attrs[name]); });
    });
    tickClocks();
    document.dispatchEvent(new CustomEvent("live:patch", { detail: msg }));
  }

  function each(map, set) {
    Object.keys(map || {}).forEach(function (id) {
      var el = document.getElementById(id);
      if (el) set(el, map[id]);
    });
  }

  // What is typed into an [data-keep] field survives a redraw of its part (matched by id).
  function replace(el, html) {
    var kept = {};
    var focused = document.activeElement && document.activeElement.id;
    el.querySelectorAll("input[data-keep][id]").forEach(function (input) {
      if (input.value) kept[input.id] = input.value;
    });
    el.innerHTML = html;
    Object.keys(kept).forEach(function (id) {
      var input = document.getElementById(id);
      if (input && !input.value) input.value = kept[id];
    });
    var again = focused && el.querySelector("[id='" + focused + "']");
    if (again && again.hasAttribute("data-keep")) again.focus();
  }

  function sendFrom(el, extra) {
    var message = JSON.parse(el.getAttribute("data-send") || el.getAttribute("data-live-form") || "{}");
    Object.keys(extra || {}).forEach(function (k) { message[k] = extra[k]; });
    message.id = newId();
    if (message.version === undefined) message.version = state.version;
    state.pending[message.id] = el;
    el.setAttribute("aria-busy", "true");
    el.disabled = true;
    setTimeout(function () { settle(message.id); }, 8000);
    send(message);
  }

  document.addEventListener("click", function (event) {
    var el = event.target.closest("[data-send]");
    if (!el || el.disabled || el.getAttribute("aria-busy") === "true") return;
    event.preventDefault();
    if (el.hasAttribute("data-confirm") && !window.confirm(el.getAttribute("data-confirm"))) return;
    sendFrom(el);
  });

  function formFields(form) {
    var fields = {};
    new FormData(form).forEach(function (value, key) {
      // A name sent more than once (ticked boxes, places in an order) becomes a list, in order.
      if (!(key in fields)) fields[key] = value;
      else if (Array.isArray(fields[key])) fields[key].push(value);
      else fields[key] = [fields[key], value];
    });
    return fields;
  }

  document.addEventListener("submit", function (event) {
    var form = event.target.closest("[data-live-form]");
    if (!form) return;
    event.preventDefault();
    var button = event.submitter && event.submitter.hasAttribute("data-live-form")
      ? event.submitter : form.querySelector("[type=submit]") || form;
    if (!button.hasAttribute("data-live-form")) button.setAttribute("data-live-form", form.getAttribute("data-live-form"));
    sendFrom(button, formFields(form));
  });

  var checking = null;
  document.addEventListener("change", function (event) {
    var form = event.target.closest("form[data-live-check]");
    if (!form) return;
    clearTimeout(checking);
    checking = setTimeout(function () {
      var message = JSON.parse(form.getAttribute("data-live-check"));
      var fields = formFields(form);
      Object.keys(fields).forEach(function (k) { message[k] = fields[k]; });
      message.id = newId();
      send(message);
    }, 150);
  });

  var drafts = {};
  document.addEventListener("input", function (event) {
    var el = event.target.closest("[data-live-input]");
    if (!el) return;
    clearTimeout(drafts[el.name]);
    drafts[el.name] = setTimeout(function () {
      var message = JSON.parse(el.getAttribute("data-live-input"));
      message.name = el.name;
      message.value = el.value;
      message.id = newId();
      send(message);
    }, 600);
  });

  document.addEventListener("keydown", function (event) {
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    var tag = (event.target.tagName || "").toLowerCase();
    if (tag === "input" || tag === "textarea" || tag === "select") return;
    var el = document.querySelector('[data-key="' + event.key.toLowerCase() + '"]:not([disabled])');
    if (el) { event.preventDefault(); el.click(); }
  });

  // Secondary panels fold away on a narrow screen, so what a seat acts on comes first.
  if (window.matchMedia && window.matchMedia("(max-width: 900px)").matches) {
    document.querySelectorAll("details[data-fold]").forEach(function (el) { el.open = false; });
  }

  document.addEventListener("visibilitychange", function () {
    if (document.visibilityState !== "visible" || !root) return;
    if (state.socket && state.socket.readyState === WebSocket.OPEN) send({ type: "sync", version: state.version });
    else { clearTimeout(state.timer); connect(); }
  });

  function clock(seconds) {
    var s = Math.max(0, Math.round(seconds));
    var m = Math.floor(s / 60);
    return m + ":" + String(s % 60).padStart(2, "0");
  }

  function tickClocks() {
    var now = Date.now();
    document.querySelectorAll("[data-countdown]").forEach(function (el) {
      var left = (Date.parse(el.getAttribute("data-countdown")) - now) / 1000;
      el.textContent = clock(left);
      el.classList.toggle("is-over", left <= 0);
    });
    document.querySelectorAll("[data-elapsed-since]").forEach(function (el) {
      el.textContent = clock((now - Date.parse(el.getAttribute("data-elapsed-since"))) / 1000);
    });
  }

  function repeat(attribute, type, unit) {
    var every = root && Number(root.getAttribute(attribute));
    if (!every) return;
    setInterval(function () {
      var ws = state.socket;
      if (document.visibilityState === "visible" && ws && ws.readyState === WebSocket.OPEN) {
        ws.send(JSON.stringify({ type: type }));
      }
    }, every * unit);
  }

  setInterval(tickClocks, 1000);
  tickClocks();
  repeat("data-live-heartbeat", "heartbeat", 1000);
  repeat("data-live-tick", "tick", 1);
  window.live = { send: send, toast: toast, state: state };
  connect();
})();
