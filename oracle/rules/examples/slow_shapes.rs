//! Games of the shapes that once made rulings slow, for `bench/rule.sh`.
//!
//! `cargo run --release -p xq-oracle --example slow_shapes -- SHAPE PLIES [SEED]`
//! prints two lines: the start position (FEN) and the game's moves (ICCS).
//! The game is a cycle of `PLIES / 2` plies played twice, so its last
//! position stands for the third time and the cycle ruled on is the whole
//! second half. In the cycle one piece of each side tours and comes back:
//! every move is legal and none captures, and no position occurs twice
//! inside the cycle (so only the last one stands for the third time).
//!
//! Shapes:
//! - `tour`: a rook of each side tours a full middle game (no move checks),
//!   so every move has captures and threats to weigh;
//! - `checks`: a composed position with rooks, horses and cannons close to
//!   both kings; all of them tour, and they may check, so the 杀 (mate) and the
//!   捉-through-checks searches have work.
//!
//! Seeds that yield no cycle are skipped: the first seed from `SEED`
//! (default 1) that gives one is printed.

use std::collections::HashSet;

use xq_core::random::Rng;
use xq_core::setup::Setup;
use xq_core::{Color, Move, Piece, Position, Role, Square, Validation};

/// What the cycle search may do.
struct Tour {
    /// The start of the cycle.
    start: Position,
    /// Each side's touring pieces (their starting points), by colour index.
    origin: [Vec<Square>; 2],
    /// Moves of each side in the cycle.
    per_side: usize,
    /// Whether a move may give check.
    checks: bool,
}

/// Positions the cycle search may expand before it gives up on a seed.
const SEARCH_NODES: u64 = 200_000;

/// The cycle search's state along the current line.
struct Search<'a> {
    tour: &'a Tour,
    rng: Rng,
    /// Where each touring piece stands now (same order as `origin`).
    at: [Vec<Square>; 2],
    /// Moves made by each side.
    done: [usize; 2],
    /// How often each point was entered along the line.
    visits: [u32; Square::COUNT],
    /// The positions along the line (hashes): none may come twice.
    seen: HashSet<u64>,
    nodes: u64,
    moves: Vec<Move>,
}

/// A cycle from the tour's start by the touring pieces, found by a
/// randomised depth-first search that prefers points entered least.
fn find_cycle(tour: &Tour, rng: Rng) -> Option<Vec<Move>> {
    let mut s = Search {
        tour,
        rng,
        at: tour.origin.clone(),
        done: [0, 0],
        visits: [0; Square::COUNT],
        seen: HashSet::from([tour.start.hash()]),
        nodes: SEARCH_NODES,
        moves: Vec::new(),
    };
    s.search(&tour.start).then_some(s.moves)
}

impl Search<'_> {
    /// Pieces of `side` away from their starting points.
    fn away(&self, side: usize) -> usize {
        self.at[side]
            .iter()
            .zip(&self.tour.origin[side])
            .filter(|(a, o)| a != o)
            .count()
    }

    fn search(&mut self, pos: &Position) -> bool {
        let tour = self.tour;
        if self.done == [tour.per_side; 2] {
            return pos.same_board(&tour.start);
        }
        if self.nodes == 0 {
            return false;
        }
        self.nodes -= 1;
        let side = pos.turn().index();
        // Where checks are wanted, every other node tries them first.
        let prefer_checks = tour.checks && self.rng.below(2) == 0;
        let mut candidates: Vec<(bool, u32, u64, Move)> = pos
            .legal_moves()
            .into_iter()
            .filter(|&m| {
                self.at[side].contains(&m.from)
                    && !pos.is_capture(m)
                    && (tour.checks || !pos.gives_check(m))
            })
            .map(|m| {
                let check_last = prefer_checks && !pos.gives_check(m);
                (
                    check_last,
                    self.visits[m.to.index()],
                    self.rng.next_u64(),
                    m,
                )
            })
            .collect();
        candidates.sort();
        for (_, _, _, m) in candidates {
            let j = self.at[side].iter().position(|&s| s == m.from).unwrap();
            self.at[side][j] = m.to;
            self.done[side] += 1;
            let next = pos.play_unchecked(m);
            let finished = self.done == [tour.per_side; 2];
            // Each piece away needs a move of its side to come back; no
            // position recurs inside the cycle (so the game holds no
            // earlier threefold repetition); no mate or stalemate.
            let fits = self.away(side) <= tour.per_side - self.done[side]
                && (finished || !self.seen.contains(&next.hash()))
                && !next.legal_moves().is_empty();
            if fits {
                self.visits[m.to.index()] += 1;
                self.seen.insert(next.hash());
                self.moves.push(m);
                if self.search(&next) {
                    return true;
                }
                self.moves.pop();
                self.seen.remove(&next.hash());
                self.visits[m.to.index()] -= 1;
            }
            self.done[side] -= 1;
            self.at[side][j] = m.from;
        }
        false
    }
}

/// The side's piece of `role` with the most quiet moves, if any.
fn busiest(pos: &Position, color: Color, roles: &[Role]) -> Option<Square> {
    let mut p = pos.to_setup();
    p.turn = color;
    let p = Position::from_setup(&p, Validation::Relaxed).ok()?;
    let moves = p.legal_moves();
    Square::iter()
        .filter(|&s| {
            p.piece_at(s)
                .is_some_and(|q| q.color == color && roles.contains(&q.role))
        })
        .map(|s| {
            let n = moves
                .iter()
                .filter(|m| m.from == s && !p.is_capture(**m))
                .count();
            (n, s)
        })
        .filter(|&(n, _)| n > 1)
        .max()
        .map(|(_, s)| s)
}

