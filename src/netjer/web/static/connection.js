// One WebSocket per seat (or one for a spectator): hello, then a stream of views.
//
// The server sends the whole log on the first view of a connection (log_from = 0) and only
// new lines afterwards; this class keeps the merged log so every view it hands on is whole.
// A dropped connection is retried with exponential backoff and jitter; the first view after
// a reconnect replaces everything, so the page resumes exactly where the server is.

import { language, t } from "./common.js";

const FATAL_CODES = new Set([4403, 4404, 4422]); // wrong token, unknown table or seat, bad hello
const PING_MS = 20000;
const MAX_DELAY_MS = 10000;

export class SeatConnection {
  /**
   * @param {string} tableId
   * @param {number|null} seat  null for a spectator
   * @param {string|null} token
   * @param {{onView: Function, onError: Function, onStatus: Function, onPresence?: Function}} handlers
   */
  constructor(tableId, seat, token, handlers) {
    this.tableId = tableId;
    this.seat = seat;
    this.token = token;
    this.handlers = handlers;
    this.ws = null;
    this.log = [];
    this.chat = [];
    this.attempts = 0;
    this.timer = null;
    this.pinger = null;
    this.status = "connecting";
    this.stopped = false;
    this.retryAt = null;
  }

  url() {
    const scheme = window.location.protocol === "https:" ? "wss:" : "ws:";
    // ?lang: the server tells its refusals in the page's language (netjer.server.routes.common.request_language)
    return `${scheme}//${window.location.host}/ws/tables/${encodeURIComponent(this.tableId)}?lang=${encodeURIComponent(language())}`;
  }

  setStatus(status, detail) {
    this.status = status;
    this.handlers.onStatus(this, status, detail);
  }

  connect() {
    if (this.stopped) return;
    clearTimeout(this.timer);
    this.timer = null;
    this.retryAt = null;
    this.setStatus("connecting");
    let ws;
    try {
      ws = new WebSocket(this.url());
    } catch (err) {
      this.scheduleRetry();
      return;
    }
    this.ws = ws;
    ws.addEventListener("open", () => {
      ws.send(JSON.stringify({ type: "hello", seat: this.seat, token: this.token, presence: true }));
    });
    ws.addEventListener("message", (event) => this.receive(event.data));
    ws.addEventListener("close", (event) => {
      if (this.ws !== ws) return;
      this.ws = null;
      clearInterval(this.pinger);
      this.pinger = null;
      if (this.stopped) return;
      if (FATAL_CODES.has(event.code)) {
        this.stopped = true;
        this.setStatus("closed", this.fatalMessage || t("the server refused this seat"));
        return;
      }
      this.scheduleRetry();
    });
    ws.addEventListener("error", () => {
      // a close event follows; nothing to do here
    });
  }

  receive(raw) {
    let message;
    try {
      message = JSON.parse(raw);
    } catch (err) {
      return;
    }
    if (message.type === "view") {
      if (!message.log_from) this.log = [];
      this.log.length = Math.min(this.log.length, message.log_from || 0);
      this.log.push(...message.log);
      if (!message.chat_from) this.chat = [];
      this.chat.length = Math.min(this.chat.length, message.chat_from || 0);
      this.chat.push(...(message.chat || []));
      this.notation = logNotation(this.notation, message);
      const view = { ...message, log: this.log.slice(), log_notation: this.notation.slice(), log_from: 0, chat: this.chat.slice(), chat_from: 0 };
      if (this.status !== "open") {
        this.attempts = 0;
        this.setStatus("open");
        clearInterval(this.pinger);
        this.pinger = setInterval(() => this.sendRaw({ type: "ping" }), PING_MS);
      }
      this.handlers.onView(this, view);
    } else if (message.type === "presence") {
      if (this.handlers.onPresence) this.handlers.onPresence(this, message.presence);
    } else if (message.type === "error") {
      if (this.status !== "open") this.fatalMessage = message.message;
      this.handlers.onError(this, message);
    }
  }

  scheduleRetry() {
    const delay = Math.min(MAX_DELAY_MS, 500 * 2 ** this.attempts) * (0.6 + 0.4 * Math.random());
    this.attempts += 1;
    this.retryAt = Date.now() + delay;
    this.setStatus("waiting", Math.round(delay / 100) / 10);
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.connect(), delay);
  }

  /** Try again now (the network came back, or the player asked). */
  retryNow() {
    if (!this.stopped && this.status === "waiting") this.connect();
  }

  sendRaw(message) {
    if (this.ws && this.ws.readyState === WebSocket.OPEN) {
      this.ws.send(JSON.stringify(message));
      return true;
    }
    return false;
  }

  /** Send a move chosen against ``version`` (and, in a window of simultaneous choices, the
   * view's ``step``, so that the other seats' choices do not make it stale); false if not
   * connected. */
  move(version, index, step) {
    const message = { type: "move", version, index };
    if (step !== null && step !== undefined) message.step = step;
    return this.sendRaw(message);
  }

  /** Send a chat message; false if not connected. */
  say(text, name) {
    return this.sendRaw(name ? { type: "chat", text, name } : { type: "chat", text });
  }

  /** Ask to take back this seat's last decision (the server applies the undo policy). */
  undo(version) {
    return this.sendRaw({ type: "undo", version });
  }

  /** Drop the socket as a network failure would (the backoff reconnects). */
  drop() {
    if (this.ws) this.ws.close(4000, "dropped");
  }

  close() {
    this.stopped = true;
    clearTimeout(this.timer);
    clearInterval(this.pinger);
    if (this.ws) this.ws.close(1000, "bye");
    this.ws = null;
  }
}

/** The notation beside each log line (null where the words hide something), kept like the log. */
function logNotation(kept, message) {
  const out = message.log_from ? (kept || []).slice(0, message.log_from) : [];
  const fresh = message.log_notation || [];
  for (let i = 0; i < message.log.length; i += 1) out.push(fresh[i] ?? null);
  return out;
}
