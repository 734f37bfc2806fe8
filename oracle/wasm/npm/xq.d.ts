// Types of @xiangqi-conformance/xq. The answers are the oracle's documented
// JSON (spec/PROTOCOL.md, spec/RULINGS.md, spec/CLI.md), keys as written
// there (snake_case); the functions are camelCase. The word lists below
// are checked against spec/case.schema.json by test/vocabulary.test.mjs.

/** 1-0, 0-1, 1/2-1/2, or * while the game goes on. */
export type Outcome = '1-0' | '0-1' | '1/2-1/2' | '*';
export type Color = 'red' | 'black';
export type Notation = 'iccs' | 'wxf' | 'chinese';
/** Why a move may not be played (the reason's code). */
export type IllegalMoveCode =
  | 'null-move' | 'no-piece' | 'not-your-piece' | 'own-piece-on-target' | 'not-a-move'
  | 'outside-palace' | 'elephant-crosses-river' | 'elephant-eye-blocked' | 'horse-leg-blocked'
  | 'path-blocked' | 'cannon-screen' | 'pawn-backward' | 'pawn-sideways-before-river'
  | 'king-in-check' | 'kings-facing';
/** What is wrong with a FEN's position. */
export type ProblemCode =
  | 'syntax' | 'missing-king' | 'extra-king' | 'king-outside-palace' | 'unreachable'
  | 'too-many' | 'kings-facing' | 'opponent-in-check';
/** Why a move text names no move. */
export type Rejection = 'syntax' | 'no-such-piece' | 'ambiguous' | 'illegal';
/** 棋例 kinds of a move: 将 杀 捉 兑 献 拦 跟 闲. */
export type MoveKind = 'check' | 'kill' | 'chase' | 'exchange' | 'offer' | 'block' | 'follow' | 'idle';
/** A side's pattern over a cycle: 长将, 长杀, 长捉, 一将一捉 … */
export type Pattern =
  | 'perpetual-check' | 'perpetual-kill' | 'perpetual-chase' | 'check-kill' | 'check-chase'
  | 'kill-chase' | 'perpetual-attack' | 'attack-idle' | 'idle';
export type RulingReason =
  | 'checkmate' | 'stalemate' | 'perpetual-check' | 'mutual-perpetual-check' | 'both-allowed'
  | 'both-forbidden' | 'must-vary' | 'natural-limit' | 'illegal-move' | 'none';
/** Mate (杀) or 困毙 (stalemate: no legal move, which loses in xiangqi). */
export type EndReason = 'checkmate' | 'stalemate';
export type Lang = 'zh' | 'en';

/**
 * A position and moves played from it. A string is a FEN (or `startpos`).
 * `moves` are texts in any notation, as an array or one string.
 */
export type GameInput =
  | string
  | {
      fen?: string;
      moves?: string[] | string;
      /** Accept composed positions (no piece-count and placement checks). */
      relaxed?: boolean;
    };

/** A refusal: `code` is stable; `message` is the `xq` command's. */
export class XqError extends Error {
  name: 'XqError';
  /**
   * `bad-fen`, an IllegalMoveCode, a Rejection, `too-long`, `counter-limit`,
   * `unknown-edition`, `too-deep`, `bad-argument`, `bad-record`,
   * `no-such-game`, a record reader's code …
   */
  code: string;
  /** For `bad-fen`: what is wrong. */
  problems?: ProblemCode[];
  /** For a move of a list: which, from 1. */
  ply?: number;
  /** The message in Chinese, where the oracle has one. */
  zh?: string;
  /** Where in a record file. */
  location?: string;
}

/** Bytes of the module, a compiled module, a Response, or where to load it. */
export type ModuleSource =
  | BufferSource
  | WebAssembly.Module
  | Response
  | PromiseLike<Response>
  | URL
  | string;

/** Loads the module (xq.wasm beside xq.js when no source is given). */
export function init(source?: ModuleSource): Promise<void>;
/** Loads the module synchronously from its bytes or a compiled module. */
export function initSync(source: BufferSource | WebAssembly.Module): void;

export interface VersionInfo {
  /** The crate version, also the package's. */
  version: string;
  /** The suite protocol version (spec/PROTOCOL.md). */
  protocolVersion: number;
}
export function versionInfo(): VersionInfo;

export interface Edition {
  id: string;
  name: string;
  name_zh: string;
  body: string;
  year: number;
  default: boolean;
  extends: string | null;
}
export function editions(): Edition[];

/** The `position` answer of the protocol. */
export interface PositionAnswer {
  valid: boolean;
  problems?: ProblemCode[];
  message?: string;
}
export function validateFen(fen: string, options?: { relaxed?: boolean }): PositionAnswer;

export function position(game?: GameInput): { fen: string; turn: Color };

/** ICCS moves (`h2e2`). */
export function legalMoves(game?: GameInput): string[];

/** The `is-legal` answer of the protocol. */
export interface IsLegalAnswer {
  legal: boolean;
  reason?: IllegalMoveCode;
  message?: string;
}
export function isLegal(game: GameInput | undefined, move: string): IsLegalAnswer;

