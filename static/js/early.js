// The play page's socket, opened before the style sheets and live.js arrive; live.js adopts it
// (window.liveEarly). Read from this script's data attributes: the socket's path and `shown`, the
// revision the page was rendered at.
(function () {
  try {
    var script = document.currentScript;
    var url = (location.protocol === "https:" ? "wss://" : "ws://") + location.host +
      script.getAttribute("data-socket") + "?shown=" + script.getAttribute("data-shown");
    var socket = new WebSocket(url), messages = [];
    socket.onmessage = function (e) { messages.push(e); };
    window.liveEarly = { socket: socket, messages: messages };
  } catch (e) { /* live.js opens its own */ }
})();
