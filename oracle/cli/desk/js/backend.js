// The one object the page asks the oracle through. Today the desk's HTTP
// server provides it; a WebAssembly build of the oracle will provide the
// same methods with the same answers (spec/CLI.md documents the shapes),
// so nothing else in the page knows where the answers come from.
//
//   info()                      editions and limits
//   words()                     the oracle's names for kinds, patterns,
//                               reasons, results, editions, pieces (zh, en)
//   rule(game, {edition, lang, signal})
//                               every ply and every ruling point of a line
//   readRecord(bytes)           the games of a record file or pasted text
//   position(fen, relaxed)      a FEN checked, with its legal moves
//   checkMove(fen, iccs, relaxed)
//                               may this move be played here, and why not
//   pgn(game, tags)             the line written as PGN text
//
// Every failure is a BackendError carrying {code, zh, en}.

export class BackendError extends Error {
  constructor(info) {
    super(info.en);
    this.info = info;
  }
}

const NETWORK = {
  code: 'network',
  en: 'Cannot reach the desk server.',
  zh: '无法连接裁判台服务器。',
};

export function httpBackend(base = '') {
  async function call(path, body, { raw = false, text = false, signal } = {}) {
    let res;
    try {
      res = await fetch(base + path, {
        method: body === undefined ? 'GET' : 'POST',
        headers: raw ? { 'Content-Type': 'application/octet-stream' } : { 'Content-Type': 'application/json' },
        body: body === undefined ? undefined : raw ? body : JSON.stringify(body),
        signal,
      });
    } catch (e) {
      if (e && e.name === 'AbortError') throw e;
      throw new BackendError(NETWORK);
    }
    const answer = await res.text();
    if (!res.ok) {
      let info;
      try { info = JSON.parse(answer).error; } catch (_) { info = null; }
      throw new BackendError(info || { code: `http-${res.status}`, en: `HTTP ${res.status}`, zh: `HTTP ${res.status}` });
    }
    if (text) return answer;
    return JSON.parse(answer);
  }
  return {
    kind: 'http',
    info: () => call('/api/info'),
    words: () => call('/api/words'),
    rule: (game, { edition, lang, signal } = {}) => call('/api/game', {
      fen: game.fen, moves: game.moves, edition, lang,
      relaxed: !!game.relaxed, recorded: game.recorded || null,
    }, { signal }),
    readRecord: (bytes) => call('/api/record', bytes, { raw: true }),
    position: (fen, relaxed) => call('/api/position', { fen, relaxed: !!relaxed }),
    checkMove: (fen, move, relaxed) => call('/api/move', { fen, move, relaxed: !!relaxed }),
    pgn: (game, tags) => call('/api/pgn', { fen: game.fen, moves: game.moves, relaxed: true, tags }, { text: true }),
  };
}