export interface Played {
  move: string;
  chinese: string;
  wxf: string;
  /** The position after the move. */
  fen: string;
}
/** Throws XqError whose code is the rule the move breaks. */
export function play(game: GameInput | undefined, move: string): Played;

/** Throws XqError whose code is the Rejection. */
export function convert(game: GameInput | undefined, move: string, to: Notation): string;

/** The `status` answer of the protocol. */
export interface StatusAnswer {
  in_check: boolean;
  legal_moves: number;
  result: '1-0' | '0-1' | '*';
  reason: EndReason | null;
}
export function status(game?: GameInput, options?: { edition?: string }): StatusAnswer;

export function perft(game: GameInput | undefined, depth: number): number;

/** The `classify` answer of the protocol. */
export interface ClassifyAnswer {
  kind: MoveKind;
  /** The squares the move attacks, in ICCS. */
  targets: string[];
}
export function classify(
  game: GameInput | undefined,
  move: string,
  options?: { edition?: string },
): ClassifyAnswer;

export interface CycleMove {
  ply: number;
  move: string;
  chinese: string;
  kind: MoveKind;
  targets: string[];
  target_pieces: string[];
  grounds?: string[];
  complete?: boolean;
}
export interface SideRuling {
  pattern: Pattern;
  pattern_zh: string;
  forbidden: boolean;
  moves: CycleMove[];
  /** The side's moves of the counted span before the cycle (with `cycle.counted_from_ply`). */
  earlier?: CycleMove[];
}
/** A ruling (spec/RULINGS.md), as `xq rule --format json` writes it. */
export interface Ruling {
  result: Outcome;
  reason: RulingReason;
  edition: string;
  cycle: {
    first_ply: number;
    last_ply: number;
    occurrences: number;
    adjudicable: boolean;
    procedure: string;
    /** The first ply of the counted span, when the moves before the cycle are not the cycle played again. */
    counted_from_ply?: number;
  } | null;
  red: SideRuling | null;
  black: SideRuling | null;
  must_vary: Color | null;
  natural_limit: Record<string, unknown> | null;
  illegal_move: {
    ply: number;
    text: string;
    move: string;
    reason: IllegalMoveCode;
    by: Color;
  } | null;
  /** The clause ids the ruling rests on (spec/CLAUSES.md). */
  clauses: string[];
  search: Record<string, unknown>;
  explanation: string;
}
export function rule(game: GameInput, options?: { edition?: string; lang?: Lang }): Ruling;

export type RecordInput = string | Uint8Array | ArrayBuffer | ArrayBufferView;

export interface RecordWarning {
  code: string;
  message: string;
  message_zh: string;
  ply: number | null;
  in_variation: boolean;
  location: string | null;
}

/** `xq rule FILE --format json`: the game's ruling at every point. */
export interface RecordRuling {
  file: string;
  game: number;
  format: string;
  result: Outcome;
  plies: number;
  points: Record<string, unknown>[];
  tags: Record<string, string>;
  variations: number;
  warnings: RecordWarning[];
  cut: Record<string, unknown> | null;
  [key: string]: unknown;
}
export function ruleRecord(
  record: RecordInput,
  options?: { edition?: string; lang?: Lang; game?: number; finalOnly?: boolean; file?: string },
): RecordRuling;

export interface LineMove {
  iccs: string;
  chinese: string;
  wxf: string;
  comment?: string;
  nags?: number[];
  variations?: Line[];
}
export interface Line {
  moves: LineMove[];
  comment?: string;
}
/** One game of a record, as the desk's `/api/record` gives it. */
export interface RecordGame {
  game: number;
  fen: string;
  /** The main line in ICCS (an illegal last move included). */
  moves: string[];
  line: Line;
  encoding: string;
  variations: number;
  warnings: RecordWarning[];
  tags: {
    title: string | null; event: string | null; site: string | null; date: string | null;
    round: string | null; red: string | null; black: string | null; result: Outcome;
  };
  cut?: { ply: number; code: string; en: string; zh: string };
  truncated?: { plies: number; en: string; zh: string };
}
export interface RecordReading {
  format: string;
  games: RecordGame[];
  errors: { game: number; code: string; en: string; zh: string }[];
  /** More games than the reading lists. */
  more: boolean;
}
export function readRecord(record: RecordInput): RecordReading;

/** The oracle's names for rule terms, in zh and en. */
export function words(): Record<string, unknown>;

/** The handshake of the suite protocol (`started`). */
export interface Started {
  type: 'started';
  name: string;
  version: string;
  questions: string[];
  editions: string[];
  protocol?: number;
}
export function started(): Started;

/** One protocol line answered: a handshake, a reply, or null for stop. */
export function protocolLine(
  line: string,
): Started | { seq: number | null; result?: unknown; unsupported?: string; error?: string } | null;

/** The arbiter's desk API (spec/CLI.md), as the static desk calls it. */
export function desk(
  route: 'info' | 'words' | 'game' | 'record' | 'position' | 'move' | 'pgn',
  body?: string | Uint8Array,
): unknown;
