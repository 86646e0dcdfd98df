// The new-lesson form: while the teacher chooses a game and the play minutes, say at once when
// the game will not fit (the server says it again on submit), and open only the chosen game's
// settings (for the chosen variant, when they name theirs); a game with a longer plan of its own (data-plans) offers to fill that plan in. The words
// come from the page (data-warning-text, the plans' texts), so they are translated.
(function () {
  "use strict";
  var form = document.querySelector("[data-lesson-form]");
  if (!form) return;
  var minutes = JSON.parse(form.getAttribute("data-minutes") || "{}");
  var warning = form.querySelector("[data-length-warning]");
  var template = warning.getAttribute("data-warning-text");
  var plans = JSON.parse(form.getAttribute("data-plans") || "{}");
  var offer = form.querySelector("[data-plan-offer]");
  var planFields = ["briefing_minutes", "play_minutes", "debrief_minutes"];

  function chosen() {
    var radio = form.querySelector("[data-lesson-game]:checked");
    return radio ? radio.value : null;
  }

  function update() {
    var game = chosen();
    var play = parseInt((form.querySelector("[name=play_minutes]") || {}).value, 10);
    var need = game ? minutes[game] : null;
    if (need && play && need > play && template) {
      warning.textContent = template.replace("%(m)s", need).replace("%(p)s", play);
      warning.hidden = false;
    } else if (!warning.textContent || need <= play) {
      warning.hidden = true;
    }
    var plan = game ? plans[game] : null;
    if (offer) {
      offer.hidden = !(plan && need && play && need > play);
      if (plan) offer.querySelector("[data-use-plan]").textContent = plan.text;
    }
    form.querySelectorAll("[data-game-settings]").forEach(function (box) {
      var parts = game ? game.split(":") : [];
      var variants = box.getAttribute("data-game-variants");
      box.hidden = !game || parts[0] !== box.getAttribute("data-game-settings") ||
        (variants !== null && variants.split(" ").indexOf(parts[1]) < 0);
    });
  }

  if (offer) {
    offer.querySelector("[data-use-plan]").addEventListener("click", function (event) {
      var plan = plans[chosen()];
      if (!plan) return;
      event.preventDefault();
      planFields.forEach(function (name, index) {
        var input = form.querySelector("[name=" + name + "]");
        if (input) input.value = plan.minutes[index];
      });
      update();
    });
  }

  form.addEventListener("change", update);
  form.addEventListener("input", update);
  update();
})();
