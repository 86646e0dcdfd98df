/* debrief.js: the little the debrief pages add to live.js.
   - Answer boxes ([data-limit]): a character count against the limit, "Saving…" until the server's
     "Saved" arrives, no sending while over the limit (the page says so instead), and a copy in
     sessionStorage so a reload never loses what was typed.
   - The student page hides the answer boxes when the debrief closes (the server's state part).
   - The review page ([data-review-tick]) asks for the newest answers every 1.5 s while visible.
   - A form or button with data-confirm (outside live.js's data-send) asks first. */
(function () {
  "use strict";

  var texts = document.querySelector("[data-answer-texts]");

  function chars(value) { return Array.from(value).length; }

  function fill(template, count, limit) {
    return template.replace("{count}", count).replace("{limit}", limit);
  }

  function keyOf(box) { return "debrief-answer:" + box.getAttribute("data-keep"); }

  function remember(box) {
    try {
      sessionStorage.setItem(keyOf(box), JSON.stringify({ text: box.value, at: new Date().toISOString() }));
    } catch (e) { /* private mode or full: the server copy is still there */ }
  }

  function showCount(box) {
    var limit = Number(box.getAttribute("data-limit"));
    var count = chars(box.value);
    var el = document.querySelector('[data-count-for="' + box.id + '"]');
    var over = count > limit;
    if (el && texts) {
      el.textContent = fill(texts.getAttribute(over ? "data-over-text" : "data-count-text"), count, limit);
      el.classList.toggle("is-over", over);
    }
    box.setAttribute("aria-invalid", over ? "true" : "false");
    return over;
  }

  function markPending(box) {
    var status = document.getElementById("answer-status-" + box.id.replace("answer-", ""));
    if (status && texts) status.innerHTML = '<span class="status-pending">' + texts.getAttribute("data-pending-text") + "</span>";
  }

  // Capture phase: runs before live.js's document listener, and stops it while over the limit.
  document.addEventListener("input", function (event) {
    var box = event.target.closest && event.target.closest("textarea[data-limit]");
    if (!box) return;
    remember(box);
    if (showCount(box)) { event.stopPropagation(); return; }
    markPending(box);
  }, true);

  function restore(box) {
    var kept;
    try { kept = JSON.parse(sessionStorage.getItem(keyOf(box)) || "null"); } catch (e) { kept = null; }
    var savedAt = box.getAttribute("data-saved-at");
    if (!kept || kept.text === box.value) return;
    if (savedAt && Date.parse(savedAt) >= Date.parse(kept.at)) return;
    box.value = kept.text;
    box.dispatchEvent(new Event("input", { bubbles: true }));
  }

  document.querySelectorAll("textarea[data-limit]").forEach(function (box) {
    showCount(box);
    if (!document.querySelector("#debrief-page.is-closed")) restore(box);
  });

  document.addEventListener("live:parts", function () {
    var flag = document.querySelector("[data-debrief-open]");
    var page = document.getElementById("debrief-page");
    if (flag && page) {
      var closed = flag.getAttribute("data-debrief-open") !== "1";
      page.classList.toggle("is-closed", closed);
      if (closed) {
        document.querySelectorAll("textarea[data-limit]").forEach(function (box) {
          try { sessionStorage.removeItem(keyOf(box)); } catch (e) { /* nothing kept */ }
        });
      }
    }
  });

  if (document.querySelector("[data-review-tick]")) {
    setInterval(function () {
      if (document.visibilityState === "visible" && window.live) window.live.send({ type: "tick" });
    }, 1500);
  }

  document.addEventListener("submit", function (event) {
    var form = event.target;
    if (form.hasAttribute("data-confirm") && !window.confirm(form.getAttribute("data-confirm"))) event.preventDefault();
  });

  document.addEventListener("click", function (event) {
    var button = event.target.closest && event.target.closest("button[data-confirm]:not([data-send])");
    if (button && !window.confirm(button.getAttribute("data-confirm"))) event.preventDefault();
  });
})();