/// The points of the side's pieces of these kinds.
fn pieces(pos: &Position, color: Color, roles: &[Role]) -> Vec<Square> {
    Square::iter()
        .filter(|&s| {
            pos.piece_at(s)
                .is_some_and(|q| q.color == color && roles.contains(&q.role))
        })
        .collect()
}

/// A middle game with every piece still on the board: quiet random play
/// from the start, no capture and no check.
fn middle_game(rng: &mut Rng, plies: usize) -> Position {
    let mut pos = Position::start();
    for _ in 0..plies {
        let quiet: Vec<Move> = pos
            .legal_moves()
            .into_iter()
            .filter(|&m| !pos.is_capture(m) && !pos.gives_check(m))
            .collect();
        if quiet.is_empty() {
            break;
        }
        pos = pos.play_unchecked(quiet[rng.below(quiet.len())]);
    }
    pos
}

/// A random point for `piece` within `reach` files and ranks of `near`.
fn place_near(setup: &mut Setup, rng: &mut Rng, piece: Piece, near: Square, reach: i8) {
    let free: Vec<Square> = Square::iter()
        .filter(|&s| {
            setup.board[s.index()].is_none()
                && xq_core::attacks::reachable(piece, s)
                && (s.file() - near.file()).abs() <= reach
                && (s.rank() - near.rank()).abs() <= reach
        })
        .collect();
    if !free.is_empty() {
        setup.board[free[rng.below(free.len())].index()] = Some(piece);
    }
}

/// A composed position with each side's rook, horse and cannon close to
/// the other king, behind some defenders, Red to move.
fn composed(rng: &mut Rng) -> Option<Position> {
    let mut setup = Setup::empty();
    setup.turn = Color::Red;
    let red_king = Square::new(4, rng.below(2) as i8)?;
    let black_king = Square::new(3 + rng.below(3) as i8, 9)?;
    setup.board[red_king.index()] = Some(Piece::new(Color::Red, Role::King));
    setup.board[black_king.index()] = Some(Piece::new(Color::Black, Role::King));
    for (color, own, theirs) in [
        (Color::Red, red_king, black_king),
        (Color::Black, black_king, red_king),
    ] {
        for role in [Role::Advisor, Role::Advisor, Role::Elephant, Role::Pawn] {
            place_near(&mut setup, rng, Piece::new(color, role), own, 2);
        }
        for role in [Role::Rook, Role::Horse, Role::Cannon] {
            place_near(&mut setup, rng, Piece::new(color, role), theirs, 3);
        }
        for _ in 0..2 {
            place_near(&mut setup, rng, Piece::new(color, Role::Pawn), theirs, 4);
        }
    }
    let pos = Position::from_setup(&setup, Validation::Strict).ok()?;
    // Nobody mated or stalemated at the start, and Red not in check.
    (!pos.in_check() && !pos.legal_moves().is_empty()).then_some(pos)
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let usage = "usage: slow_shapes tour|checks PLIES [SEED]";
    let shape = args.first().map(String::as_str).unwrap_or("tour");
    let plies: usize = args.get(1).and_then(|s| s.parse().ok()).unwrap_or(400);
    let mut seed: u64 = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(1);
    if plies % 4 != 0 || plies == 0 {
        eprintln!("{usage}: PLIES must be a positive multiple of 4");
        std::process::exit(2);
    }
    let per_side = plies / 4;
    for _ in 0..10_000 {
        let mut rng = Rng::new(seed);
        seed += 1;
        let (start, roles, checks): (Position, &[Role], bool) = match shape {
            "tour" => (middle_game(&mut rng, 24), &[Role::Rook], false),
            "checks" => match composed(&mut rng) {
                Some(p) => (
                    p,
                    &[Role::King, Role::Rook, Role::Horse, Role::Cannon],
                    true,
                ),
                None => continue,
            },
            _ => {
                eprintln!("{usage}");
                std::process::exit(2);
            }
        };
        let origin = if checks {
            // The king, every rook, horse and cannon may move.
            [Color::Red, Color::Black].map(|c| pieces(&start, c, roles))
        } else {
            let (Some(red), Some(black)) = (
                busiest(&start, Color::Red, roles),
                busiest(&start, Color::Black, roles),
            ) else {
                continue;
            };
            [vec![red], vec![black]]
        };
        let tour = Tour {
            start: start.clone(),
            origin,
            per_side,
            checks,
        };
        let Some(cycle) = find_cycle(&tour, rng) else {
            continue;
        };
        if checks {
            // The shape is about checks: at least a quarter of the moves.
            let mut pos = start.clone();
            let mut n = 0;
            for &m in &cycle {
                n += usize::from(pos.gives_check(m));
                pos = pos.play_unchecked(m);
            }
            if n * 4 < cycle.len() {
                continue;
            }
        }
        let text: Vec<String> = cycle.iter().chain(&cycle).map(|m| m.to_string()).collect();
        eprintln!("slow_shapes {shape} {plies} {}", seed - 1);
        println!("{}", start.fen());
        println!("{}", text.join(" "));
        return;
    }
    eprintln!("no cycle found from 10000 seeds");
    std::process::exit(1);
}
