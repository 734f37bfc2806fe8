// Type-checked by `tsc --noEmit` (tsconfig.json): how a TypeScript program
// uses the package. Not run.
import {
  init, legalMoves, play, rule, readRecord, status, convert, XqError,
  type Ruling, type StatusAnswer, type IllegalMoveCode, type RecordReading,
} from '@xiangqi-conformance/xq';

export async function demo(bytes: Uint8Array): Promise<string> {
  await init(bytes);
  const moves: string[] = legalMoves({ fen: 'startpos', moves: ['h2e2'] });
  const s: StatusAnswer = status('startpos');
  const inCheck: boolean = s.in_check;
  try {
    play('startpos', 'b0d1');
  } catch (e) {
    if (e instanceof XqError) {
      const code: string = e.code;
      const ply: number | undefined = e.ply;
      return `${code} ${ply}`;
    }
  }
  const r: Ruling = rule({ moves: 'h2e2 h9g7' }, { edition: 'axf-2017', lang: 'en' });
  const why: IllegalMoveCode | undefined = r.illegal_move?.reason;
  const pieces: string = r.red?.moves.map((m) => m.kind).join(' ') ?? '';
  const record: RecordReading = readRecord('1. h2e2 h9g7 *');
  const wxf: string = convert('startpos', '炮二平五', 'wxf');
  return [moves.length, inCheck, why, pieces, record.games[0].moves.join(' '), wxf].join(',');
}
